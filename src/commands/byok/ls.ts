import { routes } from '../../api/routes.js';
import type { ByokCredential } from '../../api/schemas/byok.js';
import { defineCommand } from '../../cli/command.js';
import type { Column } from '../../output/cells.js';
import { fetchChecked } from '../shared/fetch.js';
import { listByOffset } from '../shared/paging.js';

/** The four flags as one short word each, so a row stays readable. */
function flags(c: ByokCredential): string {
  const on = [c.disabled && 'disabled', c.is_byok_only && 'byok-only', c.is_fallback && 'fallback', c.is_required && 'required'];
  return on.filter(Boolean).join(',');
}

/** "models: 3, users: 1", or "none" when the credential is unrestricted. */
function restrictions(c: ByokCredential): string {
  const parts = [
    ['api keys', c.allowed_api_key_hashes],
    ['models', c.allowed_models],
    ['users', c.allowed_user_ids],
  ] as const;
  const set = parts.filter(([, list]) => Array.isArray(list)).map(([name, list]) => `${name}: ${list!.length}`);
  return set.length ? set.join(', ') : 'none';
}

export const command = defineCommand({
  path: ['byok', 'ls'],
  aliases: ['list'],
  summary: "List a workspace's provider-key (BYOK) credentials",
  description: 'Labels are masked hints of the stored keys, as the API gives them; the keys themselves are never returned.',
  args: [],
  options: [
    { flags: '--workspace <uuid>', description: "workspace (default: the account's default workspace)" },
    { flags: '--provider <slug>', description: 'only this provider, e.g. openai or amazon-bedrock', complete: 'provider' },
    { flags: '--limit <n>', description: 'page size, 1-100' },
    { flags: '--offset <n>', description: 'credentials to skip (default 0)' },
    { flags: '--all', description: 'read every page and print one result' },
  ],
  examples: [
    'gwctl byok ls',
    'gwctl byok ls --provider openai --workspace 550e8400-e29b-41d4-a716-446655440000',
    "gwctl byok ls --all --json | jq -r '.data[] | select(.disabled) | .name'",
  ],
  async run({ opts, deps }) {
    const [{ checkInput, intInRange, uuidInput }, { ByokList, BYOK_PAGE, providerSlug }] = await Promise.all([
      import('../../api/schemas/common.js'),
      import('../../api/schemas/byok.js'),
    ]);
    const workspace = opts.workspace === undefined ? undefined : checkInput(uuidInput, opts.workspace, '--workspace');
    const provider = opts.provider === undefined ? undefined : checkInput(providerSlug, opts.provider, '--provider');
    const all = opts.all === true;
    const given = opts.limit === undefined ? undefined : checkInput(intInRange(BYOK_PAGE.min, BYOK_PAGE.max, '--limit'), opts.limit, '--limit');
    const offset = opts.offset === undefined ? 0 : checkInput(intInRange(0, undefined, '--offset'), opts.offset, '--offset');
    const limit = given ?? (all ? BYOK_PAGE.max : undefined);
    const columns: Column<ByokCredential>[] = [
      { header: 'ID', value: (c) => c.id },
      { header: 'PROVIDER', value: (c) => c.provider },
      { header: 'NAME', value: (c) => c.name ?? null, flexible: true },
      { header: 'LABEL', value: (c) => c.label ?? null },
      { header: 'FLAGS', value: (c) => (c.disabled ? { text: flags(c), tone: 'warn' } : flags(c)) },
      { header: 'ORDER', value: (c) => c.sort_order ?? null },
      { header: 'RESTRICTIONS', value: (c) => restrictions(c), flexible: true, optional: true },
      { header: 'CREATED', value: (c) => ({ time: c.created_at }), optional: true },
    ];
    const filters = [workspace && `--workspace ${workspace}`, provider && `--provider ${provider}`, given !== undefined && `--limit ${given}`].filter(Boolean);
    await listByOffset<ByokCredential>({
      deps,
      noun: 'credentials',
      all,
      columns,
      offset,
      // The page size the server uses when none is sent (openapi.json: 50) decides where the next page starts.
      limit: limit ?? 50,
      nextCommand: (next) => ['gwctl byok ls', ...filters, `--offset ${next}`].join(' '),
      async fetch(at) {
        const query = { workspace_id: workspace, provider, limit, offset: at === 0 && opts.offset === undefined ? undefined : at };
        const { body, data } = await fetchChecked(deps, routes.listByok, { query }, ByokList);
        return { body: body as Record<string, unknown>, items: data.data, more: undefined, total: data.total_count };
      },
    });
  },
});
