import { resolveProfileName } from '../../config/settings.js';
import type { RunFor } from '../context.js';
import type { spec } from './unset.js';

export const run: RunFor<typeof spec> = async ({ args, deps }) => {
  const { key } = args;
  const profile = resolveProfileName(deps.flags).value;
  const { updateProfile } = await deps.heavy.configStore();
  await updateProfile(deps.env, profile, (p) => {
    delete p[key];
  });
  deps.io.err(`Unset ${key} for profile "${profile}".\n`);
};
