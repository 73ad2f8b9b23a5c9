// A write tool's preview or result longer than the bound (a suspension of 5,000 interns): the
// result keeps its counts and the first targets that fit, says how many more there are, and
// gives the rest through `next_cursor`, which the tool's `cursor` takes back. A write cannot be
// run again to read its rest, so the whole preview or result is kept by the server, for a while
// and a few at once; a part continues after the last target returned.
import { randomUUID } from 'node:crypto';
import { usageError } from '../../core/errors.js';
import { cutToFit, itemsThatFit, keyOf, MAX_JSON, resumeAt } from './bounds.js';

/** How long a cut result can be continued, and how many are kept at once (the oldest go first). */
const KEPT_MS = 30 * 60 * 1000;
const KEPT_AT_MOST = 16;

/** The list of a body that is cut: a preview's targets, a result's per-target results. */
export type PartKey = 'targets' | 'results';

interface Kept {
  tool: string;
  key: PartKey;
  body: Record<string, unknown>;
  expires: number;
}

interface PartCursor {
  tool: string;
  part: string;
  after?: string;
  position: number;
}

/** The previews and results of one server that were cut, kept for their cursors. */
export class Parts {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly now: () => number = Date.now) {}

  keep(entry: Omit<Kept, 'expires'>): string {
    const now = this.now();
    for (const [id, old] of this.kept) if (old.expires < now) this.kept.delete(id);
    while (this.kept.size >= KEPT_AT_MOST) this.kept.delete(this.kept.keys().next().value!);
    const id = randomUUID();
    this.kept.set(id, { ...entry, expires: now + KEPT_MS });
    return id;
  }

  get(id: string): Kept | undefined {
    const kept = this.kept.get(id);
    return kept && kept.expires >= this.now() ? kept : undefined;
  }
}

/** A part of a body and what its note says. */
export interface Part {
  body: Record<string, unknown>;
  /** Set when the body is one part of more: "targets 1-900 of 5000 ...". */
  note?: string;
}

/** The first part of a preview or result: the whole body when it fits, else its first targets and a cursor. */
export function firstPart(tool: string, body: Record<string, unknown>, key: PartKey, parts: Parts | undefined): Part {
  const list = body[key];
  if (!Array.isArray(list) || JSON.stringify(body, null, 2).length <= MAX_JSON) return { body };
  // Without a store (a test's own context) the rest cannot be continued: the first part says so by its count alone.
  const id = parts?.keep({ tool, key, body }) ?? '';
  const part = partAt({ tool, key, body }, id, 0);
  // What is long besides the list (a preset's body of a huge system prompt) is cut too.
  if (JSON.stringify(part.body, null, 2).length <= MAX_JSON) return part;
  return { ...part, body: { ...cutToFit(part.body, MAX_JSON - 30).value, truncated: true } };
}

/** The part a write tool's `cursor` asks for (given alone): nothing is read or written. */
export function nextPart(tool: string, input: Record<string, unknown>, parts: Parts | undefined): Part {
  const { cursor, ...rest } = input;
  if (Object.keys(rest).length > 0)
    throw usageError(`a cursor continues the result it came from: give it alone, not with ${Object.keys(rest).join(', ')}`);
  const read = typeof cursor === 'string' ? decode(cursor) : undefined;
  if (!read) throw usageError(`invalid cursor: not a next_cursor of ${tool}`);
  if (read.tool !== tool) throw usageError(`invalid cursor: it continues ${read.tool.slice(0, 100)}, not ${tool}`);
  const kept = parts?.get(read.part);
  if (!kept) throw usageError(`the cursor has expired: the rest of that result is no longer kept; call ${tool} again without cursor`);
  const list = kept.body[kept.key] as unknown[];
  return partAt(kept, read.part, resumeAt(list, read));
}

function partAt(kept: Omit<Kept, 'expires'>, id: string, start: number): Part {
  const { key, body, tool } = kept;
  const list = body[key] as unknown[];
  const rest = list.slice(start);
  const room = 'x'.repeat(300);
  let items = rest;
  let count = itemsThatFit({ ...body, [key]: [], more: list.length, next_cursor: room }, rest);
  if (count === 0 && rest.length > 0) {
    const envelope = JSON.stringify({ ...body, [key]: [] }).length + room.length;
    items = [{ ...(cutToFit(rest[0], MAX_JSON - envelope).value as object), truncated: true }, ...rest.slice(1)];
    count = 1;
  }
  const more = rest.length - count;
  const shown = `${key} ${start + 1}-${start + count} of ${list.length}`;
  if (more === 0) return { body: { ...body, [key]: items.slice(0, count) }, note: `This part holds ${shown}: the last.` };
  const cursor: PartCursor = { tool, part: id, position: start + count };
  const after = keyOf(list[start + count - 1]);
  if (after !== undefined) cursor.after = after;
  const next_cursor = Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
  return {
    body: { ...body, [key]: items.slice(0, count), more, next_cursor },
    note: `This part holds ${shown} (${more} more): call ${tool} with cursor set to its next_cursor, alone, for the next part.`,
  };
}

function decode(cursor: string): PartCursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<PartCursor>;
    if (typeof value.tool !== 'string' || typeof value.part !== 'string') return undefined;
    if (!Number.isSafeInteger(value.position) || (value.position as number) < 0) return undefined;
    if (value.after !== undefined && typeof value.after !== 'string') return undefined;
    return value as PartCursor;
  } catch {
    return undefined;
  }
}
