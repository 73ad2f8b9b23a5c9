import { routes } from '../../api/routes.js';
import { BudgetList, type WorkspaceBudget } from '../../api/schemas/budget.js';
import { usageError } from '../../core/errors.js';
import { checkValue, pathIdCheck } from '../../core/options.js';
import { sanitizeField } from '../../core/sanitize.js';
import { columnsOf, type ColumnViews, type RunFor } from '../context.js';
import { fetchChecked } from '../shared/fetch.js';
import { usd } from '../shared/format.js';
import type { spec } from './ls.js';
import { commandName } from '../../core/spec.js';

// The document says only "a workspace UUID or slug, minimum length 1": anything else is the
// API's to judge (the client percent-encodes it as a path segment).
const workspaceRef = pathIdCheck();

export const run: RunFor<typeof spec> = async ({ spec: declared, args, deps }) => {
  const given = args.workspace ?? deps.settings().workspace?.value;
  if (given === undefined) {
    throw usageError(
      'no workspace given and the profile has none',
      `pass one, as in 'gwctl ${commandName(declared)} <workspace>', or run 'gwctl config set workspace <uuid-or-slug>'`,
    );
  }
  const workspace = checkValue(workspaceRef, given, 'workspace');
  const { body, data } = await fetchChecked(deps, routes.budgetsLs, { params: { id: workspace } }, BudgetList);
  const byok = data.include_byok_in_budgets;
  // On a narrow terminal the workspace goes first (the command names it), then the BYOK flag, then the time.
  const views: ColumnViews<typeof spec, WorkspaceBudget> = {
    id: { header: 'ID', value: (b) => b.id },
    reset_interval: { header: 'INTERVAL', value: (b) => b.reset_interval ?? 'lifetime', raw: (b) => b.reset_interval ?? null },
    limit_usd: { header: 'LIMIT', value: (b) => usd(b.limit_usd), raw: (b) => b.limit_usd },
    include_byok_in_budgets: { header: 'BYOK INCLUDED', value: () => byok ?? null, priority: 2 },
    workspace_id: { header: 'WORKSPACE', value: (b) => b.workspace_id ?? null, flexible: true, priority: 1 },
    updated_at: { header: 'UPDATED', value: (b) => ({ time: b.updated_at }), priority: 3 },
  };
  await deps.printer.detail({
    body,
    items: data.data,
    view: {
      kind: 'rows',
      items: data.data,
      columns: columnsOf(declared, views),
      empty: `No budgets for workspace ${sanitizeField(workspace)}.`,
    },
  });
};
