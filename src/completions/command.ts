// `gwctl __complete <kind>` (hidden): candidates the completion scripts cannot know in advance,
// one per line, from local files only: profile names from the config file, and the intern or
// batch ids gwctl printed in the last ten minutes. Never a network call; never an error that
// would spill into the shell (a missing or broken file is simply no candidates).
import { defineCommand } from '../cli/command.js';
import { usageError } from '../core/errors.js';
import { PROFILE_NAME } from '../config/profile.js';
import type { DynamicKind } from './tree.js';

const KINDS: Readonly<Record<string, DynamicKind>> = {
  profile: 'profile',
  profiles: 'profile',
  intern: 'intern',
  interns: 'intern',
  batch: 'batch',
  batches: 'batch',
};

export const command = defineCommand({
  path: ['__complete'],
  summary: 'Print completion candidates for the shell scripts (profile, intern or batch)',
  args: [{ name: 'kind', description: 'profile, intern or batch', required: true }],
  options: [],
  examples: ['gwctl __complete profile', 'gwctl __complete intern'],
  async run({ args, deps }) {
    const kind = KINDS[args.kind ?? ''];
    if (!kind) throw usageError(`unknown kind ${JSON.stringify(args.kind ?? '')}`, 'expected profile, intern or batch');
    let names: string[];
    if (kind === 'profile') {
      try {
        names = Object.keys(deps.config().data.profiles).filter((name) => PROFILE_NAME.test(name)).sort();
      } catch {
        names = [];
      }
    } else {
      const { recentIds } = await import('./id-cache.js');
      names = recentIds(deps.env, kind);
    }
    await deps.io.out(names.map((name) => `${name}\n`).join(''));
  },
});
