// The bound on a tool result's text (the contract: at most 100,000 characters, every tool; an
// agent's host cuts longer output where it likes). A list, a preview or a write's results keep the
// items that fit and continue through `next_cursor`, a cursor of this file's making; one item too
// long by itself is cut and says `"truncated": true`, so that a part is never empty and a cursor
// never returns itself.
import { usageError } from '../../core/errors.js';
import { safeJson } from '../../core/sanitize.js';

/** The most characters of text one result carries. */
export const MAX_TEXT = 100_000;

/** The JSON a result carries stays under this many characters: the rest is room for its note. */
export const MAX_JSON = MAX_TEXT - 2_000;

/**
 * The first of `items` that fit in an array inside `envelope` (the JSON around them, with an
 * empty array where they go), at least one: one too long by itself is returned cut. Each item's
 * lines are indented four more spaces inside the envelope's array (safeJson's layout).
 */
export function fitting(envelope: unknown, items: readonly unknown[]): unknown[] {
  const around = layoutLength(envelope, MAX_JSON);
  let size = around;
  let count = 0;
  for (const item of items) {
    // Measured as laid out inside the array (two levels in), and only as far as the bound.
    size += layoutLength(item, MAX_JSON - size + 1, 2) + 6;
    if (size > MAX_JSON) break;
    count++;
  }
  if (count > 0 || items.length === 0) return items.slice(0, count);
  return [{ ...(cutToFit(items[0], MAX_JSON - around) as object), truncated: true }];
}

/**
 * How long `safeJson(value)` is, laid out `depth` levels in, without making it; once it passes
 * `limit`, a number past it: a body whose layout is hundreds of megabytes (deep nesting
 * multiplies the indentation) is never laid out to learn that it does not fit.
 */
export function layoutLength(value: unknown, limit = Number.POSITIVE_INFINITY, depth = 0): number {
  let total = 0;
  const walk = (node: unknown, level: number): void => {
    if (total > limit) return;
    if (typeof node !== 'object' || node === null) {
      // undefined in an array is laid out as null.
      total += node === undefined ? 4 : safeJson(node, 0).length;
      return;
    }
    const entries = Array.isArray(node) ? node.map((v): [string | undefined, unknown] => [undefined, v]) : Object.entries(node);
    const shown = Array.isArray(node) ? entries : entries.filter(([, v]) => v !== undefined && typeof v !== 'function');
    if (shown.length === 0) {
      total += 2;
      return;
    }
    // `{` or `[`, then each entry on a line of its own, indented, separated by commas, then the close.
    total += 2 + (level * 2 + 1);
    for (const [key, child] of shown) {
      total += 1 + (level + 1) * 2 + 1 + (key === undefined ? 0 : safeJson(key, 0).length + 2);
      walk(child, level + 1);
      if (total > limit) return;
    }
    // One comma fewer than entries.
    total -= 1;
  };
  walk(value, depth);
  return total;
}

/** A whole body cut to fit, saying so. */
export function cutBody(body: Record<string, unknown>): Record<string, unknown> {
  return { ...cutToFit(body, MAX_JSON - 30), truncated: true };
}

/** A string shorter than this is never cut: what remains of a value should still say something. */
const SHORTEST_CUT = 64;

/**
 * `value` cut until its JSON fits in `max` characters: the longest string shortened (ending in
 * `…`) or, when no string is long, the longest array halved, again until it fits.
 */
function cutToFit<T>(value: T, max: number): T {
  if (layoutLength(value, max) <= max) return value;
  const copy = structuredClone(value);
  for (let round = 0; round < 200; round++) {
    const excess = layoutLength(copy, 2 * max) - max;
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
  return copy;
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

/** Where a continued list starts again. */
export interface Resume {
  /** The key of the last item returned. */
  after?: string;
  /** The key of the first item not returned (when the one before is gone). */
  next?: string;
  /** Its position, when neither is found. */
  position: number;
}

/** What names an item within its list, for a cursor that continues after it: its id, else its name. */
function keyOf(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const { id, name } = item as { id?: unknown; name?: unknown };
  return typeof id === 'string' ? id : typeof name === 'string' ? name : undefined;
}

/** Where the part after `list[0..end)` starts: after its last item, at the next, or at `end`. */
export function resumeAfter(list: readonly unknown[], end: number): Resume {
  const resume: Resume = { position: end };
  const after = keyOf(list[end - 1]);
  const next = keyOf(list[end]);
  if (after !== undefined) resume.after = after;
  if (next !== undefined) resume.next = next;
  return resume;
}

/**
 * Where a continuation starts in `items`: after the item keyed `after` (keyset: items added
 * before it since are not returned again), else at the item keyed `next` when `after` is gone,
 * else at `position` (the list changed around both).
 */
export function resumeAt(items: readonly unknown[], at: Resume): number {
  const keys = items.map(keyOf);
  const after = at.after === undefined ? -1 : keys.indexOf(at.after);
  if (after >= 0) return after + 1;
  const next = at.next === undefined ? -1 : keys.indexOf(at.next);
  return next >= 0 ? next : Math.min(at.position, items.length);
}

function isResume(value: unknown): value is Resume {
  if (typeof value !== 'object' || value === null) return false;
  const { after, next, position } = value as Resume;
  return Number.isSafeInteger(position) && position >= 0 && [after, next].every((key) => key === undefined || typeof key === 'string');
}

/** A cursor's text: its JSON, in base64url. */
export function encodeCursor(cursor: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/**
 * A cursor of `tool` read back, its `resume` (when it has one) and its fields checked by `valid`;
 * a usage error when it is no such cursor.
 */
export function decodeCursor<T extends { tool: string; resume?: Resume }>(tool: string, text: unknown, valid: (read: T) => boolean): T {
  let read: unknown;
  try {
    read = typeof text === 'string' ? JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) : undefined;
  } catch {
    // Not JSON: said below.
  }
  const cursor = read as T;
  const whole = typeof read === 'object' && read !== null && typeof cursor.tool === 'string';
  if (!whole || !valid(cursor) || (cursor.resume !== undefined && !isResume(cursor.resume)))
    throw usageError(`invalid cursor: not a next_cursor of ${tool}`);
  if (cursor.tool !== tool) throw usageError(`invalid cursor: it continues ${cursor.tool.slice(0, 100)}, not ${tool}`);
  return cursor;
}
