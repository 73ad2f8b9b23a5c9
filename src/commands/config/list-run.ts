import { SETTING_KEYS, storedProfile } from '../../config/profile.js';
import { resolveProfileName } from '../../config/settings.js';
import { printDetail } from '../../output/print.js';
import type { RunFor } from '../context.js';
import { outputMode } from '../shared/output-mode.js';
import type { spec } from './list.js';

export const run: RunFor<typeof spec> = async ({ deps }) => {
  const profile = resolveProfileName(deps.flags, deps.env).value;
  const stored = storedProfile(deps.config().data, profile) ?? {};
  const settings = Object.fromEntries(SETTING_KEYS.filter((k) => stored[k] !== undefined).map((k) => [k, stored[k]]));
  await printDetail(outputMode(deps, 'config list'), settings, [
    { fields: Object.entries(settings).map(([k, v]) => [k, v ?? null] as const) },
  ]);
};
