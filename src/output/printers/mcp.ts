// Under `gwctl mcp`: a tool's result is exactly what --json prints for the same command, so this
// is the JSON printer, writing to the call's own Io (the server keeps the text and parses it for
// `structuredContent`). What it adds: each page of a list read to its end (`all: true`) is
// reported, so that a client that asked for progress sees a long list move.
import type { ListOutput, PrinterContext } from '../printer.js';
import { JsonPrinter } from './json.js';

export class McpPrinter extends JsonPrinter {
  constructor(
    ctx: PrinterContext,
    /** Called after each page with the number of items printed so far. */
    private readonly onPage: (printed: number) => void,
  ) {
    super(ctx);
  }

  override list<T>(): ListOutput<T> {
    const list = super.list<T>();
    const { onPage } = this;
    return {
      get printed() {
        return list.printed;
      },
      async page(items) {
        await list.page(items);
        onPage(list.printed);
      },
      end: (rest) => list.end(rest),
    };
  }
}
