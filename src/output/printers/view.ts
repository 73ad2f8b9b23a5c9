// What the two forms that show views (piped rows and the terminal) share. They differ only in how
// they print a resource's fields and a list's columns, and which text of a text view they take; a
// list already here prints as a list of one page, a body as --json prints it, and a list of bodies
// only (`gwctl api --paginate`) as --json does.
import type {
  Detail,
  EventOutput,
  EventView,
  FieldsView,
  ListOutput,
  ListView,
  Printer,
  PrinterContext,
  TableView,
  TextView,
} from '../printer.js';
import { JsonPrinter } from './json.js';
import { writePrettyJson } from '../json-text.js';

export abstract class ViewPrinter implements Printer {
  /** The text of a text view this form prints. */
  protected abstract readonly text: keyof Omit<TextView, 'kind'>;

  constructor(protected readonly ctx: PrinterContext) {}

  async detail<T>(detail: Detail<T>): Promise<void> {
    const { view } = detail;
    switch (view.kind) {
      case 'fields':
        return this.fields(view);
      case 'rows': {
        const out = this.list(view);
        await out.page(this.text === 'terminal' ? (view.atTerminal ?? view.items) : view.items);
        return out.end({});
      }
      case 'text':
        return this.ctx.io.out(view[this.text]);
      case 'body':
        return writePrettyJson((text) => this.ctx.io.out(text), detail.body);
    }
  }

  list<T>(view: ListView<T>): ListOutput<T> {
    return 'columns' in view ? this.table(view) : new JsonPrinter(this.ctx).list<T>();
  }

  abstract events<T>(view: EventView<T>): EventOutput<T>;
  protected abstract table<T>(view: TableView<T>): ListOutput<T>;
  protected abstract fields<T>(view: FieldsView<T>): Promise<void>;
}
