// The bound on a tool result's text (the contract: at most 100,000 characters, every tool): an
// agent's host cuts longer output where it likes. A list, a preview or a write's results keep
// the items that fit and continue through `next_cursor`; one item longer than the bound by itself
// is cut (its longest strings shortened, its longest arrays halved) and says `"truncated": true`,
// so that a part is never empty and a cursor never returns itself.
import { safeJson } from '../../core/sanitize.js';

/** The most characters of text one result carries. */
export const MAX_TEXT = 100_000;

/** Room kept beside the JSON for the result's note (how many more, which cursor). */
export const NOTE_ROOM = 2_000;

/** The JSON a result carries stays under this many characters. */
export const MAX_JSON = MAX_TEXT - NOTE_ROOM;

/**
 * How many of `items`, in order, fit in an array inside `envelope` (the JSON around them, with
 * an empty array where they go) within MAX_JSON. Each item's lines are indented four more spaces
 * inside the envelope's array (safeJson's two-space layout, one level down from the top).
 */
export function itemsThatFit(envelope: unknown, items: readonly unknown[]): number {
  let size = safeJson(envelope).length;
  let count = 0;
  for (const item of items) {
    const text = safeJson(item);
    size += text.length + 4 * text.split('\n').length + 2;
    if (size > MAX_JSON) break;
    count++;
  }
  return count;
}

/** A string shorter than this is never cut: what remains of a value should still say something. */
const SHORTEST_CUT = 64;

/**
 * `value` cut until its JSON fits in `max` characters: the longest string shortened (ending in
 * `…`) or, when no string is long, the longest array halved, again until it fits. Returns the
 * value untouched when it fits already; a copy otherwise.
 */
export function cutToFit<T>(value: T, max = MAX_JSON): { value: T; cut: boolean } {
  if (safeJson(value).length <= max) return { value, cut: false };
  const copy = structuredClone(value);
  for (let round = 0; round < 200; round++) {
    const excess = safeJson(copy).length - max;
    if (excess <= 0) break;
    const { longestString, longestArray } = largest(copy);
    if (longestString && longestString.length > SHORTEST_CUT) {
      const { holder, key, length } = longestString;
      const keep = Math.max(SHORTEST_CUT, length - excess - 16);
      (holder as Record<string, string>)[key] = `${(holder as Record<string, string>)[key]!.slice(0, keep)}…`;
    } else if (longestArray && longestArray.length > 0) {
      longestArray.array.length = Math.floor(longestArray.array.length / 2);
    } else break;
  }
  return { value: copy, cut: true };
}

interface Leaves {
  longestString?: { holder: object; key: string; length: number };
  longestArray?: { array: unknown[]; length: number };
}

/** The longest string (by length) and the longest array (by items) anywhere in `value`. */
function largest(value: unknown): Leaves {
  const found: Leaves = {};
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node) && node.length > (found.longestArray?.length ?? 0)) found.longestArray = { array: node, length: node.length };
    for (const [key, child] of Object.entries(node)) {
      if (typeof child === 'string') {
        if (child.length > (found.longestString?.length ?? 0)) found.longestString = { holder: node, key, length: child.length };
      } else walk(child);
    }
  };
  walk(value);
  return found;
}

/** What names an item within its list, for a cursor that continues after it: its id, else its name. */
export function keyOf(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const { id, name } = item as { id?: unknown; name?: unknown };
  return typeof id === 'string' ? id : typeof name === 'string' ? name : undefined;
}

/**
 * Where a continuation starts in `items`: after the item keyed `after` (keyset: items added
 * before it since are not returned again), else at the item keyed `next` when `after` is gone,
 * else at `position` (the list changed around both).
 */
export function resumeAt(items: readonly unknown[], at: { after?: string; next?: string; position: number }): number {
  const keys = items.map(keyOf);
  if (at.after !== undefined) {
    const index = keys.indexOf(at.after);
    if (index >= 0) return index + 1;
  }
  if (at.next !== undefined) {
    const index = keys.indexOf(at.next);
    if (index >= 0) return index;
  }
  return Math.min(at.position, items.length);
}
