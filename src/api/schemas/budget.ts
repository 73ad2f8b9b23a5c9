import * as z from 'zod/mini';
import { timestamp } from './common.js';

export const WorkspaceBudget = z.looseObject({
  id: z.string(),
  workspace_id: z.optional(z.string()),
  limit_usd: z.number(),
  // The document's intervals are daily, weekly, monthly and lifetime (null in openapi.json); others are shown as sent.
  reset_interval: z.optional(z.nullable(z.string())),
  created_at: z.optional(timestamp),
  updated_at: z.optional(timestamp),
});
export type WorkspaceBudget = z.infer<typeof WorkspaceBudget>;

export const BudgetList = z.looseObject({
  data: z.array(WorkspaceBudget),
  include_byok_in_budgets: z.optional(z.boolean()),
});
