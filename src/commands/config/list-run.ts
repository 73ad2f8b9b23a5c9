import { SETTING_KEYS, storedProfile, type SettingKey } from '../../config/profile.js';
import { withoutUserinfo } from '../../core/sanitize.js';
import { resolveProfileName } from '../../config/settings.js';
import type { RunFor } from '../context.js';
import { detailView } from '../shared/detail.js';
import type { spec } from './list.js';

export const run: RunFor<typeof spec> = async ({ deps }) => {
  const profile = resolveProfileName(deps.flags).value;
  const stored = storedProfile(deps.config().data, profile) ?? {};
  // A hand-edited base URL may carry a password: never shown.
  const shown = (k: SettingKey) => (k === 'base-url' ? withoutUserinfo(String(stored[k])) : stored[k]);
  const settings = Object.fromEntries(SETTING_KEYS.filter((k) => stored[k] !== undefined).map((k) => [k, shown(k)]));
  const fields = Object.keys(settings).map((k) => ({ name: k, header: k, value: (s: typeof settings) => s[k] ?? null }));
  await deps.printer.detail({ body: settings, view: detailView(settings, fields) });
};
