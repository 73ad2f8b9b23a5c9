import { GwctlError } from '../../cli/errors.js';
import { ExitCode } from '../../cli/exit-codes.js';

/** The run of a command whose behaviour lands in a later change. */
export async function notImplemented(): Promise<void> {
  throw new GwctlError('not implemented yet', ExitCode.failure);
}
