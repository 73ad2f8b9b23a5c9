// Terminal output: aligned columns without borders (like kubectl and gh), fitted to the
// terminal's width, statuses coloured by meaning. Loaded only when stdout is a terminal.
import Table from 'cli-table3';
import { Chalk } from 'chalk';
import { cellText, cellTone, MISSING, type Cell, type ColumnFit, type Tone } from './cells.js';
import { responseError } from '../core/errors.js';
import { sanitizeField } from '../core/sanitize.js';
import { displayWidth, padToWidth, wrapToWidth } from './width.js';

/** Which columns a table shows, and how wide. */
export interface Layout {
  /** Indexes of the columns shown, in order. */
  keep: readonly number[];
  /** Their widths, each including its right-hand gap. */
  widths: readonly number[];
  /** Indexes of the columns left out for want of room. */
  hidden: readonly number[];
}

export interface TableInput {
  headers: readonly string[];
  /** Every column's cell; columns the layout leaves out are skipped. */
  rows: readonly (readonly Cell[])[];
  /** What fitting may do with each column, as `headers` orders them; without it the first is the key and the others may be cut. */
  fit?: readonly ColumnFit[];
  width: number;
  color: boolean;
  now: number;
  /** A layout decided earlier (a list printed page by page keeps its first page's). */
  layout?: Layout;
}

const GAP = 2;
/** Narrowest a flexible column gets while priority columns can still make room: this share of its widest text, at least COMFORT_FLEX. */
const COMFORT_SHARE = 0.6;
const COMFORT_FLEX = 12;
/** Narrowest a flexible column gets before other columns are cut. */
const MIN_FLEX = 8;
/** Narrowest any column but the key gets before columns are left out. */
const MIN_ANY = 4;

/** The text of each cell as printed: a control character shows as an escape several columns wide. */
export function cellTexts(rows: readonly (readonly Cell[])[], now: number): string[][] {
  return rows.map((row) => row.map((cell) => sanitizeField(cellText(cell, { terminal: true, now }))));
}

/** Most rows a terminal table draws: far above any API page, below what would overflow cli-table3's stack. */
const MAX_TABLE_ROWS = 10_000;

/** A table without borders, fitted to `width` (see `fitTable`), or laid out as `input.layout` says. */
export function renderTable(input: TableInput): string {
  if (input.rows.length > MAX_TABLE_ROWS) {
    throw responseError(
      `the response has ${input.rows.length} rows, more than a table on a terminal shows (${MAX_TABLE_ROWS}); use --json or --jsonl, or pipe the output`,
    );
  }
  const chalk = new Chalk({ level: input.color ? 1 : 0 });
  const texts = cellTexts(input.rows, input.now);
  const { keep, widths } = input.layout ?? fitTable(input.headers, texts, input.fit, input.width);
  const table = new Table({
    head: keep.map((c) => chalk.bold(sanitizeField(input.headers[c]!))),
    colWidths: [...widths],
    wordWrap: false,
    truncate: '…',
    style: { head: [], border: [], compact: true, 'padding-left': 0, 'padding-right': GAP },
    chars: {
      top: '',
      'top-mid': '',
      'top-left': '',
      'top-right': '',
      bottom: '',
      'bottom-mid': '',
      'bottom-left': '',
      'bottom-right': '',
      left: '',
      'left-mid': '',
      mid: '',
      'mid-mid': '',
      right: '',
      'right-mid': '',
      middle: '',
    },
  });
  const facts = factsOf(input.headers, input.fit);
  input.rows.forEach((row, r) => {
    table.push(
      keep.map((c, k) => {
        const text = texts[r]![c]!;
        const lines = facts[c]!.wrap ? wrapToWidth(text, widths[k]! - GAP) : [text];
        return lines.map((line) => paint(chalk, line, cellTone(row[c]))).join('\n');
      }),
    );
  });
  const lines = table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd());
  return [...lines, ...spilled(input, texts, keep, widths)].join('\n');
}

/** The `spill` cells that were cut, whole under the table as `<id>: <text>`, so no reason is lost to the width. */
function spilled(input: TableInput, texts: readonly (readonly string[])[], keep: readonly number[], widths: readonly number[]): string[] {
  const facts = factsOf(input.headers, input.fit);
  const out: string[] = [];
  keep.forEach((c, k) => {
    if (!facts[c]!.spill) return;
    texts.forEach((row) => {
      // Wrapped between words at the terminal's width: a terminal would break them mid-word.
      if (displayWidth(row[c]!) > widths[k]! - GAP) out.push(...wrapToWidth(`${row[0]!}: ${row[c]!}`, input.width));
    });
  });
  return out.length > 0 ? ['', ...out] : [];
}

/** A table inside a detail view: whole when it fits, else each row as labelled fields, since these tables have no --columns. */
export function renderSection(input: Omit<TableInput, 'layout'>): string {
  const texts = cellTexts(input.rows, input.now);
  const natural = naturalWidths(input.headers, texts);
  const all = input.headers.map((_, c) => c);
  if (shrink(all, [...natural], [], () => 0, input.width)) {
    return renderTable({ ...input, layout: fitTable(input.headers, texts, input.fit, input.width) });
  }
  const options = { width: input.width, color: input.color, now: input.now };
  return input.rows
    .map((row) =>
      renderDetail(
        input.headers.map((h, c) => [h, row[c]] as const),
        options,
      ),
    )
    .join('\n\n');
}

/** A key/value view of one resource: labels dimmed; a long value, or a label too long beside it, wraps rather than being cut. */
export function renderDetail(
  fields: readonly (readonly [string, Cell])[],
  options: { width: number; color: boolean; now: number },
): string {
  return renderDetailFields(fields, options).flat().join('\n');
}

/** renderDetail's lines, field by field (a watch marks the lines of the fields that changed). */
export function renderDetailFields(
  fields: readonly (readonly [string, Cell])[],
  options: { width: number; color: boolean; now: number },
): string[][] {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  // Labels can be field names the server sent (fields this version does not know).
  const labels = fields.map(([label]) => sanitizeField(label));
  const labelWidth = Math.min(Math.max(0, ...labels.map(displayWidth)), Math.max(8, Math.floor(options.width * 0.4)));
  const indent = ' '.repeat(labelWidth + GAP);
  const room = Math.max(1, options.width - labelWidth - GAP);
  return fields.map(([, cell], i) => {
    const label = labels[i]!;
    const value = wrapToWidth(sanitizeField(cellText(cell, { terminal: true, now: options.now })), room).map((line) =>
      paint(chalk, line, cellTone(cell)),
    );
    if (displayWidth(label) > labelWidth) {
      return [...wrapToWidth(label, options.width).map((line) => chalk.dim(line)), ...value.map((line) => indent + line)];
    }
    return [`${chalk.dim(padToWidth(label, labelWidth))}${' '.repeat(GAP)}${value[0]!}`, ...value.slice(1).map((line) => indent + line)];
  });
}

/** A heading between sections of a detail view. */
export function renderHeading(text: string, color: boolean): string {
  return new Chalk({ level: color ? 1 : 0 }).bold(sanitizeField(text));
}

/** The colour of each tone. */
const TONE_STYLES = { good: 'green', bad: 'red', warn: 'yellow', busy: 'cyan', muted: 'dim' } as const satisfies Record<Tone, string>;

function paint(chalk: InstanceType<typeof Chalk>, text: string, tone: Tone | undefined): string {
  return tone ? chalk[TONE_STYLES[tone]](text) : text;
}

/**
 * Which columns a terminal of `width` shows, and how wide. Short of room, in order: leave out the
 * columns with nothing in them (every cell `-`; not named in `hidden`, as nothing is lost), then
 * priority columns (lowest first), cut flexible ones (widest first), then any but the key, cut the
 * whole ones, and last leave out columns from the right. The key (the id a command takes) is never
 * cut and never left out: everything else gives way first.
 */
export function fitTable(
  headers: readonly string[],
  texts: readonly (readonly string[])[],
  fit: readonly ColumnFit[] | undefined,
  width: number,
): Layout {
  const facts = factsOf(headers, fit);
  const natural = naturalWidths(headers, texts);
  const all = headers.map((_, c) => c);
  const blank = all.filter((c) => !facts[c]!.key && texts.length > 0 && texts.every((row) => row[c] === MISSING));
  const layout = (keep: readonly number[], text: readonly number[]): Layout => ({
    keep,
    widths: keep.map((c) => text[c]! + GAP),
    hidden: all.filter((c) => !keep.includes(c) && !blank.includes(c)),
  });
  let keep = shrink(all, [...natural], [], () => 0, width) ? all : all.filter((c) => !blank.includes(c));
  const droppable = keep
    .filter((c) => facts[c]!.priority !== undefined && !facts[c]!.key)
    .sort((a, b) => facts[a]!.priority! - facts[b]!.priority! || b - a);
  const comfort = (c: number) => (facts[c]!.whole ? natural[c]! : Math.max(COMFORT_FLEX, Math.ceil(natural[c]! * COMFORT_SHARE)));
  for (const drop of [...droppable, undefined]) {
    const text = [...natural];
    if (shrink(keep, text, flexibleOf(facts, keep), comfort, width)) return layout(keep, text);
    if (drop === undefined) break;
    keep = keep.filter((c) => c !== drop);
  }
  for (;;) {
    const text = [...natural];
    // The columns not whole first: the flexible ones down to MIN_FLEX, then any of them down to MIN_ANY.
    const cuttable = keep.filter((c) => !facts[c]!.whole);
    if (
      shrink(keep, text, flexibleOf(facts, cuttable), () => MIN_FLEX, width) ||
      shrink(keep, text, unkeyed(facts, cuttable), () => MIN_ANY, width)
    )
      return layout(keep, text);
    // Then the whole ones share what is left, the widest cut first: a name and a status alike.
    const fits = shrink(keep, text, unkeyed(facts, keep), () => MIN_ANY, width);
    const last = [...keep].reverse().find((c) => !facts[c]!.key);
    if (fits || last === undefined) return layout(keep, text);
    keep = keep.filter((c) => c !== last);
  }
}

function factsOf(headers: readonly string[], fit: readonly ColumnFit[] | undefined): ColumnFit[] {
  return headers.map((_, c) => (fit ? (fit[c] ?? {}) : c === 0 ? { key: true } : { flexible: true }));
}

/** The columns narrowed first: those cut with `…` and those that wrap. */
function flexibleOf(facts: readonly ColumnFit[], keep: readonly number[]): number[] {
  return keep.filter((c) => (facts[c]!.flexible || facts[c]!.wrap) && !facts[c]!.key);
}

function unkeyed(facts: readonly ColumnFit[], keep: readonly number[]): number[] {
  return keep.filter((c) => !facts[c]!.key);
}

/** Each column's widest text, header included. */
function naturalWidths(headers: readonly string[], texts: readonly (readonly string[])[]): number[] {
  const widths = headers.map((h) => displayWidth(h));
  for (const row of texts) row.forEach((text, c) => (widths[c] = Math.max(widths[c] ?? 0, displayWidth(text))));
  return widths;
}

/** Narrows `candidates` (the widest first, none below its `floor`) until the columns `keep` fit in `width`; true when they fit. */
function shrink(
  keep: readonly number[],
  text: number[],
  candidates: readonly number[],
  floor: (c: number) => number,
  width: number,
): boolean {
  let excess = keep.reduce((sum, c) => sum + text[c]!, 0) + GAP * (keep.length - 1) - width;
  while (excess > 0) {
    let widest = -1;
    for (const c of candidates) if (text[c]! > floor(c) && (widest < 0 || text[c]! > text[widest]!)) widest = c;
    if (widest < 0) return false;
    text[widest]! -= 1;
    excess -= 1;
  }
  return true;
}
