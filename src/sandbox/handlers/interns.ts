// GET /interns, GET /interns/{id}, POST /interns/{id}/suspend, each record as of the request's
// moment. An intern's own key sees only its intern (handlers/visibility.ts); the collection is a 404 to it.
import { INTERN_STATUSES } from '../../api/vocabulary.js';
import type { Context } from '../context.js';
import { PRODUCTION } from '../data/workspaces.js';
import { json, type Reply } from '../http.js';
import { LIMITS } from '../limits.js';
import { isObject, UUID } from '../../core/patterns.js';
import { intParam, stringParam } from './query.js';
import { visibleIntern } from './visibility.js';

/** Another operation holds these interns: suspend answers 409 intern_busy (retryable). */
export const BUSY_STATUSES: ReadonlySet<string> = new Set(['provisioning', 'destroying']);

const KNOWN_STATUSES: ReadonlySet<string> = new Set(INTERN_STATUSES);

// The cursor is opaque to clients: base64url of {"v":1,"after":"<id of the last intern shown>"}.
// Anything that does not decode to exactly that, or names no intern, is malformed (400).
export function encodeCursor(id: string): string {
  return Buffer.from(JSON.stringify({ v: 1, after: id })).toString('base64url');
}

function decodeCursor(ctx: Context, cursor: string): number {
  const malformed = () => ctx.fail(400, 'starting_after is not a cursor returned by this API');
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw malformed();
  const bytes = Buffer.from(cursor, 'base64url');
  if (bytes.toString('base64url') !== cursor) throw malformed();
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw malformed();
  }
  const p = parsed as { v?: unknown; after?: unknown } | null;
  if (!p || typeof p !== 'object' || p.v !== 1 || typeof p.after !== 'string') throw malformed();
  const index = ctx.state.interns.indexOf(p.after);
  if (index === undefined) throw malformed();
  return index;
}

/** `status=a,b` (and repeated `status=` parameters, joined): known statuses, repeats collapsed, at most 8. */
function statusFilter(ctx: Context): Set<string> | undefined {
  const raw = ctx.query.getAll('status');
  if (raw.length === 0) return undefined;
  const items = raw.join(',').split(',');
  if (items.some((s) => s === '')) throw ctx.fail(400, 'status must be a comma-separated list of intern statuses');
  const unique = new Set(items);
  if (unique.size > LIMITS.statusFilters) throw ctx.fail(400, `status takes at most ${LIMITS.statusFilters} statuses`);
  for (const status of unique) {
    if (!KNOWN_STATUSES.has(status)) throw ctx.fail(400, `unknown status "${status}"; expected one of ${INTERN_STATUSES.join(', ')}`);
  }
  return unique;
}

export function listInterns(ctx: Context): Reply {
  if (ctx.caller.kind === 'intern') throw ctx.fail(404, 'Not found');
  const limit = intParam(ctx, 'limit', LIMITS.internPage);
  const statuses = statusFilter(ctx);
  const workspace = stringParam(ctx, 'workspace_id');
  if (workspace !== undefined) {
    if (!UUID.test(workspace)) throw ctx.fail(400, 'workspace_id must be a UUID');
    // "It must match the workspace of the key": there is no other scope to fall back to.
    if (workspace.toLowerCase() !== PRODUCTION.id) throw ctx.fail(400, 'workspace_id does not match the workspace of the API key');
  }
  const cursor = stringParam(ctx, 'starting_after');
  const catalog = ctx.state.interns;
  const start = cursor === undefined ? catalog.count : decodeCursor(ctx, cursor);

  const matches = (i: number): boolean => ctx.state.isLive(i) && (!statuses || statuses.has(ctx.state.statusAt(i, ctx.moment)));
  const data: unknown[] = [];
  let last = -1;
  let i = start - 1;
  // Newest first: the highest index was created last.
  for (; i >= 0 && data.length < limit; i--) {
    if (!matches(i)) continue;
    data.push(ctx.state.internAt(i, ctx.moment));
    last = i;
  }
  let hasMore = false;
  for (; i >= 0 && !hasMore; i--) hasMore = matches(i);
  const body: Record<string, unknown> = { data, has_more: hasMore };
  if (hasMore) body.next_cursor = encodeCursor(catalog.idAt(last));
  return json(body);
}

export function getIntern(ctx: Context): Reply {
  return json(ctx.state.internAt(visibleIntern(ctx, ctx.params.id!), ctx.moment));
}

export function suspendIntern(ctx: Context): Reply {
  // "Takes no request body": none, an empty one, or `{}` is accepted; any field is a 400.
  const text = ctx.body.bytes.toString('utf8');
  if (ctx.body.size > 0 && text.trim() !== '') {
    if (ctx.mediaType !== 'application/json') throw ctx.fail(415);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw ctx.fail(400, 'Invalid request body: not valid JSON');
    }
    const empty = isObject(parsed) && Object.keys(parsed).length === 0;
    if (!empty) throw ctx.fail(400, 'Invalid request body: suspend takes no body fields');
  }
  const index = visibleIntern(ctx, ctx.params.id!);
  if (BUSY_STATUSES.has(ctx.state.statusAt(index, ctx.moment))) throw ctx.fail(409);
  // Suspend stops the runtime and keeps disk and configuration: the intern becomes `stopped`
  // a moment later (data/intern-motion.ts); suspending it again meanwhile changes nothing.
  ctx.state.suspend(index, ctx.moment);
  return json({ suspended: true });
}
