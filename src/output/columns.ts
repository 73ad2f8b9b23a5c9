// The columns of a view, declared once (name, human cell, raw reader): they drive the table, the
// piped rows, --columns, --header, --help and completion.
import { usageError, type GwctlError } from '../core/errors.js';
import { cellText, inline, type Cell, type Column } from './cells.js';
import { quoteInput, sanitizeField } from '../core/sanitize.js';
import { nearest } from '../core/suggest.js';
import type { FieldKind } from '../core/spec.js';

/** A piped row's value: numbers as sent, true/false, ISO 8601 times, empty for null, arrays and objects as compact JSON. */
export type RawValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | { time: string | number | null | undefined }
  | readonly unknown[]
  | Record<string, unknown>;

/** A declared column with its name (the spec's) and raw reader; without `raw` its cell's text is piped (an id, a status). */
export interface NamedColumn<T> extends Column<T> {
  /** Lower-case, as in the API: `id`, `status`, `limit_usd`, `created_at`. */
  readonly name: string;
  /** The value for piped rows. */
  raw?(item: T): RawValue;
  /** Shown without --columns (default true); `terminal` or `pipe`: only there. */
  readonly byDefault?: boolean | Where;
  /** The API fields this view reads besides the one its name says (`model`); a detail view shows every other field as sent. */
  readonly uses?: readonly string[];
}

export function columnNames<T>(specs: readonly NamedColumn<T>[]): string[] {
  return specs.map((s) => s.name);
}

/** The names `--columns a,b,c` picks, in its order, matched case-insensitively; an unknown or empty one is a usage error. */
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

/** The one refusal of an unknown column name (`--columns`; an MCP list tool's `fields`): the nearest name, and the valid ones. */
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

/** The columns of a terminal table as declared; a column named `id` is the key unless it says otherwise. */
export function tableColumns<T>(picked: readonly NamedColumn<T>[]): Column<T>[] {
  return picked.map(({ name, header, value, key = name === 'id', flexible, whole, spill, wrap, priority }): Column<T> => {
    return { header, value, key, flexible, whole, spill, wrap, priority };
  });
}

/** `2 columns hidden (model, hostname): --columns to choose`, under a table or a watch's view a narrow terminal cut. */
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

/** A top-level API field no view declares: piped as sent; on a terminal a relative time, yes/no, a dash for null, cut when narrow. */
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
