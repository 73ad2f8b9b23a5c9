// Why nobody can be asked, in the words a person can act on: a refusal that names the real
// cause ("CI is set", not "no terminal") tells them what to change.
import type { Deps } from '../context.js';

/** The reason the prompter is not interactive, checked in the order the prompter decides it. */
export function noPromptReason(deps: Pick<Deps, 'flags' | 'io'>): string {
  if (deps.flags.from.input === 'flag') return '--no-input was given';
  if (deps.flags.from.input === 'environment') return 'CI is set';
  if (!deps.io.stdinIsTTY) return 'stdin is not a terminal';
  if (!deps.io.stderrIsTTY) return 'stderr is not a terminal';
  return 'nobody can be asked here';
}
