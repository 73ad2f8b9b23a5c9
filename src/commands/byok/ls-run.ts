import { routes } from '../../api/routes.js';
import { ByokList, type ByokCredential } from '../../api/schemas/byok.js';
import { BYOK_PAGE } from '../../api/vocabulary.js';
import { columnsOf, type ColumnViews, type RunFor } from '../context.js';
import { fetchChecked } from '../shared/fetch.js';
import { listByOffset } from '../shared/paging.js';
import type { spec } from './ls.js';
import { commandName } from '../../core/spec.js';
import { shellWord } from '../../core/suggest.js';

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

// On a narrow terminal the restrictions go first, then the creation time, the order, the label.
const views: ColumnViews<typeof spec, ByokCredential> = {
  id: { header: 'ID', value: (c) => c.id },
  provider: { header: 'PROVIDER', value: (c) => c.provider },
  name: { header: 'NAME', value: (c) => c.name ?? null, flexible: true, whole: true },
  label: { header: 'LABEL', value: (c) => c.label ?? null, priority: 4 },
  flags: { header: 'FLAGS', value: (c) => (c.disabled ? { text: flags(c), tone: 'warn' } : flags(c)) },
  sort_order: { header: 'ORDER', value: (c) => c.sort_order ?? null, priority: 3 },
  restrictions: { header: 'RESTRICTIONS', value: (c) => restrictions(c), flexible: true, priority: 1 },
  created_at: { header: 'CREATED', value: (c) => ({ time: c.created_at }), priority: 2 },
};

export const run: RunFor<typeof spec> = async ({ spec: declared, opts, deps }) => {
  const { workspace, provider, all } = opts;
  const given = opts.limit;
  const offset = opts.offset ?? 0;
  const limit = given ?? (all ? BYOK_PAGE.max : undefined);
  const filters = [
    workspace && `--workspace ${shellWord(workspace)}`,
    provider && `--provider ${shellWord(provider)}`,
    given !== undefined && `--limit ${given}`,
  ].filter(Boolean);
  await listByOffset<ByokCredential>({
    deps,
    noun: 'credentials',
    all,
    columns: columnsOf(declared, views),
    offset,
    // The page size the server uses when none is sent (openapi.json: 50) decides where the next page starts.
    limit: limit ?? 50,
    nextCommand: (next) => [`gwctl ${commandName(declared)}`, ...filters, `--offset ${next}`].join(' '),
    async fetch(at, signal) {
      const query = { workspace_id: workspace, provider, limit, offset: at === 0 && opts.offset === undefined ? undefined : at };
      const { body, data } = await fetchChecked(deps, routes.byokLs, { query, signal }, ByokList);
      return { body: body as Record<string, unknown>, items: data.data, more: undefined, total: data.total_count };
    },
  });
};
