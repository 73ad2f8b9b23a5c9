// Chooses the output form for a result: the API's body under --json, the outputs of a filter
// under --jq, JSON Lines under --jsonl, a table on a terminal, tab-separated rows in a pipe.
// Tables and the jq engine load only when their mode is chosen.
import type { Io } from '../core/io.js';
import type { Cell, Column, Field } from './cells.js';
import { headerLine, pickColumns, rawRow, rowColumns, tableColumns, type NamedColumn } from './columns.js';
import type { JqBatches, JqFilter } from './jq.js';
import { JsonlWriter, printJsonLine } from './jsonl.js';
import { formatRow } from './rows.js';
import { wrapToWidth } from './width.js';
import { safeJson, sanitizeField } from '../core/sanitize.js';

/** The table renderer (cli-table3), loaded only when a terminal is there. */
export type Tables = typeof import('./table.js');
type Layout = import('./table.js').Layout;
/** The jq engine's module, loaded only under --jq. */
export type Jq = typeof import('./jq.js');

/** What the output options of a run ask for, checked before anything was sent. */
export interface Shaping {
  /** --jq: the filter, compiled before anything was sent, and the loader of the engine that runs it. */
  jq?: { filter: JqFilter; load: () => Promise<Jq> };
  /** --jsonl */
  jsonl: boolean;
  /** --columns, as typed: the names were checked against the command's columns. */
  columns?: string;
  /** --header */
  header: boolean;
}

export interface OutputMode extends Shaping {
  io: Io;
  json: boolean;
  now: number;
  tables: () => Promise<Tables>;
  /** The command's words, for messages (`interns ls`). */
  command: string;
}

/**
 * The body under --jq, --jsonl or --json (a list's `items` one per line under --jsonl); false
 * when the result is for rows or a table, which the caller then prints.
 */
export async function printBody(mode: OutputMode, body: unknown, items?: readonly unknown[]): Promise<boolean> {
  if (mode.jq) {
    const { printJq } = await mode.jq.load();
    await printJq(mode.io, mode.jq.filter, body);
    return true;
  }
  if (mode.jsonl) {
    if (items) await new JsonlWriter(mode.io).page(items);
    else await printJsonLine(mode.io, body);
    return true;
  }
  if (mode.json) {
    await printJson(mode.io, body);
    return true;
  }
  return false;
}

export async function printJson(io: Io, body: unknown): Promise<void> {
  await io.out(`${safeJson(body)}\n`);
}

/** One page of a list: the body as-is under --json, otherwise its items in columns. */
export async function printList<T>(
  mode: OutputMode,
  body: unknown,
  items: readonly T[],
  columns: readonly NamedColumn<T>[],
): Promise<void> {
  if (await printBody(mode, body, items)) return;
  const printer = new ListPrinter<T>(mode, columns);
  await printer.page(items);
  await printer.end({});
}

/** A section of a detail view: key/value fields, or a small table. */
export type Section =
  | { title?: string; fields: readonly Field[] }
  | { title: string; /** First field of each piped row. */ key: string; headers: readonly string[]; rows: readonly (readonly Cell[])[] };

/** A detail view's fields as declared columns (the spec's names), which --columns and --header pick from. */
export interface DetailColumns<T> {
  item: T;
  columns: readonly NamedColumn<T>[];
}

/**
 * One resource: the body as-is under --json; on a terminal, labelled fields and tables;
 * in a pipe, `label<TAB>value` lines, and each table row prefixed by its section's key.
 * With --columns (or --header in a pipe) and declared columns: on a terminal the picked
 * fields, in a pipe one row of their raw values (after the header line).
 */
export async function printDetail<T>(
  mode: OutputMode,
  body: unknown,
  sections: readonly Section[],
  declared?: DetailColumns<T>,
): Promise<void> {
  const { io } = mode;
  if (await printBody(mode, body)) return;
  if (declared && (mode.columns !== undefined || (mode.header && !io.stdoutIsTTY))) {
    await printPicked(mode, declared);
    return;
  }
  if (!io.stdoutIsTTY) {
    const lines: string[] = [];
    for (const section of sections) {
      if ('fields' in section) for (const [label, value] of section.fields) lines.push(formatRow([label, value], mode.now));
      else for (const row of section.rows) lines.push(formatRow([section.key, ...row], mode.now));
    }
    await io.out(lines.length ? `${lines.join('\n')}\n` : '');
    return;
  }
  const { renderDetail, renderSection, renderHeading } = await mode.tables();
  const blocks: string[] = [];
  for (const section of sections) {
    const heading = section.title ? `${renderHeading(section.title, io.color)}\n` : '';
    if ('fields' in section) {
      if (section.fields.length) blocks.push(heading + renderDetail(section.fields, { width: io.columns, color: io.color, now: mode.now }));
    } else if (section.rows.length) {
      blocks.push(
        heading + renderSection({ headers: section.headers, rows: section.rows, width: io.columns, color: io.color, now: mode.now }),
      );
    }
  }
  await io.out(`${blocks.join('\n\n')}\n`);
}

async function printPicked<T>(mode: OutputMode, { item, columns }: DetailColumns<T>): Promise<void> {
  const { io } = mode;
  const picked = pickColumns(columns, mode.columns, mode.command);
  if (!io.stdoutIsTTY) {
    const header = mode.header ? `${headerLine(mode.columns, picked as readonly NamedColumn<unknown>[])}\n` : '';
    await io.out(`${header}${rawRow(picked, item)}\n`);
    return;
  }
  const { renderDetail } = await mode.tables();
  const fields = picked.map((c): Field => [c.header, c.value(item)]);
  await io.out(`${renderDetail(fields, { width: io.columns, color: io.color, now: mode.now })}\n`);
}

/**
 * Prints a list page by page as pages arrive, so memory stays flat however long the list.
 * Under --json the pages become one body `{"data": [...all items], ...rest}`; under --jsonl
 * each item is one line as it arrives; under --jq the merged body is kept and filtered at the
 * end (jq needs all of it), unless the filter takes the items one by one (`.data[] | …`): that
 * one runs on batches of items as they arrive. On a terminal the column widths are fixed by
 * the first page; in a pipe every item is one row, after the --header line.
 */
export class ListPrinter<T> {
  private count = 0;
  private opened = false;
  private headerDone = false;
  private layout: Layout | undefined;
  private jsonl: JsonlWriter | undefined;
  private readonly kept: T[] = [];
  private jqBatches: JqBatches | undefined;
  /** Terminal: human cells as declared; piped: raw values. In the order --columns gives. */
  private readonly columns: readonly Column<T>[];
  /** The columns' names, for the note that says which ones a narrow terminal left out. */
  private readonly names: readonly string[];
  private readonly headerLine: string | undefined;

  constructor(
    private readonly mode: OutputMode,
    declared: readonly NamedColumn<T>[],
  ) {
    const picked = pickColumns(declared, mode.columns, mode.command);
    this.columns = mode.io.stdoutIsTTY ? tableColumns(picked) : rowColumns(picked);
    this.names = picked.map((c) => c.name);
    this.headerLine = mode.header ? headerLine(mode.columns, picked) : undefined;
  }

  get printed(): number {
    return this.count;
  }

  /** Items of one page, in order. Under --json, `toJson` gives each item's JSON value. */
  async page(items: readonly T[]): Promise<void> {
    const { io, now } = this.mode;
    if (this.mode.jq) {
      for (const item of items) this.kept.push(item);
      this.count += items.length;
      // An item-by-item filter runs on a batch as soon as it is big enough: memory stays flat
      // and the engine works (on a thread of its own) while the next pages are on their way.
      if (this.mode.jq.filter.itemwise && this.kept.length >= JQ_BATCH_ITEMS) await this.filterKept({ more: true });
      return;
    }
    if (this.mode.jsonl) {
      this.jsonl ??= new JsonlWriter(io);
      await this.jsonl.page(items);
      this.count += items.length;
      return;
    }
    if (this.mode.json) {
      if (items.length === 0) return;
      // One native stringify per page, already indented as the items of `data`: cut the
      // page's own `{"data": [` and `]}` off and join the pages with commas.
      const page = safeJson({ data: items });
      const inner = page.slice(PAGE_OPEN.length, page.length - PAGE_CLOSE.length);
      await io.out(`${this.opened ? ',' : '{\n  "data": ['}\n${inner}`);
      this.opened = true;
      this.count += items.length;
      return;
    }
    if (!io.stdoutIsTTY) {
      let text = this.headerText();
      for (const item of items)
        text += `${formatRow(
          this.columns.map((c) => c.value(item)),
          now,
        )}\n`;
      this.count += items.length;
      await io.out(text);
      return;
    }
    if (items.length === 0) return;
    const { renderTable, fitTable, cellTexts } = await this.mode.tables();
    const headers = this.columns.map((c) => c.header);
    const rows = items.map((item) => this.columns.map((c) => c.value(item)));
    this.layout ??= fitTable(headers, cellTexts(rows, now), this.columns, io.columns);
    const table = renderTable({ headers, rows, width: io.columns, color: io.color, now, layout: this.layout });
    // The header belongs to the first page only.
    const body = this.count === 0 ? table : table.split('\n').slice(1).join('\n');
    this.count += items.length;
    await io.out(`${body}\n`);
  }

  /**
   * Hands the items kept so far to an item-by-item filter and lets them go. `more`: pages are
   * still coming, which is when a thread of jq's own pays for its start.
   */
  private async filterKept({ more }: { more: boolean }): Promise<void> {
    if (!this.mode.jq || this.kept.length === 0) return;
    const batch = this.kept.splice(0);
    if (!this.jqBatches) {
      const { startJqBatches } = await this.mode.jq.load();
      this.jqBatches = startJqBatches(this.mode.io, this.mode.jq.filter, { threaded: more });
    }
    await this.jqBatches.add(batch);
  }

  /** The --header line, once, before the first row. */
  private headerText(): string {
    if (this.headerDone || this.headerLine === undefined) return '';
    this.headerDone = true;
    return `${this.headerLine}\n`;
  }

  /** Closes the list. Under --json, `rest` holds the body's other fields (has_more, total_count...). */
  async end(rest: Record<string, unknown>): Promise<void> {
    if (this.mode.jq) {
      if (this.mode.jq.filter.itemwise) {
        await this.filterKept({ more: false });
        await this.jqBatches?.finish();
        return;
      }
      const { data: _ignored, ...others } = rest;
      const { printJq } = await this.mode.jq.load();
      await printJq(this.mode.io, this.mode.jq.filter, { data: this.kept, ...others });
      return;
    }
    if (this.mode.jsonl) return;
    if (!this.mode.json) {
      // An empty list still begins with its header line.
      if (!this.mode.io.stdoutIsTTY) await this.mode.io.out(this.headerText());
      // A hint, so stderr: the table on stdout stays the table.
      else if (this.layout?.hidden.length) {
        const note = hiddenNote(this.layout.hidden.map((c) => this.names[c]!));
        this.mode.io.err(`${wrapToWidth(note, this.mode.io.columns).join('\n')}\n`);
      }
      return;
    }
    let text = this.opened ? '\n  ]' : '{\n  "data": []';
    for (const [key, value] of Object.entries(rest)) {
      if (key !== 'data') text += `,\n  ${safeJson(key)}: ${indent(safeJson(value), '  ').trimStart()}`;
    }
    await this.mode.io.out(`${text}\n}\n`);
  }
}

/** `2 columns hidden (model, hostname): --columns to choose`: the names are those --columns takes. */
export function hiddenNote(names: readonly string[]): string {
  const count = names.length === 1 ? '1 column' : `${names.length} columns`;
  return `${count} hidden (${names.map(sanitizeField).join(', ')}): --columns to choose`;
}

const PAGE_OPEN = '{\n  "data": [\n';
const PAGE_CLOSE = '\n  ]\n}';
/**
 * Items an item-by-item --jq filter is run on at once: each run of the engine costs a few
 * milliseconds of set-up (jq compiles its builtins), so not one page at a time. Measured over
 * 100,000 interns, 1,000 to 10,000 take about the same time; 1,000 holds the least memory.
 */
const JQ_BATCH_ITEMS = 1000;

function indent(text: string, pad: string): string {
  return text
    .split('\n')
    .map((line) => pad + line)
    .join('\n');
}
