import { defineCommand } from '../../cli/command.js';
import { resolveProfileName } from '../../config/settings.js';

export const command = defineCommand({
  path: ['auth', 'logout'],
  summary: "Remove a profile's stored keys",
  args: [],
  options: [{ flags: '--api-key', description: 'remove only the API key' }],
  examples: ['gwctl auth logout', 'gwctl auth logout --profile staging'],
  async run({ opts, deps }) {
    const { env, io } = deps;
    const profile = resolveProfileName(deps.flags, env).value;
    const stored = deps.config().data.profiles[profile] ?? {};
    const fields = opts.apiKey === true ? (['api-key'] as const) : (['management-key', 'api-key'] as const);
    const present = fields.filter((f) => stored[f] !== undefined);
    if (present.length === 0) {
      io.err(`No keys stored for profile "${profile}".\n`);
      return;
    }
    const { updateProfile } = await import('../../config/store.js');
    await updateProfile(env, profile, (p) => {
      for (const f of fields) delete p[f];
    });
    io.err(`Removed the ${present.map((f) => f.replace('-key', ' key')).join(' and ')} of profile "${profile}".\n`);
    if (env.GWCTL_MANAGEMENT_KEY || env.GWCTL_API_KEY) {
      io.err('Note: GWCTL_MANAGEMENT_KEY or GWCTL_API_KEY is still set in the environment.\n');
    }
  },
});
