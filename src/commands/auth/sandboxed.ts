// `--sandbox` runs a command against a sandbox that lives as long as the command, with its demo
// keys: a login or logout there would change the real profile, not the sandbox.
import { usageError } from '../../core/errors.js';
import type { Deps } from '../context.js';

/** Refuses `--sandbox auth login|logout` (exit 2) before anything is read, asked or written. */
export function refuseUnderSandbox(deps: Pick<Deps, 'flags'>, verb: 'login' | 'logout', profile: string): void {
  if (!deps.flags.sandbox) return;
  const change = verb === 'login' ? `store a key in your profile "${profile}"` : `remove the keys of your profile "${profile}"`;
  throw usageError(
    `--sandbox does not go with auth ${verb}: it would ${change}, not the sandbox's`,
    `--sandbox needs no login (it uses its demo keys); to practise logging in, start 'gwctl sandbox' and log in to a profile of its own with the base URL and key it prints`,
  );
}
