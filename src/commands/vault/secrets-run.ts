import { routes } from '../../api/routes.js';
import { isLegacySecret, VaultSecretList, type VaultSecret } from '../../api/schemas/vault.js';
import { SECRET_OFFSET, SECRET_PAGE } from '../../api/vocabulary.js';
import { columnsOf, type ColumnViews, type RunFor } from '../context.js';
import { fetchChecked } from '../shared/fetch.js';
import { list } from '../shared/format.js';
import { listByOffset } from '../shared/paging.js';
import { internIdOrPick } from '../shared/targets.js';
import type { spec } from './secrets.js';
import { commandName } from '../../core/spec.js';
import { shellWord } from '../../core/suggest.js';

// A secret's name is its id: never cut. On a narrow terminal the fingerprint goes first.
const views: ColumnViews<typeof spec, VaultSecret> = {
  name: { header: 'NAME', value: (s) => s.name, key: true },
  hosts: {
    header: 'HOSTS',
    value: (s) => (isLegacySecret(s) ? { text: 'legacy (any host)', tone: 'warn' } : list(s.hosts)),
    raw: (s) => s.hosts?.join(',') ?? null,
    flexible: true,
  },
  fingerprint: {
    header: 'FINGERPRINT',
    value: (s) => s.fingerprint ?? { text: 'legacy', tone: 'muted' },
    raw: (s) => s.fingerprint ?? null,
    flexible: true,
    priority: 1,
  },
  created_at: { header: 'CREATED', value: (s) => ({ time: s.created_at }), priority: 2 },
};

export const run: RunFor<typeof spec> = async ({ spec: declared, args, opts, deps }) => {
  const id = await internIdOrPick(deps, args.internId, 'list the secrets of', { usage: `gwctl ${commandName(declared)} <intern-id>` });
  const { all } = opts;
  const given = opts.limit;
  const limit = given ?? SECRET_PAGE.default;
  const offset = opts.offset ?? 0;
  await listByOffset<VaultSecret>({
    deps,
    noun: 'secrets',
    all,
    columns: columnsOf(declared, views),
    offset,
    limit,
    maxOffset: SECRET_OFFSET.max,
    nextCommand: (next) =>
      `gwctl ${commandName(declared)} ${shellWord(id)}${given === undefined ? '' : ` --limit ${given}`} --offset ${next}`,
    async fetch(at, signal) {
      const query = {
        limit: given === undefined && !all ? undefined : limit,
        offset: at === 0 && opts.offset === undefined ? undefined : at,
      };
      const { body, data } = await fetchChecked(deps, routes.vaultSecrets, { params: { id }, query, signal }, VaultSecretList);
      return { body: body as Record<string, unknown>, items: data.data, more: data.has_more, total: undefined };
    },
  });
};
