// What a command hands the renderers: cells that know their meaning (a status, a time, a
// missing value), so the same data prints coloured and relative on a terminal and plain and
// ISO 8601 in a pipe.

export type Tone = 'good' | 'bad' | 'warn' | 'busy' | 'muted';

export type Cell =
  string | number | boolean | null | undefined | { text: string; tone?: Tone } | { time: string | number | null | undefined };

/** What fitting a table to a narrow terminal may do with a column (output/table.ts, fitTable); pipes and --json keep everything. */
export interface ColumnFit {
  /** The column names the row (an id): never cut, never left out. */
  key?: boolean;
  /** May be cut with `…`; the widest flexible column gives way first. */
  flexible?: boolean;
  /** Cut only after every column with a priority is left out and every other column cut: what a row is read by. */
  whole?: boolean;
  /** A cell cut to fit is also printed whole under the table, after the row's id: a failure's reason. */
  spill?: boolean;
  /** Narrowed by wrapping its cells onto more lines (at spaces where it can), never cut: a setting's value. */
  wrap?: boolean;
  /** May be left out: the lowest priority first (on a tie, the rightmost); without one, always shown. */
  priority?: number;
}

/** A column of a list. */
export interface Column<T> extends ColumnFit {
  header: string;
  value(item: T): Cell;
}

/** A field of a detail view: a label and its value. */
export type Field = readonly [label: string, value: Cell];

export const MISSING = '-';

/** Batch times are numbers; the document does not give the unit, so large values are taken as milliseconds. */
export function toDate(value: string | number): Date | undefined {
  const date = typeof value === 'number' ? new Date(value < 1e12 ? value * 1000 : value) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function isoTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return MISSING;
  const date = toDate(value);
  return date ? date.toISOString() : String(value);
}

export function relativeTime(value: string | number | null | undefined, now: number): string {
  if (value === null || value === undefined || value === '') return MISSING;
  const date = toDate(value);
  if (!date) return String(value);
  const seconds = Math.round((now - date.getTime()) / 1000);
  const future = seconds < 0;
  const s = Math.abs(seconds);
  const [n, unit] =
    s < 60
      ? [s, 'second']
      : s < 3600
        ? [Math.floor(s / 60), 'minute']
        : s < 86400
          ? [Math.floor(s / 3600), 'hour']
          : s < 86400 * 30
            ? [Math.floor(s / 86400), 'day']
            : s < 86400 * 365
              ? [Math.floor(s / (86400 * 30)), 'month']
              : [Math.floor(s / (86400 * 365)), 'year'];
  if (s < 5) return 'just now';
  const text = `${n} ${unit}${n === 1 ? '' : 's'}`;
  return future ? `in ${text}` : `${text} ago`;
}

/** The text of a cell for one output mode, before sanitising. */
export function cellText(cell: Cell, mode: { terminal: boolean; now: number }): string {
  // Scripts get empty fields and true/false; people get a dash and yes/no.
  const missing = mode.terminal ? MISSING : '';
  if (cell === null || cell === undefined) return missing;
  if (typeof cell === 'string') return cell === '' ? missing : cell;
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'boolean') return mode.terminal ? (cell ? 'yes' : 'no') : String(cell);
  if ('time' in cell) {
    if (cell.time === null || cell.time === undefined || cell.time === '') return missing;
    return mode.terminal ? relativeTime(cell.time, mode.now) : isoTime(cell.time);
  }
  return cell.text === '' ? missing : cell.text;
}

export function cellTone(cell: Cell): Tone | undefined {
  return typeof cell === 'object' && cell !== null && 'tone' in cell ? cell.tone : undefined;
}

/** Any JSON value as one line of text, for fields whose shape the document does not fix. */
export function inline(value: unknown): string {
  if (value === null || value === undefined) return MISSING;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
