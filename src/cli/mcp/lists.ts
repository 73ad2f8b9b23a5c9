// The list tools (interns_ls, byok_ls, budgets_ls, ...) as an agent needs them: `fields` keeps
// only the named fields of each item, and a result stays within the bound (bounds.ts). A result
// carries one cursor, `next_cursor`, which the tool's `cursor` takes back: it continues a part cut
// to fit after the last item returned (keyset: items that appear at the head of the list meanwhile
// are not returned twice), or carries the gateway's own cursor to its next page, never shown beside it.
import { unknownColumn } from '../../output/columns.js';
import { usageError } from '../../core/errors.js';
import { allColumnNames, type AnySpec } from '../../core/spec.js';
import { decodeCursor, encodeCursor, fitting, MAX_TEXT, resumeAfter, resumeAt, type Resume } from './bounds.js';

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

/** One call of a list tool, its cursor read: the input to run, where to resume, the fields to keep. */
export interface ListCall {
  input: Record<string, unknown>;
  /** The gateway's cursor of the page to read (the tool's cursor carried it). */
  gatewayCursor?: string;
  resume?: Resume;
  fields?: readonly string[];
}

/** What a list tool's cursor carries: the call it continues. */
type Cursor = Omit<ListCall, 'fields'> & { tool: string };

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
  const read = decodeCursor<Cursor>(
    tool.name,
    cursor,
    ({ input, gatewayCursor }) => typeof input === 'object' && input !== null && ['undefined', 'string'].includes(typeof gatewayCursor),
  );
  if (Object.keys(rest).length > 0)
    throw usageError(`a cursor continues the call it came from: give it with fields alone, not ${Object.keys(rest).join(', ')}`);
  return {
    input: read.input,
    ...(read.gatewayCursor === undefined ? {} : { gatewayCursor: read.gatewayCursor }),
    ...(read.resume ? { resume: read.resume } : {}),
  };
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
  const all = page.slice(start).map((item) => (fields ? pick(item, fields) : item));
  const items = fitting({ ...rest, data: [], has_more: true, next_cursor: 'x'.repeat(CURSOR_ROOM) }, all);
  if (items.length === all.length) {
    // Every item of the page is returned: what comes next is the gateway's next page, if any.
    if (typeof gatewayNext !== 'string' || rest.has_more !== true) return { body: { ...rest, data: items } };
    const next_cursor = encodeCursor({ tool: tool.name, input: call.input, gatewayCursor: gatewayNext });
    return {
      body: { ...rest, data: items, next_cursor },
      note: `More items exist: call ${tool.name} with cursor set to this result's next_cursor, or with all: true for every page.`,
    };
  }
  const { input, gatewayCursor } = call;
  const next_cursor = encodeCursor({ tool: tool.name, input, gatewayCursor, resume: resumeAfter(page, start + items.length) });
  const note =
    `Returned ${items.length} of ${all.length} items to keep this result under ${MAX_TEXT} characters. ` +
    `Call ${tool.name} again with cursor set to this result's next_cursor for the rest` +
    `${fields ? '' : ', or with fields to return fewer fields of each item'}.`;
  return { body: { ...rest, data: items, has_more: true, next_cursor }, note };
}

function pick(item: unknown, fields: readonly string[]): unknown {
  if (typeof item !== 'object' || item === null) return item;
  const record = item as Record<string, unknown>;
  return Object.fromEntries(fields.filter((f) => f in record).map((f) => [f, record[f]]));
}

/** The JSON Schema of a list tool's result, as `shapeList` makes it: its items, and where the next page or part starts. */
const LIST_FIELDS = {
  data: { type: 'array', items: { type: 'object' } },
  has_more: { type: 'boolean' },
  next_cursor: { type: ['string', 'null'] },
};
export const LIST_OUTPUT = { type: 'object' as const, properties: LIST_FIELDS, required: ['data'] };
