// --jsonl: JSON Lines. A list is one compact item per line without the envelope, written page
// by page as pages arrive; a single result is its body on one line; a watch event one line.
import { JsonlWriter, printJsonLine } from '../jsonl.js';
import type { Detail, EventOutput, ListOutput, ListView, Printer, PrinterContext, View } from '../printer.js';
import { emptyNote } from './empty.js';
import { textWithoutBody } from './text.js';

export class JsonlPrinter implements Printer {
  constructor(private readonly ctx: PrinterContext) {}

  async detail<T>(detail: Detail<T>): Promise<void> {
    const { io } = this.ctx;
    if (!('body' in detail)) return io.out(textWithoutBody(detail.view));
    if (detail.items) {
      await new JsonlWriter(io).page(detail.items);
      if (detail.items.length === 0) emptyNote(io, noteOf(detail.view));
      return;
    }
    await printJsonLine(io, detail.body);
  }

  list<T>(view: ListView<T>): ListOutput<T> {
    const { io } = this.ctx;
    const writer = new JsonlWriter(io);
    return {
      get printed() {
        return writer.printed;
      },
      page: (items) => writer.page(items),
      end: async () => {
        if (writer.printed === 0) emptyNote(io, 'empty' in view ? view.empty : undefined);
      },
    };
  }

  events<T>(): EventOutput<T> {
    return { event: (event) => printJsonLine(this.ctx.io, event) };
  }
}

function noteOf(view: View<unknown>): string | undefined {
  return view.kind === 'rows' ? view.empty : undefined;
}
