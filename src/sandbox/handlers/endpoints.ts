// GET /private-endpoints/{id}. The id is a UUID; anything else names no endpoint and answers
// 404: the route's documented errors are 401, 403, 404, 408 and 500, so a 400 would be a status
// the document does not give it.
import { PRIVATE_ENDPOINTS } from '../data/endpoints.js';
import { SANDBOX_USER_ID } from '../data/workspaces.js';
import { json, type Reply } from '../http.js';
import type { Caller } from '../keys.js';
import type { Context } from '../context.js';
import { UUID } from '../../core/patterns.js';

export function getPrivateEndpoint(ctx: Context): Reply {
  const id = ctx.params.id!;
  const found = UUID.test(id) ? PRIVATE_ENDPOINTS.find((e) => e.id === id.toLowerCase()) : undefined;
  if (!found) throw ctx.fail(404);
  return json({ data: found });
}

/** On this route an error body may also carry `user_id` and `service_metadata` (document, Errors). */
export function errorExtras(caller: Caller): Record<string, unknown> {
  const known = caller.kind !== 'none' && caller.kind !== 'unknown';
  return { user_id: known ? SANDBOX_USER_ID : null, service_metadata: null };
}
