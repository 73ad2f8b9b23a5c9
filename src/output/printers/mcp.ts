// Under `gwctl mcp`: a tool's result is what --json prints for the same command, taken as data,
// never as printed text: the printer keeps the body the command hands over (a list's pages merged
// into one body, `data` first, as --all prints it), and the server bounds and lays out only what
// its result returns (cli/mcp/call.ts). Each page of a list read to its end is reported, so that
// a client that asked for progress sees a long list move.
import type { Detail, EventOutput, ListOutput, Printer } from '../printer.js';

/** What a command printed, as data: its body, or the text of a result that has none. */
export interface Captured {
  body?: unknown;
  text?: string;
}

export class McpPrinter implements Printer {
  readonly captured: Captured = {};

  constructor(
    /** Called after each page with the number of items kept so far. */
    private readonly onPage: (printed: number) => void,
  ) {}

  async detail<T>(detail: Detail<T>): Promise<void> {
    if ('body' in detail) this.captured.body = detail.body;
    else if (detail.view.kind === 'text') this.captured.text = detail.view.piped;
  }

  list<T>(): ListOutput<T> {
    const items: T[] = [];
    const { captured, onPage } = this;
    return {
      get printed() {
        return items.length;
      },
      async page(page) {
        for (const item of page) items.push(item);
        onPage(items.length);
      },
      async end(rest) {
        captured.body = { data: items, ...rest };
      },
    };
  }

  events<T>(): EventOutput<T> {
    // --watch is not a tool's (cli/mcp/tools.ts serves no watch option).
    throw new Error('a tool call prints no events');
  }
}
