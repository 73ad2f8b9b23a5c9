import { routes } from '../../api/routes.js';
import type { VaultSecret } from '../../api/schemas/vault.js';
import { defineCommand } from '../../cli/command.js';
import type { Column } from '../../output/cells.js';
import { fetchChecked } from '../shared/fetch.js';
import { list } from '../shared/format.js';
import { listByOffset } from '../shared/paging.js';

export const command = defineCommand({
  path: ['vault', 'secrets'],
  summary: "List the metadata of an intern's vault secrets, ordered by name (never their values)",
  description:
    'Legacy secrets (stored before workspace-scoped storage) have no hosts and no fingerprint;\n' +
    'they cannot be deleted or copied through the API, and storing a secret of the same name replaces them.',
  args: [{ name: 'intern-id', description: 'intern id (UUID)', required: true, complete: 'intern' }],
  options: [
    { flags: '--limit <n>', description: 'page size, 1-100 (API default 100)' },
    { flags: '--offset <n>', description: 'secrets to skip, 0-10000 (default 0)' },
    { flags: '--all', description: 'read every page and print one result' },
  ],
  examples: [
    'gwctl vault secrets 7c9e6679-7425-40de-944b-e07fc1f90ae7',
    "gwctl vault secrets 7c9e6679-7425-40de-944b-e07fc1f90ae7 --all --json | jq -r '.data[] | select(.hosts == null) | .name'",
  ],
  async run({ args, opts, deps }) {
    const [{ checkInput, intInRange, uuidInput }, { VaultSecretList, SECRET_PAGE, SECRET_OFFSET, isLegacySecret }] = await Promise.all([
      import('../../api/schemas/common.js'),
      import('../../api/schemas/vault.js'),
    ]);
    const id = checkInput(uuidInput, args['intern-id'], 'intern id');
    const all = opts.all === true;
    const given = opts.limit === undefined ? undefined : checkInput(intInRange(SECRET_PAGE.min, SECRET_PAGE.max, '--limit'), opts.limit, '--limit');
    const limit = given ?? SECRET_PAGE.default;
    const offset = opts.offset === undefined ? 0 : checkInput(intInRange(SECRET_OFFSET.min, SECRET_OFFSET.max, '--offset'), opts.offset, '--offset');
    const columns: Column<VaultSecret>[] = [
      { header: 'NAME', value: (s) => s.name, flexible: true },
      { header: 'HOSTS', value: (s) => (isLegacySecret(s) ? { text: 'legacy (any host)', tone: 'warn' } : list(s.hosts)), flexible: true },
      { header: 'FINGERPRINT', value: (s) => s.fingerprint ?? { text: 'legacy', tone: 'muted' }, flexible: true, optional: true },
      { header: 'CREATED', value: (s) => ({ time: s.created_at }) },
    ];
    await listByOffset<VaultSecret>({
      deps,
      noun: 'secrets',
      all,
      columns,
      offset,
      limit,
      maxOffset: SECRET_OFFSET.max,
      nextCommand: (next) => `gwctl vault secrets ${id}${given === undefined ? '' : ` --limit ${given}`} --offset ${next}`,
      async fetch(at) {
        const query = { limit: given === undefined && !all ? undefined : limit, offset: at === 0 && opts.offset === undefined ? undefined : at };
        const { body, data } = await fetchChecked(deps, routes.listVaultSecrets, { params: { id }, query }, VaultSecretList);
        return { body: body as Record<string, unknown>, items: data.data, more: data.has_more, total: undefined };
      },
    });
  },
});
