// On a terminal: aligned tables fitted to the width, labelled detail views, colour by meaning,
// relative times. The table renderer (cli-table3) loads on the first thing printed.
import { WatchScreen } from '../watch-screen.js';
import { sanitizeBlock } from '../../core/sanitize.js';
import type { Field } from '../cells.js';
import { hiddenNote, pickColumns, tableColumns, type NamedColumn } from '../columns.js';
import type { EventOutput, EventView, FieldsView, ListOutput, PrinterContext, TableView } from '../printer.js';
import type { Layout } from '../table.js';
import { wrapToWidth } from '../width.js';
import { emptyNote } from './empty.js';
import { RowsPrinter } from './rows.js';
import { ViewPrinter } from './view.js';

export class TerminalPrinter extends ViewPrinter {
  protected readonly text = 'terminal';

  protected table<T>(view: TableView<T>): ListOutput<T> {
    return new TableList(this.ctx, pickColumns(view.columns, this.ctx.columns, this.ctx.command, 'terminal'), view.empty, view.note);
  }

  /** A first form for --watch: one table row per event, TYPE first. */
  events<T>(view: EventView<T>): EventOutput<T> {
    // Accessible mode: no screen redrawn in place, each change a line, as piped.
    if (this.ctx.accessible) return new RowsPrinter(this.ctx).events(view);
    // The view redrawn in place at each poll (watch-screen.ts); events themselves print nothing here.
    const screen = new WatchScreen<T>({
      io: this.ctx.io,
      tables: this.ctx.tables,
      now: this.ctx.now,
      columns: pickColumns(view.columns, this.ctx.columns, this.ctx.command, 'terminal'),
      kind: view.kind ?? 'table',
      title: view.title ?? `gwctl ${this.ctx.command} --watch`,
      noun: view.noun ?? 'items',
      id: view.id ?? ((item) => String((item as { id?: unknown }).id)),
    });
    return {
      event: async () => {},
      poll: (frame) => screen.poll(frame),
      end: () => screen.end(),
      outage: (message, nextPollMs) => screen.outage(message, nextPollMs),
    };
  }

  protected async fields<T>(view: FieldsView<T>): Promise<void> {
    const { io } = this.ctx;
    const now = this.ctx.now();
    const { renderDetail, renderSection, renderHeading } = await this.ctx.tables();
    const options = { width: io.columns, color: io.color, now };
    const labelled = (fields: readonly NamedColumn<T>[]): Field[] => fields.map((c) => [c.header, c.value(view.item)]);
    if (view.columns && this.ctx.columns !== undefined) {
      const picked = pickColumns(view.columns, this.ctx.columns, this.ctx.command, 'terminal');
      await io.out(`${renderDetail(labelled(picked), options)}\n`);
      return;
    }
    const blocks: string[] = [];
    if (view.fields.length) blocks.push(renderDetail(labelled(view.fields), options));
    for (const section of view.sections ?? []) {
      const heading = `${renderHeading(section.title, io.color)}\n`;
      if ('fields' in section) {
        if (section.fields.length) blocks.push(heading + renderDetail(labelled(section.fields), options));
      } else if ('rows' in section) {
        if (section.rows.length) blocks.push(heading + renderSection({ headers: section.headers, rows: section.rows, ...options }));
      } else if (section.text) {
        // Prose keeps its own lines, each wrapped to the terminal like any detail value.
        const lines = sanitizeBlock(section.text)
          .split('\n')
          .flatMap((line) => wrapToWidth(line, io.columns));
        blocks.push(heading + lines.join('\n'));
      }
    }
    await io.out(`${blocks.join('\n\n')}\n`);
  }
}

/** A table page by page: columns and widths fixed by the first page, which alone has the header; a note names columns left out. */
class TableList<T> implements ListOutput<T> {
  printed = 0;
  private layout: Layout | undefined;

  constructor(
    private readonly ctx: PrinterContext,
    private readonly columns: readonly NamedColumn<T>[],
    private readonly empty: string | undefined,
    private readonly note: string | undefined = undefined,
  ) {}

  async page(items: readonly T[]): Promise<void> {
    if (items.length === 0) return;
    const { io } = this.ctx;
    const now = this.ctx.now();
    const { renderTable, fitTable, cellTexts } = await this.ctx.tables();
    const columns = tableColumns(this.columns);
    const headers = columns.map((c) => c.header);
    const rows = items.map((item) => columns.map((c) => c.value(item)));
    this.layout ??= fitTable(headers, cellTexts(rows, now), columns, io.columns);
    const table = renderTable({ headers, rows, fit: columns, width: io.columns, color: io.color, now, layout: this.layout });
    const body = this.printed === 0 ? table : table.split('\n').slice(1).join('\n');
    this.printed += items.length;
    await io.out(`${body}\n`);
  }

  async end(): Promise<void> {
    const { io } = this.ctx;
    if (this.printed === 0) emptyNote(io, this.empty);
    // A hint, so stderr: the table on stdout stays the table.
    else if (this.layout?.hidden.length) io.err(`${hiddenNote(this.layout.hidden.map((c) => this.columns[c]!.name))}\n`);
    if (this.printed > 0 && this.note !== undefined) io.err(`${this.note}\n`);
  }
}
