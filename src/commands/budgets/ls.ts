import { routes } from '../../api/routes.js';
import type { WorkspaceBudget } from '../../api/schemas/budget.js';
import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../core/errors.js';
import type { Column } from '../../output/cells.js';
import { printList } from '../../output/print.js';
import { fetchChecked, outputMode } from '../shared/fetch.js';
import { usd } from '../shared/format.js';

export const command = defineCommand({
  path: ['budgets', 'ls'],
  aliases: ['list'],
  summary: "List a workspace's budgets (default: the profile's workspace)",
  description: 'The workspace is a UUID or a slug. BYOK tells whether spend on your own provider keys counts toward the budgets.',
  args: [{ name: 'workspace', description: "workspace UUID or slug (default: the profile's 'workspace' setting)", required: false }],
  options: [],
  examples: [
    'gwctl budgets ls production',
    'gwctl config set workspace production && gwctl budgets ls',
    "gwctl budgets ls production --json | jq '.data[] | {reset_interval, limit_usd}'",
  ],
  async run({ args, deps }) {
    const { checkInput } = await import('../../api/schemas/common.js');
    const { BudgetList, workspaceRef } = await import('../../api/schemas/budget.js');
    const given = args.workspace ?? deps.settings().workspace?.value;
    if (given === undefined) {
      throw usageError('no workspace given and the profile has none', "pass one, as in 'gwctl budgets ls <workspace>', or run 'gwctl config set workspace <uuid-or-slug>'");
    }
    const workspace = checkInput(workspaceRef, given, 'workspace');
    const { body, data } = await fetchChecked(deps, routes.listBudgets, { params: { id: workspace } }, BudgetList);
    const byok = data.include_byok_in_budgets;
    const columns: Column<WorkspaceBudget>[] = [
      { header: 'ID', value: (b) => b.id },
      { header: 'INTERVAL', value: (b) => b.reset_interval ?? 'lifetime' },
      { header: 'LIMIT', value: (b) => usd(b.limit_usd) },
      { header: 'BYOK INCLUDED', value: () => byok ?? null },
      { header: 'WORKSPACE', value: (b) => b.workspace_id ?? null, flexible: true },
      { header: 'UPDATED', value: (b) => ({ time: b.updated_at }) },
    ];
    const mode = outputMode(deps);
    await printList(mode, body, data.data, columns);
    if (!mode.json && deps.io.stdoutIsTTY && data.data.length === 0) {
      deps.io.err(`No budgets for workspace ${workspace}.\n`);
    }
  },
});
