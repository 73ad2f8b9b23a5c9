// Candidates one a line from local files only (profile names; ids printed in the last ten minutes,
// with a tab and the name where known): never a network call, never an error spilling into the shell.
import { recentIds } from '../completions/id-cache.js';
import { PROFILE_NAME } from '../config/profile.js';
import { usageError } from '../core/errors.js';
import type { spec } from './complete.js';
import type { RunFor } from './context.js';
import { quoteInput } from '../core/sanitize.js';

const KINDS: ReadonlyMap<string, 'profile' | 'intern' | 'batch'> = new Map([
  ['profile', 'profile'],
  ['profiles', 'profile'],
  ['intern', 'intern'],
  ['interns', 'intern'],
  ['batch', 'batch'],
  ['batches', 'batch'],
]);

export const run: RunFor<typeof spec> = async ({ args, deps }) => {
  const kind = KINDS.get(args.kind);
  if (!kind) throw usageError(`unknown kind ${quoteInput(args.kind)}`, 'expected profile, intern or batch');
  let lines: string[];
  if (kind === 'profile') {
    try {
      lines = Object.keys(deps.config().data.profiles)
        .filter((name) => PROFILE_NAME.test(name))
        .sort();
    } catch {
      lines = [];
    }
  } else {
    lines = recentIds(deps.env, kind).map(({ id, name }) => (name ? `${id}\t${name}` : id));
  }
  await deps.io.out(lines.map((line) => `${line}\n`).join(''));
};
