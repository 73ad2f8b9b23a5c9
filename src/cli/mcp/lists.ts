// The list tools (a command that lists: interns_ls, byok_ls, budgets_ls, ...) as an agent needs
// them: `fields` keeps only the named fields of each item, and a result's text stays within the
// bound (bounds.ts). A result carries one cursor, `next_cursor`, which the tool's `cursor`
// takes back: it continues a part cut to fit after the last item returned (keyset: items that
// appear at the head of the list meanwhile are not returned twice), and it carries the gateway's
// own cursor to its next page (interns_ls), which is never shown beside it.
import { unknownColumn } from '../../output/columns.js';
import { usageError } from '../../core/errors.js';
import { allColumnNames, type AnySpec } from '../../core/spec.js';
import { cutToFit, itemsThatFit, keyOf, MAX_JSON, MAX_TEXT, resumeAt } from './bounds.js';

/** What a list call needs of its tool. */
interface ListTool {
  name: string;
  spec: AnySpec;
}

/** The option that takes the gateway's cursor: a tool's `cursor` carries it, so the tool does not take it. */
export const GATEWAY_CURSOR_OPTION = 'startingAfter';

/** A command that lists: it has a page size, or it is an `ls` (budgets ls lists every budget at once). */
export function isListSpec(spec: AnySpec): boolean {
  return spec.columns !== undefined && ('limit' in (spec.options as object) || spec.path[1] === 'ls');
}

/** Where a continued list starts again. */
interface Resume {
  /** The key of the last item returned. */
  after?: string;
  /** The key of the first item not returned (when the one before is gone). */
  next?: string;
  /** Its position, when neither is found. */
  position: number;
}

/** One call of a list tool, its cursor read: the input to run, where to resume, the fields to keep. */
export interface ListCall {
  input: Record<string, unknown>;
  /** The gateway's cursor of the page to read (the tool's cursor carried it). */
  gatewayCursor?: string;
  resume?: Resume;
  fields?: readonly string[];
}

interface Cursor {
  tool: string;
  input: Record<string, unknown>;
  gateway?: string;
  resume?: Resume;
}

/** Reads `cursor` and `fields` of a list tool's input (usage errors before anything is sent). */
export function listCall(tool: ListTool, input: Record<string, unknown>): ListCall {
  const { cursor, fields, ...rest } = input;
  const kept = fields === undefined ? undefined : fieldNames(tool, fields);
  const base: ListCall = cursor === undefined ? { input: rest } : fromCursor(tool, cursor, rest);
  return kept ? { ...base, fields: kept } : base;
}

function fieldNames(tool: ListTool, fields: unknown): string[] {
  if (!Array.isArray(fields) || !fields.every((f) => typeof f === 'string') || fields.length === 0)
    throw usageError('invalid fields: expected a list of field names');
  const known = allColumnNames(tool.spec);
  const unknown = fields.find((name) => !known.includes(name));
  if (unknown !== undefined) throw unknownColumn(unknown, known, tool.name, 'field');
  return fields;
}

function fromCursor(tool: ListTool, cursor: unknown, rest: Record<string, unknown>): ListCall {
  const read = typeof cursor === 'string' ? decode(cursor) : undefined;
  if (!read) throw usageError(`invalid cursor: not a next_cursor of ${tool.name}`);
  if (read.tool !== tool.name) throw usageError(`invalid cursor: it continues ${read.tool.slice(0, 100)}, not ${tool.name}`);
  if (Object.keys(rest).length > 0)
    throw usageError(`a cursor continues the call it came from: give it with fields alone, not ${Object.keys(rest).join(', ')}`);
  return {
    input: read.input,
    ...(read.gateway === undefined ? {} : { gatewayCursor: read.gateway }),
    ...(read.resume ? { resume: read.resume } : {}),
  };
}

function decode(cursor: string): Cursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof value.tool !== 'string' || typeof value.input !== 'object' || value.input === null) return undefined;
    if (value.gateway !== undefined && typeof value.gateway !== 'string') return undefined;
    const resume = value.resume;
    if (resume !== undefined) {
      if (typeof resume !== 'object' || resume === null) return undefined;
      if (!Number.isSafeInteger(resume.position) || resume.position < 0) return undefined;
      if (
        (resume.after !== undefined && typeof resume.after !== 'string') ||
        (resume.next !== undefined && typeof resume.next !== 'string')
      )
        return undefined;
    }
    return value as Cursor;
  } catch {
    return undefined;
  }
}

function encode(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/** Room for a cursor in the result (its input and keys are short; a gateway cursor too). */
const CURSOR_ROOM = 1_000;

/**
 * A list body as the tool returns it: past the items already returned, only the fields asked
 * for, as many items as fit the bound (at least one, cut if it must be), and one `next_cursor`
 * when more remain, in this page or the gateway's next.
 */
export function shapeList(tool: ListTool, call: ListCall, body: Record<string, unknown>): { body: Record<string, unknown>; note?: string } {
  const { next_cursor: gatewayNext, ...rest } = body;
  if (!Array.isArray(rest.data)) return { body };
  const page = rest.data as unknown[];
  const start = call.resume ? resumeAt(page, call.resume) : 0;
  const { fields } = call;
  let items = page.slice(start);
  if (fields) items = items.map((item) => pick(item, fields));
  let count = itemsThatFit({ ...rest, data: [], has_more: true, next_cursor: 'x'.repeat(CURSOR_ROOM) }, items);
  if (count === 0 && items.length > 0) {
    // One item longer than the bound by itself: returned cut, so that the part is never empty.
    const room = MAX_JSON - CURSOR_ROOM - JSON.stringify({ ...rest, data: [] }).length;
    items = [{ ...(cutToFit(items[0], room).value as object), truncated: true }, ...items.slice(1)];
    count = 1;
  }
  if (count === items.length) {
    // Every item of the page is returned: what comes next is the gateway's next page, if any.
    if (typeof gatewayNext !== 'string' || rest.has_more !== true) return { body: { ...rest, data: items } };
    const next_cursor = encode({ tool: tool.name, input: call.input, gateway: gatewayNext });
    return {
      body: { ...rest, data: items, next_cursor },
      note: `More items exist: call ${tool.name} with cursor set to this result's next_cursor, or with all: true for every page.`,
    };
  }
  const resume: Resume = { position: start + count };
  const after = keyOf(page[start + count - 1]);
  const next = keyOf(page[start + count]);
  if (after !== undefined) resume.after = after;
  if (next !== undefined) resume.next = next;
  const next_cursor = encode({
    tool: tool.name,
    input: call.input,
    ...(call.gatewayCursor === undefined ? {} : { gateway: call.gatewayCursor }),
    resume,
  });
  const note =
    `Returned ${count} of ${items.length} items to keep this result under ${MAX_TEXT} characters. ` +
    `Call ${tool.name} again with cursor set to this result's next_cursor for the rest` +
    `${fields ? '' : ', or with fields to return fewer fields of each item'}.`;
  return { body: { ...rest, data: items.slice(0, count), has_more: true, next_cursor }, note };
}

function pick(item: unknown, fields: readonly string[]): unknown {
  if (typeof item !== 'object' || item === null) return item;
  const record = item as Record<string, unknown>;
  return Object.fromEntries(fields.filter((f) => f in record).map((f) => [f, record[f]]));
}
