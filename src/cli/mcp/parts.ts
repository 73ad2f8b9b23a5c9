// A write tool's preview or result longer than the bound (a suspension of 5,000 interns) keeps its
// counts and the first targets that fit, says how many more, and gives the rest through
// `next_cursor`. A write cannot be run again to read its rest, so the server keeps the whole
// preview or result, for a while and a few at once; a part continues after the last target returned.
import { randomUUID } from 'node:crypto';
import { usageError } from '../../core/errors.js';
import { safeJson } from '../../core/sanitize.js';
import { cutBody, decodeCursor, encodeCursor, fitting, MAX_JSON, resumeAfter, resumeAt, type Resume } from './bounds.js';

/** How long a cut result can be continued, and how many are kept at once (the oldest go first). */
const KEPT_MS = 30 * 60 * 1000;
const KEPT_AT_MOST = 16;

/** The list of a body that is cut: a preview's targets, a result's per-target results. */
export type PartKey = 'targets' | 'results';

type Kept = { tool: string; key: PartKey; body: Record<string, unknown>; expires: number };

/** A part's cursor: which kept body it continues, and where. */
type PartCursor = { tool: string; part: string; resume: Resume };

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
  if (!Array.isArray(list) || safeJson(body).length <= MAX_JSON) return { body };
  // Without a store (a test's own context) the rest cannot be continued: the first part says so by its count alone.
  const id = parts?.keep({ tool, key, body }) ?? '';
  const part = partAt({ tool, key, body }, id, 0);
  // What is long besides the list (a preset's body of a huge system prompt) is cut too.
  return safeJson(part.body).length <= MAX_JSON ? part : { ...part, body: cutBody(part.body) };
}

/** The part a write tool's `cursor` asks for (given alone): nothing is read or written. */
export function nextPart(tool: string, input: Record<string, unknown>, parts: Parts | undefined): Part {
  const { cursor, ...rest } = input;
  if (Object.keys(rest).length > 0)
    throw usageError(`a cursor continues the result it came from: give it alone, not with ${Object.keys(rest).join(', ')}`);
  const read = decodeCursor<PartCursor>(tool, cursor, ({ part, resume }) => typeof part === 'string' && resume !== undefined);
  const kept = parts?.get(read.part);
  if (!kept) throw usageError(`the cursor has expired: the rest of that result is no longer kept; call ${tool} again without cursor`);
  return partAt(kept, read.part, resumeAt(kept.body[kept.key] as unknown[], read.resume));
}

function partAt({ key, body, tool }: Omit<Kept, 'expires'>, id: string, start: number): Part {
  const list = body[key] as unknown[];
  const items = fitting({ ...body, [key]: [], more: list.length, next_cursor: 'x'.repeat(300) }, list.slice(start));
  const end = start + items.length;
  const more = list.length - end;
  const shown = `${key} ${start + 1}-${end} of ${list.length}`;
  if (more === 0) return { body: { ...body, [key]: items }, note: `This part holds ${shown}: the last.` };
  const next_cursor = encodeCursor({ tool, part: id, resume: resumeAfter(list, end) });
  return {
    body: { ...body, [key]: items, more, next_cursor },
    note: `This part holds ${shown} (${more} more): call ${tool} with cursor set to its next_cursor, alone, for the next part.`,
  };
}
