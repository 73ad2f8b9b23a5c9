// Placeholder until the sandbox lands: the in-process API behind --sandbox.
import { GwctlError } from '../cli/errors.js';
import { ExitCode } from '../cli/exit-codes.js';

export interface RunningSandbox {
  baseUrl: string;
  keys: { management: string; api: string; outsider: string; intern: string };
  close(): Promise<void>;
}

export async function startSandbox(_options: { host: string; port: number }): Promise<RunningSandbox> {
  throw new GwctlError('not implemented yet', ExitCode.failure);
}
