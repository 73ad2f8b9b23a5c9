// Chooses the output form for a result: the API's body under --json, a table on a terminal,
// tab-separated rows in a pipe. Tables load their libraries only when a terminal is there.
import type { Io } from '../core/io.js';
import { cellText, type Cell, type Column, type Field } from './cells.js';
import { formatRow } from './rows.js';
import { safeJson } from '../core/sanitize.js';

/** The table renderer (cli-table3), loaded only when a terminal is there. */
export type Tables = typeof import('./table.js');

export interface OutputMode {
  io: Io;
  json: boolean;
  now: number;
  tables: () => Promise<Tables>;
}

export async function printJson(io: Io, body: unknown): Promise<void> {
  await io.out(`${safeJson(body)}\n`);
}

/** One page of a list: the body as-is under --json, otherwise its items in columns. */
export async function printList<T>(mode: OutputMode, body: unknown, items: readonly T[], columns: readonly Column<T>[]): Promise<void> {
  if (mode.json) return printJson(mode.io, body);
  const printer = new ListPrinter<T>(mode, columns);
  await printer.page(items);
  await printer.end({});
}

/** A section of a detail view: key/value fields, or a small table. */
export type Section =
  | { title?: string; fields: readonly Field[] }
  | { title: string; /** First field of each piped row. */ key: string; headers: readonly string[]; rows: readonly (readonly Cell[])[] };

/**
 * One resource: the body as-is under --json; on a terminal, labelled fields and tables;
 * in a pipe, `label<TAB>value` lines, and each table row prefixed by its section's key.
 */
export async function printDetail(mode: OutputMode, body: unknown, sections: readonly Section[]): Promise<void> {
  const { io } = mode;
  if (mode.json) return printJson(io, body);
  if (!io.stdoutIsTTY) {
    const lines: string[] = [];
    for (const section of sections) {
      if ('fields' in section) for (const [label, value] of section.fields) lines.push(formatRow([label, value], mode.now));
      else for (const row of section.rows) lines.push(formatRow([section.key, ...row], mode.now));
    }
    await io.out(lines.length ? `${lines.join('\n')}\n` : '');
    return;
  }
  const { renderDetail, renderTable, renderHeading } = await mode.tables();
  const blocks: string[] = [];
  for (const section of sections) {
    const heading = section.title ? `${renderHeading(section.title, io.color)}\n` : '';
    if ('fields' in section) {
      if (section.fields.length) blocks.push(heading + renderDetail(section.fields, { width: io.columns, color: io.color, now: mode.now }));
    } else if (section.rows.length) {
      blocks.push(heading + renderTable({ headers: section.headers, rows: section.rows, width: io.columns, color: io.color, now: mode.now }));
    }
  }
  await io.out(`${blocks.join('\n\n')}\n`);
}

/**
 * Prints a list page by page as pages arrive, so memory stays flat however long the list.
 * Under --json the pages become one body `{"data": [...all items], ...rest}`; on a terminal
 * the column widths are fixed by the first page; in a pipe every item is one row.
 */
export class ListPrinter<T> {
  private count = 0;
  private opened = false;
  private layout: { keep: number[]; widths: number[] } | undefined;

  constructor(
    private readonly mode: OutputMode,
    private readonly columns: readonly Column<T>[],
  ) {}

  get printed(): number {
    return this.count;
  }

  /** Items of one page, in order. Under --json, `toJson` gives each item's JSON value. */
  async page(items: readonly T[]): Promise<void> {
    const { io, now } = this.mode;
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
      let text = '';
      for (const item of items) text += `${formatRow(this.columns.map((c) => c.value(item)), now)}\n`;
      this.count += items.length;
      await io.out(text);
      return;
    }
    if (items.length === 0) return;
    const { renderTable, chooseColumns } = await this.mode.tables();
    const all = this.columns.map((c) => c.header);
    const cells = items.map((item) => this.columns.map((c) => c.value(item)));
    if (!this.layout) {
      const texts = cells.map((row) => row.map((cell) => cellText(cell, { terminal: true, now })));
      const flexible = this.columns.flatMap((c, i) => (c.flexible ? [i] : []));
      const optional = this.columns.flatMap((c, i) => (c.optional ? [i] : []));
      this.layout = chooseColumns(all, texts, flexible, optional, io.columns);
    }
    const { keep, widths } = this.layout;
    const headers = keep.map((c) => all[c]!);
    const rows = cells.map((row) => keep.map((c) => row[c]));
    const table = renderTable({ headers, rows, width: io.columns, color: io.color, now, widths });
    // The header belongs to the first page only.
    const body = this.count === 0 ? table : table.split('\n').slice(1).join('\n');
    this.count += items.length;
    await io.out(`${body}\n`);
  }

  /** Closes the list. Under --json, `rest` holds the body's other fields (has_more, total_count...). */
  async end(rest: Record<string, unknown>): Promise<void> {
    if (!this.mode.json) return;
    let text = this.opened ? '\n  ]' : '{\n  "data": []';
    for (const [key, value] of Object.entries(rest)) {
      if (key !== 'data') text += `,\n  ${safeJson(key)}: ${indent(safeJson(value), '  ').trimStart()}`;
    }
    await this.mode.io.out(`${text}\n}\n`);
  }
}

const PAGE_OPEN = '{\n  "data": [\n';
const PAGE_CLOSE = '\n  ]\n}';

function indent(text: string, pad: string): string {
  return text
    .split('\n')
    .map((line) => pad + line)
    .join('\n');
}
