import { moveBaseUrl, stayBehind } from '../../config/binding.js';
import { checkSetting } from '../../config/profile.js';
import { resolveProfileName } from '../../config/settings.js';
import { usageError } from '../../core/errors.js';
import { ValueRefused } from '../../core/options.js';
import type { RunFor } from '../context.js';
import type { spec } from './set.js';
import { quoteInput } from '../../core/sanitize.js';

export const run: RunFor<typeof spec> = async ({ args, deps }) => {
  const { key } = args;
  let value: string | number;
  try {
    value = checkSetting(key, args.value);
  } catch (error) {
    if (!(error instanceof ValueRefused)) throw error;
    throw usageError(`invalid value for ${key}: ${quoteInput(args.value)} (${error.message})`);
  }
  const profile = resolveProfileName(deps.flags).value;
  const { updateProfile } = await deps.heavy.configStore();
  const { result: left } = await updateProfile(deps.env, profile, (p) => {
    if (key === 'base-url') return moveBaseUrl(p, String(value));
    p[key] = value;
    return [];
  });
  deps.io.err(`Set ${key} for profile "${profile}".\n`);
  if (left.length > 0) deps.io.err(`gwctl: warning: ${stayBehind(profile, left)}\n`);
};
