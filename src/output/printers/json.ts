// --json: the API's body as returned, pretty-printed. A list read page by page (--all) becomes
// one body `{"data": [...every item], ...the last page's other fields}`, written as pages arrive.
// Watch events are one line each, as under --jsonl (the contract: --json means the same there).
import { safeJson } from '../../core/sanitize.js';
import { jsonLine } from '../jsonl.js';
import type { Detail, EventOutput, ListOutput, Printer, PrinterContext } from '../printer.js';
import { textWithoutBody } from './text.js';

export class JsonPrinter implements Printer {
  constructor(private readonly ctx: PrinterContext) {}

  async detail<T>(detail: Detail<T>): Promise<void> {
    if (!('body' in detail)) return this.ctx.io.out(textWithoutBody(detail.view));
    await this.ctx.io.out(`${detail.oneLine ? jsonLine(detail.body) : safeJson(detail.body)}\n`);
  }

  list<T>(): ListOutput<T> {
    return new MergedJsonList<T>(this.ctx);
  }

  events<T>(): EventOutput<T> {
    return { event: (event) => this.ctx.io.out(`${jsonLine(event)}\n`) };
  }
}

/** The pages of one list as one body, written as they arrive. */
class MergedJsonList<T> implements ListOutput<T> {
  printed = 0;

  constructor(private readonly ctx: PrinterContext) {}

  async page(items: readonly T[]): Promise<void> {
    if (items.length === 0) return;
    // One native stringify per page, already indented as the items of `data`: cut the
    // page's own `{"data": [` and `]}` off and join the pages with commas.
    const page = safeJson({ data: items });
    const inner = page.slice(PAGE_OPEN.length, page.length - PAGE_CLOSE.length);
    await this.ctx.io.out(`${this.printed > 0 ? ',' : '{\n  "data": ['}\n${inner}`);
    this.printed += items.length;
  }

  async end(rest: Record<string, unknown>): Promise<void> {
    let text = this.printed > 0 ? '\n  ]' : '{\n  "data": []';
    for (const [key, value] of Object.entries(rest)) {
      if (key !== 'data') text += `,\n  ${safeJson(key)}: ${indent(safeJson(value), '  ').trimStart()}`;
    }
    await this.ctx.io.out(`${text}\n}\n`);
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
