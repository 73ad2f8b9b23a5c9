import { keyCommand, KEY_FIELD, type KeyKind } from '../../config/credentials.js';
import { DEFAULT_BASE_URL, KEYCHAIN_MARK, type Profile } from '../../config/profile.js';
import { resolveProfileName } from '../../config/settings.js';
import { withoutUserinfo } from '../../core/sanitize.js';
import { columnsOf, type ColumnViews, type RunFor } from '../context.js';
import type { spec } from './profiles.js';

/** Where a profile keeps a key (the environment is not the profile's, so it is not looked at). */
function keptIn(name: string, stored: Profile, kind: KeyKind): string | null {
  if (keyCommand(kind, { env: {}, stored, profile: name })) return 'command';
  if (stored[KEYCHAIN_MARK[KEY_FIELD[kind]]] === true) return 'keychain';
  return stored[KEY_FIELD[kind]] !== undefined ? 'file' : null;
}

export const run: RunFor<typeof spec> = async ({ spec: declared, deps }) => {
  const current = resolveProfileName(deps.flags).value;
  const profiles = deps.config().data.profiles;
  const rows = Object.keys(profiles)
    .sort()
    .map((name) => {
      const stored = profiles[name] ?? {};
      return {
        name,
        current: name === current,
        // A hand-edited base URL may carry a password: never shown.
        base_url: stored['base-url'] === undefined ? null : withoutUserinfo(String(stored['base-url'])),
        workspace: stored.workspace === undefined ? null : String(stored.workspace),
        // Where the profile keeps each key: `keychain`, `file`, `command`, or null for none.
        management_key: keptIn(name, stored, 'management'),
        api_key: keptIn(name, stored, 'api'),
      };
    });
  const views: ColumnViews<typeof spec, (typeof rows)[number]> = {
    // The profile's name is what a row is read by (--profile NAME): never cut.
    name: { header: 'NAME', value: (p) => p.name, key: true },
    current: { header: 'CURRENT', value: (p) => (p.current ? '*' : ''), raw: (p) => p.current },
    // Wrapped on a narrow terminal, never cut: the port is at the end.
    base_url: { header: 'BASE URL', value: (p) => p.base_url ?? `${DEFAULT_BASE_URL} (default)`, raw: (p) => p.base_url, wrap: true },
    // Left out first on a narrow terminal, so that the base URL has room to stay readable.
    workspace: { header: 'WORKSPACE', value: (p) => p.workspace, priority: 1 },
    management_key: { header: 'MANAGEMENT KEY', value: (p) => p.management_key ?? 'none', raw: (p) => p.management_key },
    api_key: { header: 'API KEY', value: (p) => p.api_key ?? 'none', raw: (p) => p.api_key },
  };
  await deps.printer.detail({
    body: { data: rows },
    items: rows,
    view: { kind: 'rows', items: rows, columns: columnsOf(declared, views), empty: 'No profiles in the config file.' },
  });
};
