// The two shapes most operations take, for any resource: a read of one by the route's parameter,
// and a list read by offset. A route gives only its data (data/) and its checks; the paging, the
// ranges of `limit` and `offset` (a 400 outside them) and the envelope are these.
import { json, type Reply } from '../http.js';
import type { Context, Handler } from '../context.js';
import { intParam, type IntRange } from './query.js';

/** One resource found by the route's one parameter (`{id}`, `{name}`), or 404; in `{"data": …}` when `wrap` says so. */
export function getOne(find: (ctx: Context, id: string) => unknown, { wrap = false }: { wrap?: boolean } = {}): Handler {
  return (ctx): Reply => {
    const found = find(ctx, Object.values(ctx.params)[0]!);
    if (found === undefined) throw ctx.fail(404);
    return json(wrap ? { data: found } : found);
  };
}

/**
 * A list read by `limit` and `offset` (each once, in its range: else 400): the page of what
 * `items` gives, and whether more follow, as `has_more` or as the whole list's `total_count`.
 */
export function offsetList(
  items: (ctx: Context) => readonly unknown[],
  ranges: { page: IntRange & { default: number }; offset: IntRange & { default: number } },
  more: 'has_more' | 'total_count',
): Handler {
  return (ctx): Reply => {
    const limit = intParam(ctx, 'limit', ranges.page);
    const offset = intParam(ctx, 'offset', ranges.offset);
    const all = items(ctx);
    const data = all.slice(offset, offset + limit);
    return json(more === 'has_more' ? { data, has_more: offset + limit < all.length } : { data, total_count: all.length });
  };
}
