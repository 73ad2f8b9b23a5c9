// The stdio side of `gwctl mcp`: one JSON-RPC message a line on stdin, answers on stdout through
// the run's Io (which masks keys). The SDK's own stdio transport closes itself (and so ends the
// server) on a line over its buffer limit and skips a line that is not JSON without a word; here a
// line over MAX_MESSAGE_BYTES is refused with a JSON-RPC error naming the request's id (found
// while the line is skipped, without keeping it), a line that is not JSON is answered -32700, and
// a message that is JSON but not JSON-RPC -32600. The server goes on in every case.
import type { Readable } from 'node:stream';
import { deserializeMessage, type JSONRPCMessage, type RequestId, type Transport } from '@modelcontextprotocol/server';

/** The largest message read: far above any tool call gwctl takes, far below what would exhaust memory. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Set while the rest of a line too long to keep is being skipped. */
  private skipping: IdScanner | undefined;
  private closed = false;
  private end: () => void = () => {};
  /** Resolves when stdin has ended (or the transport was closed): the client has gone. */
  readonly ended = new Promise<void>((resolve) => (this.end = resolve));

  constructor(
    private readonly stdin: Readable,
    private readonly write: (text: string) => Promise<void>,
    private readonly maxBytes = MAX_MESSAGE_BYTES,
  ) {}

  start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.once('end', this.onEnd);
    this.stdin.once('close', this.onEnd);
    this.stdin.on('error', this.onEnd);
    return Promise.resolve();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    await this.write(`${JSON.stringify(message)}\n`);
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.stdin.off('close', this.onEnd);
    this.stdin.off('error', this.onEnd);
    this.pending = [];
    this.end();
    this.onclose?.();
    return Promise.resolve();
  }

  // close() only settles promises already made: it cannot fail.
  // eslint-disable-next-line @typescript-eslint/no-floating-promises
  private readonly onEnd = (): void => void this.close();

  private readonly onData = (chunk: Buffer | string): void => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    while (data.length > 0 && !this.closed) {
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
    const line = Buffer.concat(this.pending).toString('utf8').replace(/\r$/, '');
    this.pending = [];
    this.pendingBytes = 0;
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.refuse(null, PARSE_ERROR, 'Parse error: the line is not JSON');
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch {
      this.refuse(idOf(parsed), INVALID_REQUEST, 'Invalid request: not a JSON-RPC 2.0 message');
      return;
    }
    this.onmessage?.(message);
  }

  private refuse(id: RequestId | null, code: number, message: string): void {
    this.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`).catch((error: unknown) =>
      this.onerror?.(error as Error),
    );
  }
}

function idOf(value: unknown): RequestId | null {
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
  /** The key being read at the top level, or the last one read (at most a few bytes kept). */
  private key = '';
  private readingKey = false;
  private expectingKey = false;
  private value: string | undefined;
  private found: string | undefined;

  feed(bytes: Buffer): void {
    if (this.found !== undefined) return;
    for (const byte of bytes) {
      const char = String.fromCharCode(byte);
      if (this.value !== undefined) {
        // Reading the id's value: a number or a string, up to what ends it at the top level.
        if (this.inString) {
          this.value += char;
          if (this.escaped) this.escaped = false;
          else if (char === '\\') this.escaped = true;
          else if (char === '"') this.inString = false;
          if (this.value.length > 256) return void (this.found = '');
          continue;
        }
        if (char === ',' || char === '}') {
          this.found = this.value.trim();
          return;
        }
        if (char === '"') this.inString = true;
        this.value += char;
        if (this.value.length > 256) return void (this.found = '');
        continue;
      }
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (char === '\\') this.escaped = true;
        else if (char === '"') {
          this.inString = false;
          this.readingKey = false;
        } else if (this.readingKey && this.key.length < 8) this.key += char;
        continue;
      }
      if (char === '"') {
        this.inString = true;
        if (this.depth === 1 && this.expectingKey) {
          this.readingKey = true;
          this.expectingKey = false;
          this.key = '';
        }
      } else if (char === '{' || char === '[') {
        this.depth++;
        if (this.depth === 1) this.expectingKey = true;
      } else if (char === '}' || char === ']') this.depth--;
      else if (this.depth === 1 && char === ',') this.expectingKey = true;
      else if (this.depth === 1 && char === ':' && this.key === 'id') this.value = '';
    }
  }

  id(): RequestId | null {
    const text = this.found ?? this.value?.trim();
    if (!text) return null;
    try {
      const id: unknown = JSON.parse(text);
      return typeof id === 'string' || typeof id === 'number' ? id : null;
    } catch {
      return null;
    }
  }
}
