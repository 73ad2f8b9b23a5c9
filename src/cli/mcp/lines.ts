// The lines of `gwctl mcp`'s stdin: one JSON-RPC message a line, each bounded and parsed as JSON
// here, before anything knows the protocol (so from the start of the run, before the MCP SDK has
// loaded; serve.ts). The SDK's own stdio transport closes itself (and so ends the server) on a line
// over its buffer limit and skips a line that is not JSON without a word; here a line over
// MAX_MESSAGE_BYTES is refused with a JSON-RPC error naming the request's id (found while the line
// is skipped, without keeping it) and a line that is not JSON is answered -32700. Whatever else a
// line holds is for its reader (`onLine`) to judge. Free of the SDK.
import type { Readable } from 'node:stream';

/** The largest message read: far above any tool call gwctl takes, far below what would exhaust memory. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;

type RequestId = string | number;

/** A line of JSON: its text and what it parses to. */
export interface JsonLine {
  text: string;
  parsed: unknown;
}

export class LineReader {
  /** Each JSON line, in order; the reader of the moment (serve.ts, then stdio.ts) sets it. */
  onLine: (line: JsonLine) => void = () => {};
  /** A write of an answer failed. */
  onerror?: (error: Error) => void;

  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Set while the rest of a line too long to keep is being skipped. */
  private skipping: IdScanner | undefined;
  private stopped = false;
  private end: () => void = () => {};
  /** Resolves when stdin has ended (or reading was stopped): the client has gone. */
  readonly ended = new Promise<void>((resolve) => (this.end = resolve));

  constructor(
    private readonly stdin: Readable,
    private readonly write: (text: string) => Promise<void>,
    private readonly maxBytes = MAX_MESSAGE_BYTES,
  ) {}

  start(): void {
    this.stdin.on('data', this.onData);
    this.stdin.once('end', this.stop);
    this.stdin.once('close', this.stop);
    this.stdin.on('error', this.stop);
  }

  /** Stops reading: nothing more is read, and `ended` resolves. */
  readonly stop = (): void => {
    if (this.stopped) return;
    this.stopped = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.stop);
    this.stdin.off('close', this.stop);
    this.stdin.off('error', this.stop);
    this.pending = [];
    this.end();
  };

  /** Answers a message with a JSON-RPC error (`id` null when it cannot be told). */
  refuse(id: RequestId | null, code: number, message: string): void {
    this.send({ jsonrpc: '2.0', id, error: { code, message } });
  }

  /** Writes one message, a line; a failed write goes to `onerror`, as a transport's would. */
  send(message: object): void {
    this.write(`${JSON.stringify(message)}\n`).catch((error: unknown) => this.onerror?.(error as Error));
  }

  private readonly onData = (chunk: Buffer | string): void => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    while (data.length > 0 && !this.stopped) {
      const newline = data.indexOf(0x0a);
      const part = newline === -1 ? data : data.subarray(0, newline);
      if (this.skipping) this.skipping.feed(part);
      else if (this.pendingBytes + part.length > this.maxBytes) {
        // Too long to keep: from here the line is only scanned for its id.
        this.skipping = new IdScanner();
        for (const kept of this.pending) this.skipping.feed(kept);
        this.skipping.feed(part);
        this.pending = [];
        this.pendingBytes = 0;
      } else {
        this.pending.push(part);
        this.pendingBytes += part.length;
      }
      if (newline === -1) return;
      data = data.subarray(newline + 1);
      this.endOfLine();
    }
  };

  private endOfLine(): void {
    if (this.skipping) {
      const id = this.skipping.id();
      this.skipping = undefined;
      this.refuse(id, INVALID_REQUEST, `message larger than ${this.maxBytes / 1024 / 1024} MiB refused`);
      return;
    }
    const text = Buffer.concat(this.pending).toString('utf8').replace(/\r$/, '');
    this.pending = [];
    this.pendingBytes = 0;
    if (text.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.refuse(null, PARSE_ERROR, 'Parse error: the line is not JSON');
      return;
    }
    this.onLine({ text, parsed });
  }
}

export function idOf(value: unknown): RequestId | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const { id } = value as { id?: unknown };
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * Finds the top-level `"id"` of a JSON object fed to it in pieces, keeping only the id's text:
 * what names a refused message's request in the error, without holding the message.
 */
class IdScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The last string begun at the top level (a key when a colon follows it), at most a few bytes of it. */
  private key = '';
  /** The id's text while it is read, then all of it. */
  private value: string | undefined;
  private found = false;

  feed(bytes: Buffer): void {
    for (const byte of bytes) {
      if (this.found) return;
      const char = String.fromCharCode(byte);
      const reading = this.value !== undefined;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (char === '\\') this.escaped = true;
        else if (char === '"') this.inString = false;
        else if (!reading && this.depth === 1 && this.key.length < 8) this.key += char;
      } else if (char === '"') {
        this.inString = true;
        this.key = '';
      } else if (reading && (char === ',' || char === '}')) {
        // The id's value ends where the top-level object goes on or ends.
        this.found = true;
        return;
      } else if (char === '{' || char === '[') this.depth++;
      else if (char === '}' || char === ']') this.depth--;
      else if (!reading && this.depth === 1 && char === ':' && this.key === 'id') {
        this.value = '';
        continue;
      }
      if (reading) this.value += char;
      // An id this long names no request: none is named.
      if (this.value !== undefined && this.value.length > 256) [this.found, this.value] = [true, ''];
    }
  }

  id(): RequestId | null {
    const text = this.value?.trim();
    if (!text) return null;
    try {
      const id: unknown = JSON.parse(text);
      return typeof id === 'string' || typeof id === 'number' ? id : null;
    } catch {
      return null;
    }
  }
}
