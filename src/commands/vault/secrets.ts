import { VAULT_SECRET_FIELDS, VAULT_SECRET_LIST_SHAPE } from '../../api/fields.generated.js';
import { SECRET_OFFSET, SECRET_PAGE } from '../../api/vocabulary.js';
import { arg, option, uuidCheck } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['vault', 'secrets'],
  operation: { name: 'list vault secrets', method: 'GET', path: '/vault/interns/{id}/secrets', key: 'api' },
  tool: 'read',
  agent: { properties: { internId: 'intern id (UUID)' } },
  summary: "List the metadata of an intern's vault secrets, ordered by name (never their values)",
  description:
    'Legacy secrets (stored before workspace-scoped storage) have no hosts and no fingerprint;\n' +
    'they cannot be deleted or copied through the API, and storing a secret of the same name replaces them.',
  args: {
    internId: arg.optional({
      name: 'intern-id',
      description: 'intern id (UUID); on a terminal, pick one when it is left out',
      label: 'intern id',
      complete: 'intern',
      check: uuidCheck(),
    }),
  },
  options: {
    limit: option.int('--limit <n>', `page size, ${SECRET_PAGE.min}-${SECRET_PAGE.max} (API default ${SECRET_PAGE.default})`, SECRET_PAGE),
    offset: option.int('--offset <n>', `secrets to skip, ${SECRET_OFFSET.min}-${SECRET_OFFSET.max} (default 0)`, SECRET_OFFSET),
    all: option.flag('--all', 'read every page and print one result'),
  },
  columns: ['name', 'hosts', 'fingerprint', 'created_at'],
  fields: VAULT_SECRET_FIELDS,
  shape: VAULT_SECRET_LIST_SHAPE,
  examples: [
    'gwctl vault secrets 7c9e6679-7425-40de-944b-e07fc1f90ae7',
    "gwctl vault secrets 7c9e6679-7425-40de-944b-e07fc1f90ae7 --all --json | jq -r '.data[] | select(.hosts == null) | .name'",
  ],
});
