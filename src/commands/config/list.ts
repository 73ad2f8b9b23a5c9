import { defineCommand } from '../../cli/command.js';
import { SETTING_KEYS } from '../../config/profile.js';
import { resolveProfileName } from '../../config/settings.js';
import { printDetail } from '../../output/print.js';
import { outputMode } from '../shared/fetch.js';

export const command = defineCommand({
  path: ['config', 'list'],
  summary: 'List the settings stored in the profile (keys: see auth status)',
  args: [],
  options: [],
  examples: ['gwctl config list', 'gwctl config list --profile staging --json'],
  async run({ deps }) {
    const profile = resolveProfileName(deps.flags, deps.env).value;
    const stored = deps.config().data.profiles[profile] ?? {};
    const settings = Object.fromEntries(SETTING_KEYS.filter((k) => stored[k] !== undefined).map((k) => [k, stored[k]]));
    await printDetail(outputMode(deps), settings, [{ fields: Object.entries(settings).map(([k, v]) => [k, v ?? null] as const) }]);
  },
});
