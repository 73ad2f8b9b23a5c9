import * as z from 'zod/mini';

/** The document's intervals; openapi.json adds null for a lifetime budget. Others are shown as sent. */
export const BUDGET_INTERVALS = ['daily', 'weekly', 'monthly', 'lifetime'] as const;

export const WorkspaceBudget = z.looseObject({
  id: z.string(),
  workspace_id: z.optional(z.string()),
  limit_usd: z.number(),
  reset_interval: z.optional(z.nullable(z.string())),
  created_at: z.optional(z.string()),
  updated_at: z.optional(z.string()),
});
export type WorkspaceBudget = z.infer<typeof WorkspaceBudget>;

export const BudgetList = z.looseObject({
  data: z.array(WorkspaceBudget),
  include_byok_in_budgets: z.optional(z.boolean()),
});
