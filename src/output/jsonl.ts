// --jsonl: JSON Lines. A list is one compact JSON item per line without the envelope, written
// page by page as pages arrive (memory stays flat however long the list); a single object is
// one line. The same characters are escaped as under --json.
import type { Io } from '../core/io.js';
import { escapeJsonText } from '../core/sanitize.js';
import { compactJson, writeJson } from './json-text.js';

/** A single object (a `get`): its body on one line, keys and numbers as sent. */
export async function printJsonLine(io: Io, value: unknown): Promise<void> {
  await io.out(`${compactJson(value)}\n`);
}

/** Text handed to the stream at once: big enough to be cheap, small enough to keep memory flat. */
const CHUNK_CHARS = 256 * 1024;

/** Writes the items of a list as they arrive, one page at a time, waiting whenever stdout is full. */
export class JsonlWriter {
  private count = 0;

  constructor(private readonly io: Io) {}

  get printed(): number {
    return this.count;
  }

  async page(items: readonly unknown[]): Promise<void> {
    // Escaped a chunk at a time: one regular-expression pass instead of one per item.
    let text = '';
    for (const item of items) {
      text += `${writeJson(item, '', '')}\n`;
      if (text.length >= CHUNK_CHARS) {
        await this.io.out(escapeJsonText(text));
        text = '';
      }
    }
    if (text) await this.io.out(escapeJsonText(text));
    this.count += items.length;
  }
}
