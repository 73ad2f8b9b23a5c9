import { storedProfile } from '../../config/profile.js';
import { resolveProfileName } from '../../config/settings.js';
import type { RunFor } from '../context.js';
import type { spec } from './logout.js';

export const run: RunFor<typeof spec> = async ({ opts, deps }) => {
  const { env, io } = deps;
  const profile = resolveProfileName(deps.flags, env).value;
  const stored = storedProfile(deps.config().data, profile) ?? {};
  const fields = opts.apiKey ? (['api-key'] as const) : (['management-key', 'api-key'] as const);
  const present = fields.filter((f) => stored[f] !== undefined);
  if (present.length === 0) {
    io.err(`No keys stored for profile "${profile}".\n`);
    return;
  }
  const { updateProfile } = await deps.heavy.configStore();
  await updateProfile(env, profile, (p) => {
    for (const f of fields) delete p[f];
  });
  io.err(`Removed the ${present.map((f) => f.replace('-key', ' key')).join(' and ')} of profile "${profile}".\n`);
  if (env.GWCTL_MANAGEMENT_KEY || env.GWCTL_API_KEY) {
    io.err('Note: GWCTL_MANAGEMENT_KEY or GWCTL_API_KEY is still set in the environment.\n');
  }
};
