import { defineCommand } from '../../cli/command.js';
import { resolveProfileName } from '../../config/settings.js';
import { keyArg, settingKey } from './key-arg.js';

export const command = defineCommand({
  path: ['config', 'unset'],
  summary: 'Remove one setting from the profile (its default applies again)',
  args: [keyArg],
  options: [],
  examples: ['gwctl config unset workspace'],
  async run({ args, deps }) {
    const key = settingKey(args.key);
    const profile = resolveProfileName(deps.flags, deps.env).value;
    const { updateProfile } = await import('../../config/store.js');
    await updateProfile(deps.env, profile, (p) => {
      delete p[key];
    });
    deps.io.err(`Unset ${key} for profile "${profile}".\n`);
  },
});
