// GET /vault/interns/{id}/secrets: metadata only, ordered by name, offset paging.
// An intern's own key can always read its intern's secrets, and only those.
import { secretsOf } from '../data/secrets.js';
import { json, type Reply } from '../http.js';
import { LIMITS } from '../limits.js';
import type { Context } from '../context.js';
import { intParam } from './query.js';
import { visibleIntern } from './visibility.js';

export function listSecrets(ctx: Context): Reply {
  const limit = intParam(ctx, 'limit', LIMITS.secretPage);
  const offset = intParam(ctx, 'offset', LIMITS.secretOffset);
  // Not a UUID, not in the workspace, or not this intern key's intern: all "not visible" (404).
  const index = visibleIntern(ctx, ctx.params.id!);
  const all = secretsOf(ctx.state.interns, index);
  return json({ data: all.slice(offset, offset + limit), has_more: offset + limit < all.length });
}
