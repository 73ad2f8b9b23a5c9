// Terminal output: aligned columns without borders (like kubectl and gh), fitted to the
// terminal's width, statuses coloured by meaning. Loaded only when stdout is a terminal.
import Table from 'cli-table3';
import { Chalk } from 'chalk';
import { cellText, cellTone, type Cell, type Tone } from './cells.js';
import { sanitizeField } from '../core/sanitize.js';
import { displayWidth, padToWidth, truncateToWidth } from './width.js';

export interface TableInput {
  headers: readonly string[];
  rows: readonly (readonly Cell[])[];
  /** Indexes of columns that may be shortened to fit. */
  flexible?: readonly number[];
  width: number;
  color: boolean;
  now: number;
  /** Column widths decided earlier (a list printed page by page keeps the first page's). */
  widths?: readonly number[];
}

const GAP = 2;
/** Narrowest a flexible column gets while optional columns can still make room. */
const COMFORT_FLEX = 16;
/** Narrowest a flexible column ever gets. */
const MIN_FLEX = 8;

export function renderTable(input: TableInput): string {
  const chalk = new Chalk({ level: input.color ? 1 : 0 });
  const texts = input.rows.map((row) => row.map((cell) => sanitizeField(cellText(cell, { terminal: true, now: input.now }))));
  const widths = [...(input.widths ?? fitWidths(input.headers, texts, input.flexible ?? [], input.width))];
  const table = new Table({
    head: input.headers.map((h) => chalk.bold(sanitizeField(h))),
    colWidths: widths,
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
  input.rows.forEach((row, r) => {
    table.push(row.map((cell, c) => paint(chalk, texts[r]![c]!, cellTone(cell))));
  });
  return table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}

/** A key/value view of one resource: labels dimmed, values as given. */
export function renderDetail(
  fields: readonly (readonly [string, Cell])[],
  options: { width: number; color: boolean; now: number },
): string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  // Labels can be field names the server sent (fields this version does not know).
  const labels = fields.map(([label]) => sanitizeField(label));
  const labelWidth = Math.max(0, ...labels.map(displayWidth));
  return fields
    .map(([, cell], i) => {
      const text = sanitizeField(cellText(cell, { terminal: true, now: options.now }));
      const room = Math.max(10, options.width - labelWidth - GAP);
      const shown = truncateToWidth(text, room);
      return `${chalk.dim(padToWidth(labels[i]!, labelWidth))}${' '.repeat(GAP)}${paint(chalk, shown, cellTone(cell))}`;
    })
    .join('\n');
}

/** A heading between sections of a detail view. */
export function renderHeading(text: string, color: boolean): string {
  return new Chalk({ level: color ? 1 : 0 }).bold(sanitizeField(text));
}

function paint(chalk: InstanceType<typeof Chalk>, text: string, tone: Tone | undefined): string {
  switch (tone) {
    case 'good':
      return chalk.green(text);
    case 'bad':
      return chalk.red(text);
    case 'warn':
      return chalk.yellow(text);
    case 'busy':
      return chalk.cyan(text);
    case 'muted':
      return chalk.dim(text);
    default:
      return text;
  }
}

/**
 * Natural column widths (each including its right-hand gap), shrunk to the terminal: the
 * widest flexible column gives way first, never below a readable minimum.
 */
export function fitWidths(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  flexible: readonly number[],
  width: number,
  minFlex: number = MIN_FLEX,
): number[] {
  const widths = headers.map((h) => displayWidth(h));
  for (const row of rows) row.forEach((text, c) => (widths[c] = Math.max(widths[c] ?? 0, displayWidth(text))));
  for (let c = 0; c < widths.length; c++) widths[c]! += GAP;
  const shrinkable = flexible.length > 0 ? flexible : headers.map((_, c) => c);
  // The last column's gap is trimmed from the line, so it does not count.
  let excess = widths.reduce((a, b) => a + b, 0) - GAP - width;
  while (excess > 0) {
    let widest = -1;
    for (const c of shrinkable) {
      if (widths[c]! > minFlex + GAP && (widest < 0 || widths[c]! > widths[widest]!)) widest = c;
    }
    if (widest < 0) break;
    widths[widest]! -= 1;
    excess -= 1;
  }
  return widths;
}

/**
 * Which columns a terminal of `width` shows, and how wide. Optional columns are dropped,
 * rightmost first, rather than squeezing the others below a comfortable width; only when
 * even that fails are the remaining columns cut to the bare minimum.
 */
export function chooseColumns(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  flexible: readonly number[],
  optional: readonly number[],
  width: number,
): { keep: number[]; widths: number[] } {
  const layout = (keep: number[], minFlex: number) => {
    const pick = <T>(list: readonly T[]): T[] => keep.map((c) => list[c]!);
    const flex = flexible.flatMap((c) => (keep.includes(c) ? [keep.indexOf(c)] : []));
    const widths = fitWidths(
      pick(headers),
      rows.map((row) => pick(row)),
      flex,
      width,
      minFlex,
    );
    return { keep, widths, fits: widths.reduce((a, b) => a + b, 0) - GAP <= width };
  };
  let keep = headers.map((_, c) => c);
  for (let dropped = 0; ; dropped++) {
    const attempt = layout(keep, COMFORT_FLEX);
    if (attempt.fits) return { keep: attempt.keep, widths: attempt.widths };
    const drop = optional[optional.length - 1 - dropped];
    if (drop === undefined) break;
    keep = keep.filter((c) => c !== drop);
  }
  const last = layout(keep, MIN_FLEX);
  return { keep: last.keep, widths: last.widths };
}
