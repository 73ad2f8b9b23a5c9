// Workspace budgets: the default workspace has one per interval the document names
// (daily, weekly, monthly, lifetime); staging has none, so an empty list can be seen.
import { rngFor } from '../prng.js';
import { ANCHOR_MS, DAY, HOUR, iso } from './time.js';
import { PRODUCTION } from './workspaces.js';

/** A budget as the sandbox serves it. */
export type WorkspaceBudget = ReturnType<typeof seedBudgets>[number];

const PLAN: readonly [string, number][] = [
  ['daily', 25],
  ['weekly', 150],
  ['monthly', 500.5],
  ['lifetime', 10000],
];

export function seedBudgets(seed: number) {
  return PLAN.map(([interval, limit], k) => ({
    id: rngFor(seed, 'budget', k).uuid(),
    workspace_id: PRODUCTION.id,
    limit_usd: limit,
    reset_interval: interval,
    created_at: iso(ANCHOR_MS - (120 - k) * DAY),
    updated_at: iso(ANCHOR_MS - (20 - k) * DAY + 3 * HOUR),
  }));
}
