// Piped, without a JSON option: one row per line, fields tab-separated, raw values (numbers as
// the API sent them, true/false, ISO 8601 times, an empty field for null), no colour. A detail
// is `name<TAB>value` lines keyed by the API's field names; --header and --columns shape rows.
import { sanitizeField } from '../../core/sanitize.js';
import { headerLine, pickColumns, rawRow, type NamedColumn } from '../columns.js';
import { cellText, type Cell } from '../cells.js';
import type { EventOutput, EventView, FieldsView, ListOutput, PrinterContext, TableView } from '../printer.js';
import { eventColumns } from './events.js';
import { ViewPrinter } from './view.js';

export class RowsPrinter extends ViewPrinter {
  protected readonly text = 'piped';

  protected table<T>(view: TableView<T>): ListOutput<T> {
    const { ctx } = this;
    const picked = pickColumns(view.columns, ctx.columns, ctx.command, 'pipe');
    return new RowsList(ctx, picked, ctx.header ? headerLine(ctx.columns, picked as readonly NamedColumn<unknown>[]) : undefined);
  }

  events<T>(view: EventView<T>): EventOutput<T> {
    const { ctx } = this;
    const picked = pickColumns(view.columns, ctx.columns, ctx.command, 'pipe');
    const header = ctx.header ? `type\t${headerLine(ctx.columns, picked as readonly NamedColumn<unknown>[])}` : undefined;
    const rows = new RowsList(ctx, eventColumns(picked), header);
    return { event: (event) => rows.page([event]) };
  }

  protected async fields<T>(view: FieldsView<T>): Promise<void> {
    const { ctx } = this;
    if (view.columns && (ctx.columns !== undefined || ctx.header)) {
      // Picked fields: one row of raw values, as a list's row, after the header line.
      const picked = pickColumns(view.columns, ctx.columns, ctx.command, 'pipe');
      const header = ctx.header ? `${headerLine(ctx.columns, picked as readonly NamedColumn<unknown>[])}\n` : '';
      await ctx.io.out(`${header}${rawRow(picked, view.item)}\n`);
      return;
    }
    const now = ctx.now();
    const lines = view.fields.map((field) => namedLine(field, view.item));
    for (const section of view.sections ?? []) {
      if ('fields' in section) lines.push(...section.fields.map((field) => namedLine(field, view.item)));
      else if ('rows' in section) lines.push(...section.rows.map((row) => pipedRow([section.key, ...row], now)));
      else lines.push(`${sanitizeField(section.name)}\t${sanitizeField(section.text)}`);
    }
    await ctx.io.out(lines.length ? `${lines.join('\n')}\n` : '');
  }
}

/** A row of a section: each cell's text, tab-separated. */
function pipedRow(cells: readonly Cell[], now: number): string {
  return cells.map((cell) => sanitizeField(cellText(cell, { terminal: false, now }))).join('\t');
}

/** `name<TAB>raw value`: the API's field name, and the value as a piped row carries it. */
function namedLine<T>(field: NamedColumn<T>, item: T): string {
  return `${sanitizeField(field.name)}\t${rawRow([field], item)}`;
}

/** Rows as pages arrive, after the --header line (which an empty list prints too). */
class RowsList<T> implements ListOutput<T> {
  printed = 0;
  private headerDone = false;

  constructor(
    private readonly ctx: PrinterContext,
    private readonly columns: readonly NamedColumn<T>[],
    private readonly header: string | undefined,
  ) {}

  async page(items: readonly T[]): Promise<void> {
    let text = this.headerText();
    for (const item of items) text += `${rawRow(this.columns, item)}\n`;
    this.printed += items.length;
    await this.ctx.io.out(text);
  }

  async end(): Promise<void> {
    await this.ctx.io.out(this.headerText());
  }

  private headerText(): string {
    if (this.headerDone || this.header === undefined) return '';
    this.headerDone = true;
    return `${this.header}\n`;
  }
}
