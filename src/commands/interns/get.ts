import { INTERN_FIELDS, INTERN_SHAPE } from '../../api/fields.generated.js';
import { arg, uuidCheck } from '../../core/options.js';
import { WATCH_OPTIONS } from '../../core/watch-options.js';
import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['interns', 'get'],
  operation: { name: 'get intern', method: 'GET', path: '/interns/{id}', key: 'api' },
  tool: 'read',
  agent: { summary: 'Show every field of an intern' },
  summary: 'Show every field of an intern (on a terminal, pick one when the id is left out)',
  // When it is left out, a person at a terminal picks one.
  args: { id: arg.optional({ name: 'id', description: 'intern id', label: 'intern id', complete: 'intern', check: uuidCheck() }) },
  options: { ...WATCH_OPTIONS },
  columns: [
    'id',
    'name',
    'status',
    'last_failure_message',
    'model',
    'hostname',
    'description',
    'instructions',
    'progress',
    'vault_id',
    'attached_vault_id',
    'workspace_id',
    'created_at',
    'updated_at',
  ],
  fields: INTERN_FIELDS,
  shape: INTERN_SHAPE,
  examples: [
    'gwctl interns get 7c9e6679-7425-40de-944b-e07fc1f90ae7',
    'gwctl interns get',
    'gwctl interns get 7c9e6679-7425-40de-944b-e07fc1f90ae7 --watch --interval 5s',
    'gwctl interns get 7c9e6679-7425-40de-944b-e07fc1f90ae7 --jq .status',
    'gwctl interns get 7c9e6679-7425-40de-944b-e07fc1f90ae7 --columns id,status,last_failure_message --header',
  ],
});
