import { resolveProfileName } from '../../config/settings.js';
import type { RunFor } from '../context.js';
import type { spec } from './logout.js';

export const run: RunFor<typeof spec> = async ({ opts, deps }) => {
  const { env, io } = deps;
  const profile = resolveProfileName(deps.flags).value;
  const fields = opts.apiKey ? (['api-key'] as const) : (['management-key', 'api-key'] as const);
  const { updateProfile } = await deps.heavy.configStore();
  // What is stored is decided under the lock: another gwctl may be changing the same profile.
  const { result: present } = await updateProfile(env, profile, (p) => {
    const found = fields.filter((f) => p[f] !== undefined);
    for (const f of fields) delete p[f];
    return found;
  });
  if (present.length === 0) {
    io.err(`No keys stored for profile "${profile}".\n`);
    return;
  }
  io.err(`Removed the ${present.map((f) => f.replace('-key', ' key')).join(' and ')} of profile "${profile}".\n`);
  if (env.GWCTL_MANAGEMENT_KEY || env.GWCTL_API_KEY) {
    io.err('Note: GWCTL_MANAGEMENT_KEY or GWCTL_API_KEY is still set in the environment.\n');
  }
};
