import { moveBaseUrl, stayBehind } from '../../config/binding.js';
import { resolveProfileName } from '../../config/settings.js';
import type { RunFor } from '../context.js';
import type { spec } from './unset.js';

export const run: RunFor<typeof spec> = async ({ args, deps }) => {
  const { key } = args;
  const profile = resolveProfileName(deps.flags).value;
  const { updateProfile } = await deps.heavy.configStore();
  const { result: left } = await updateProfile(deps.env, profile, (p) => {
    if (key === 'base-url') return moveBaseUrl(p, undefined);
    delete p[key];
    return [];
  });
  deps.io.err(`Unset ${key} for profile "${profile}".\n`);
  if (left.length > 0) deps.io.err(`gwctl: warning: ${stayBehind(profile, left)}\n`);
};
