// GET /byok: the credentials of one workspace (the account default when workspace_id is
// omitted), optionally of one provider, offset paging with total_count.
import { KNOWN_PROVIDERS } from '../../api/vocabulary.js';
import { PRODUCTION } from '../data/workspaces.js';
import { json, type Reply } from '../http.js';
import { LIMITS } from '../limits.js';
import type { Context } from '../context.js';
import { UUID } from '../../core/patterns.js';
import { intParam, stringParam } from './query.js';

const PROVIDERS: ReadonlySet<string> = new Set(KNOWN_PROVIDERS);

export function listByok(ctx: Context): Reply {
  const limit = intParam(ctx, 'limit', LIMITS.byokPage);
  const offset = intParam(ctx, 'offset', LIMITS.byokOffset);
  const workspaceParam = stringParam(ctx, 'workspace_id');
  const provider = stringParam(ctx, 'provider');
  if (workspaceParam !== undefined && !UUID.test(workspaceParam)) throw ctx.fail(400, 'workspace_id must be a UUID');
  if (provider !== undefined && !PROVIDERS.has(provider)) throw ctx.fail(400, `provider "${provider}" is not a known provider slug`);
  if (workspaceParam === undefined && ctx.settings.defaultWorkspaceDeleted) {
    throw ctx.fail(400, "The account's default workspace was deleted; pass workspace_id");
  }
  // A workspace the account does not have simply has no credentials (it is a filter).
  const workspace = workspaceParam?.toLowerCase() ?? PRODUCTION.id;
  const matching = ctx.state.byok.filter((c) => c.workspace_id === workspace && (provider === undefined || c.provider === provider));
  return json({ data: matching.slice(offset, offset + limit), total_count: matching.length });
}
