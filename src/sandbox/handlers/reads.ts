// The reads whose route is one of the generic shapes (generic.ts): what each finds or lists in
// the seeded data (data/), and the checks of its query that the document gives.
import { KNOWN_PROVIDERS } from '../../api/vocabulary.js';
import { UUID } from '../../core/patterns.js';
import type { Context } from '../context.js';
import type { ByokCredential } from '../data/byok.js';
import { PRIVATE_ENDPOINTS, type PrivateEndpoint } from '../data/endpoints.js';
import { findWorkspace, PRODUCTION, SANDBOX_USER_ID } from '../data/workspaces.js';
import type { Caller } from '../keys.js';
import { stringParam } from './query.js';

/**
 * The endpoint of a UUID; anything else names none (404): the route's documented errors are 401,
 * 403, 404, 408 and 500, so a 400 would be a status the document does not give it.
 */
export function findEndpoint(_ctx: Context, id: string): PrivateEndpoint | undefined {
  return UUID.test(id) ? PRIVATE_ENDPOINTS.find((e) => e.id === id.toLowerCase()) : undefined;
}

/** On this route an error body may also carry `user_id` and `service_metadata` (document, Errors). */
export function endpointErrorExtras(caller: Caller): Record<string, unknown> {
  const known = caller.kind !== 'none' && caller.kind !== 'unknown';
  return { user_id: known ? SANDBOX_USER_ID : null, service_metadata: null };
}

/** GET /workspaces/{id}/budgets: by workspace UUID or slug, the budgets and whether BYOK spend counts; a workspace unknown, none (404). */
export function workspaceBudgets(ctx: Context, ref: string): object | undefined {
  const workspace = findWorkspace(ref);
  if (!workspace) return undefined;
  return {
    data: ctx.state.budgets.filter((b) => b.workspace_id === workspace.id),
    include_byok_in_budgets: workspace.include_byok_in_budgets,
  };
}

const KNOWN: ReadonlySet<string> = new Set(KNOWN_PROVIDERS);

/**
 * GET /byok's credentials: one workspace's (the account default when workspace_id is omitted),
 * optionally of one provider. A workspace the account does not have simply has none (it is a filter).
 */
export function byokOf(ctx: Context): readonly ByokCredential[] {
  const workspaceParam = stringParam(ctx, 'workspace_id');
  const provider = stringParam(ctx, 'provider');
  if (workspaceParam !== undefined && !UUID.test(workspaceParam)) throw ctx.fail(400, 'workspace_id must be a UUID');
  if (provider !== undefined && !KNOWN.has(provider)) throw ctx.fail(400, `provider "${provider}" is not a known provider slug`);
  if (workspaceParam === undefined && ctx.settings.defaultWorkspaceDeleted) {
    throw ctx.fail(400, "The account's default workspace was deleted; pass workspace_id");
  }
  const workspace = workspaceParam?.toLowerCase() ?? PRODUCTION.id;
  return ctx.state.byok.filter((c) => c.workspace_id === workspace && (provider === undefined || c.provider === provider));
}
