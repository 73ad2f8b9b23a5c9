// The list tools (a command that takes --limit and declares columns: interns_ls, byok_ls, ...)
// as an agent needs them: `fields` keeps only the named fields of each item, and a result's text
// stays under MAX_TEXT characters (an agent's host cuts long tool output). A result that would
// be longer carries fewer items and a `next_cursor`; the tool's `cursor` continues it by running
// the same call again past the items already returned.
import { unknownColumn } from '../../output/columns.js';
import { usageError } from '../../core/errors.js';
import { safeJson } from '../../core/sanitize.js';
import { allColumnNames, type AnySpec } from '../../core/spec.js';

/** The most characters of text one result carries. */
export const MAX_TEXT = 100_000;

/** What a list call needs of its tool. */
interface ListTool {
  name: string;
  spec: AnySpec;
}

/** Room kept for the fields around `data` and the cursor. */
const SLACK = 2_000;

export function isListSpec(spec: AnySpec): boolean {
  return 'limit' in (spec.options as object) && spec.columns !== undefined;
}

/** One call of a list tool, its cursor read: the input to run, how many items to pass over, the fields to keep. */
export interface ListCall {
  input: Record<string, unknown>;
  skip: number;
  fields?: readonly string[];
}

interface Cursor {
  tool: string;
  input: Record<string, unknown>;
  skip: number;
}

/** Reads `cursor` and `fields` of a list tool's input (usage errors before anything is sent). */
export function listCall(tool: ListTool, input: Record<string, unknown>): ListCall {
  const { cursor, fields, ...rest } = input;
  const kept = fields === undefined ? undefined : fieldNames(tool, fields);
  const base = cursor === undefined ? { input: rest, skip: 0 } : fromCursor(tool, cursor, rest);
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

function fromCursor(tool: ListTool, cursor: unknown, rest: Record<string, unknown>): { input: Record<string, unknown>; skip: number } {
  const read = typeof cursor === 'string' ? decode(cursor) : undefined;
  if (!read) throw usageError(`invalid cursor: not a next_cursor of ${tool.name}`);
  if (read.tool !== tool.name) throw usageError(`invalid cursor: it continues ${read.tool.slice(0, 100)}, not ${tool.name}`);
  if (Object.keys(rest).length > 0)
    throw usageError(`a cursor continues the call it came from: give it with fields alone, not ${Object.keys(rest).join(', ')}`);
  return { input: read.input, skip: read.skip };
}

function decode(cursor: string): Cursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof value.tool !== 'string' || typeof value.input !== 'object' || value.input === null) return undefined;
    if (typeof value.skip !== 'number' || !Number.isSafeInteger(value.skip) || value.skip < 0) return undefined;
    return { tool: value.tool, input: value.input, skip: value.skip };
  } catch {
    return undefined;
  }
}

function encode(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/**
 * A list body as the tool returns it: past the items already returned, only the fields asked
 * for, and as many items as fit MAX_TEXT (then `next_cursor` and a note saying so).
 */
export function shapeList(tool: ListTool, call: ListCall, body: Record<string, unknown>): { body: Record<string, unknown>; note?: string } {
  if (!Array.isArray(body.data)) return { body };
  let items: unknown[] = body.data.slice(call.skip);
  const { fields } = call;
  if (fields) items = items.map((item) => pick(item, fields));
  const shaped = { ...body, data: items };
  if (safeJson(shaped).length <= MAX_TEXT) return { body: shaped };
  // The longest run of items that fits, found by adding item by item (their sizes are known).
  let size = safeJson({ ...body, data: [] }).length + SLACK;
  let count = 0;
  for (const item of items) {
    // Inside `data` each line of the item is indented by four more spaces.
    const text = safeJson(item);
    size += text.length + 4 * text.split('\n').length + 2;
    if (size > MAX_TEXT) break;
    count++;
  }
  const skip = call.skip + count;
  const next_cursor = encode({ tool: tool.name, input: call.input, skip });
  const note =
    `Returned ${count} of ${items.length} items to keep this result under ${MAX_TEXT} characters. ` +
    `Call ${tool.name} again with cursor set to this result's next_cursor for the rest` +
    `${fields ? '' : ', or with fields to return fewer fields of each item'}.`;
  return { body: { ...body, data: items.slice(0, count), has_more: true, next_cursor }, note };
}

function pick(item: unknown, fields: readonly string[]): unknown {
  if (typeof item !== 'object' || item === null) return item;
  const record = item as Record<string, unknown>;
  return Object.fromEntries(fields.filter((f) => f in record).map((f) => [f, record[f]]));
}
