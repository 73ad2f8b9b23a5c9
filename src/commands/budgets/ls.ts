import { BUDGET_LIST_SHAPE, WORKSPACE_BUDGET_FIELDS } from '../../api/fields.generated.js';
import { arg } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['budgets', 'ls'],
  operation: { name: 'list budgets', method: 'GET', path: '/workspaces/{id}/budgets', key: 'management' },
  aliases: ['list'],
  tool: 'read',
  summary: "List a workspace's budgets (default: the profile's workspace)",
  description: 'The workspace is a UUID or a slug. BYOK tells whether spend on your own provider keys counts toward the budgets.',
  // Checked by the implementation, which also checks the profile's workspace the same way.
  args: {
    workspace: arg.optional({ name: 'workspace', description: "workspace UUID or slug (default: the profile's 'workspace' setting)" }),
  },
  options: {},
  columns: ['id', 'reset_interval', 'limit_usd', 'include_byok_in_budgets', 'workspace_id', 'updated_at'],
  fields: WORKSPACE_BUDGET_FIELDS,
  shape: BUDGET_LIST_SHAPE,
  examples: [
    'gwctl budgets ls production',
    'gwctl config set workspace production && gwctl budgets ls',
    "gwctl budgets ls production --json | jq '.data[] | {reset_interval, limit_usd}'",
  ],
});
