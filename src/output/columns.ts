// The columns of a view, declared once: the name (the API's field name, or a name of its own
// for a column derived from several fields; the spec lists them), how to show the value to a
// person in a terminal table, and how to read the raw value for piped rows. The same
// declaration drives the table, the piped rows, --columns, --header, --help and completion.
import { usageError, type GwctlError } from '../core/errors.js';
import { cellText, inline, type Cell, type Column } from './cells.js';
import { quoteInput, sanitizeField } from '../core/sanitize.js';
import { nearest } from '../core/suggest.js';
import type { FieldKind } from '../core/spec.js';

/**
 * A raw value for a piped row: numbers as the API sent them, true/false, times as ISO 8601
 * (`{ time }` for epoch numbers; ISO strings pass through), an empty field for null or missing,
 * arrays and objects as compact JSON.
 */
export type RawValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | { time: string | number | null | undefined }
  | readonly unknown[]
  | Record<string, unknown>;

/**
 * A declared column as the list printer takes it (heading, human cell, widths) with its name
 * (the spec's column name) and its raw reader. A column without `raw` pipes its cell's text,
 * which suits columns whose cell already is the raw value (an id, a status, an ISO time).
 */
export interface NamedColumn<T> extends Column<T> {
  /** Lower-case, as in the API: `id`, `status`, `limit_usd`, `created_at`. */
  readonly name: string;
  /** The value for piped rows. */
  raw?(item: T): RawValue;
  /**
   * Shown when --columns is not given (default true); `terminal` or `pipe`: only there (a name
   * helps a person; an exit code helps a program).
   */
  readonly byDefault?: boolean | Where;
  /**
   * The API fields this view reads, when not only the one its name says (`model` reads
   * `model_name` and `model_slug`): a detail view shows every other field the API sent as is.
   */
  readonly uses?: readonly string[];
}

export function columnNames<T>(specs: readonly NamedColumn<T>[]): string[] {
  return specs.map((s) => s.name);
}

/**
 * The names `--columns a,b,c` gives, each matched (ignoring case and the spaces around it) to one
 * of `names`, in the order given (a name may repeat). An unknown or empty name is a usage error
 * that lists the valid names; it is checked before anything is sent.
 */
export function pickColumnNames(names: readonly string[], given: string, command: string): string[] {
  const valid = `valid columns: ${names.join(', ')}`;
  const asked = given.split(',').map((n) => n.trim());
  if (asked.some((n) => n === '')) {
    throw usageError(`invalid --columns ${quoteInput(given)} for ${command}: a column name is empty; ${valid}`);
  }
  return asked.map((name) => {
    const found = names.find((n) => n.toLowerCase() === name.toLowerCase());
    if (found === undefined) throw unknownColumn(name, names, command);
    return found;
  });
}

/**
 * The one refusal of a column name that is not one of `names` (`--columns`; an MCP list tool's
 * `fields`, which it calls fields): the nearest name when one is near, and always the valid ones.
 */
export function unknownColumn(name: string, names: readonly string[], command: string, word: 'column' | 'field' = 'column'): GwctlError {
  const valid = `valid ${word}s: ${names.join(', ')}`;
  const near = nearest(name, names);
  return usageError(
    `unknown ${word} ${quoteInput(name)} for ${command}`,
    near === undefined ? valid : `did you mean ${near}? V${valid.slice(1)}`,
  );
}

/** Where rows print: a terminal table, or piped rows. */
export type Where = 'terminal' | 'pipe';

/** The columns `--columns` picks, in its order, or the ones shown by default `where` they print. */
export function pickColumns<T>(
  specs: readonly NamedColumn<T>[],
  given: string | undefined,
  command: string,
  where: Where = 'pipe',
): NamedColumn<T>[] {
  if (given === undefined) return specs.filter((s) => s.byDefault === undefined || s.byDefault === true || s.byDefault === where);
  return pickColumnNames(columnNames(specs), given, command).map((name) => specs.find((s) => s.name === name)!);
}

/** The --header line: the names as given to --columns, or the default columns' names. */
export function headerLine(given: string | undefined, picked: readonly NamedColumn<unknown>[]): string {
  const names = given === undefined ? picked.map((s) => s.name) : given.split(',').map((n) => n.trim());
  return names.map(sanitizeField).join('\t');
}

/** The text of one raw value in a tab-separated field, before sanitising. */
export function rawText(value: RawValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (!Array.isArray(value) && 'time' in value && Object.keys(value).length === 1) {
    return cellText(value as { time: string | number | null | undefined }, { terminal: false, now: 0 });
  }
  return JSON.stringify(value);
}

/** One piped row: raw values, tab-separated; tabs, newlines and other controls made visible. */
export function rawRow<T>(picked: readonly NamedColumn<T>[], item: T): string {
  return picked.map((c) => sanitizeField(c.raw ? rawText(c.raw(item)) : cellText(c.value(item), { terminal: false, now: 0 }))).join('\t');
}

/**
 * The columns of a terminal table: human cells, headings and what fitting may do, as declared;
 * a column named `id` is the key unless it says otherwise.
 */
export function tableColumns<T>(picked: readonly NamedColumn<T>[]): Column<T>[] {
  return picked.map(({ name, header, value, key = name === 'id', flexible, whole, spill, wrap, priority }): Column<T> => ({
    header,
    value,
    ...(key ? { key } : {}),
    ...(flexible ? { flexible } : {}),
    ...(whole ? { whole } : {}),
    ...(spill ? { spill } : {}),
    ...(wrap ? { wrap } : {}),
    ...(priority !== undefined ? { priority } : {}),
  }));
}

/**
 * `2 columns hidden (model, hostname): --columns to choose`: the names are those --columns takes.
 * Under a table, and in a watch's view, whenever a narrow terminal left columns out.
 */
export function hiddenNote(names: readonly string[]): string {
  const count = names.length === 1 ? '1 column' : `${names.length} columns`;
  return `${count} hidden (${names.map(sanitizeField).join(', ')}): --columns to choose`;
}

/** Any JSON value as a piped field carries it: objects and arrays as compact JSON. */
export function rawOf(value: unknown): RawValue {
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return JSON.stringify(value);
}

/**
 * The column of one top-level field of the API that no view of the command declares: piped,
 * the value as sent; on a terminal, a time relative, a boolean yes/no, null a dash (and a
 * value of another shape than the schema's on one line). Text may be cut on a narrow terminal.
 */
export function fieldColumn<T>(name: string, header: string, kind: FieldKind): NamedColumn<T> {
  const read = (item: T): unknown => (item as Record<string, unknown>)[name];
  return {
    name,
    header,
    value: (item) => fieldCell(read(item), kind),
    raw: (item) => rawOf(read(item)),
    ...(kind === 'text' ? { flexible: true } : {}),
  };
}

function fieldCell(value: unknown, kind: FieldKind): Cell {
  if (kind === 'time' && (typeof value === 'string' || typeof value === 'number')) return { time: value };
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return inline(value);
}
