import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../core/errors.js';
import { checkSetting } from '../../config/profile.js';
import { resolveProfileName } from '../../config/settings.js';
import { keyArg, settingKey } from './key-arg.js';

export const command = defineCommand({
  path: ['config', 'set'],
  summary: 'Change one setting of the profile',
  args: [keyArg, { name: 'value', description: 'new value', required: true }],
  options: [],
  examples: ['gwctl config set workspace production', 'gwctl config set timeout 60 --profile ci', 'gwctl config set base-url https://openrouter.ai/api/v1'],
  async run({ args, deps }) {
    const key = settingKey(args.key);
    let value: string | number;
    try {
      value = checkSetting(key, args.value ?? '');
    } catch (error) {
      throw usageError(`invalid value for ${key}: ${JSON.stringify(args.value)} (expected ${(error as { allowed: string }).allowed})`);
    }
    const profile = resolveProfileName(deps.flags, deps.env).value;
    const { updateProfile } = await import('../../config/store.js');
    await updateProfile(deps.env, profile, (p) => {
      p[key] = value;
    });
    deps.io.err(`Set ${key} for profile "${profile}".\n`);
  },
});
