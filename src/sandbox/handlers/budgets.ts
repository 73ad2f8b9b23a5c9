// GET /workspaces/{id}/budgets: by workspace UUID or slug; unknown workspaces answer 404.
import { findWorkspace } from '../data/workspaces.js';
import { json, type Reply } from '../http.js';
import type { Context } from '../context.js';

export function listBudgets(ctx: Context): Reply {
  const workspace = findWorkspace(ctx.params.id!);
  if (!workspace) throw ctx.fail(404);
  return json({
    data: ctx.state.budgets.filter((b) => b.workspace_id === workspace.id),
    include_byok_in_budgets: workspace.include_byok_in_budgets,
  });
}
