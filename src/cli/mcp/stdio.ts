// The stdio side of `gwctl mcp` once the MCP SDK has loaded: the SDK's transport over the lines
// read since the start of the run (lines.ts), answering through the run's Io (which masks keys);
// a line that is JSON but not JSON-RPC is answered -32600. The lines read while the SDK loaded
// come first, the opening request answered early (handshake.ts) among them: the SDK's own answer
// to it is held back (the client has had one), and said on stderr should it differ.
import { isDeepStrictEqual } from 'node:util';
import { deserializeMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server';
import type { EarlyAnswer } from './handshake.js';
import { idOf, INVALID_REQUEST, type JsonLine, type LineReader } from './lines.js';

/** What the SDK takes over from the opening of the run (serve.ts). */
export interface Opening {
  reader: LineReader;
  /** The lines read before the SDK loaded, in order. */
  held: JsonLine[];
  /** The opening request answered before the SDK loaded, if one was. */
  answered?: EarlyAnswer;
}

/** Called when the SDK's own answer to the request answered early is not the answer sent. */
export type Differs = (sdk: JSONRPCMessage, sent: EarlyAnswer['response']) => void;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private closed = false;
  /** Resolves when stdin has ended (or the transport was closed): the client has gone. */
  readonly ended: Promise<void>;

  constructor(
    private readonly opening: Opening,
    private readonly write: (text: string) => Promise<void>,
    private readonly differs: Differs,
  ) {
    this.ended = opening.reader.ended;
  }

  start(): Promise<void> {
    const { reader, held } = this.opening;
    reader.onerror = (error) => this.onerror?.(error);
    for (const line of held.splice(0)) this.take(line);
    reader.onLine = (line) => this.take(line);
    // close() only settles promises already made: it cannot fail.
    // eslint-disable-next-line @typescript-eslint/no-floating-promises
    reader.ended.then(() => this.close());
    return Promise.resolve();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    const sent = this.opening.answered;
    if (sent && 'id' in message && message.id === sent.id && ('result' in message || 'error' in message)) {
      this.opening.answered = undefined;
      // Compared as the wire carries them: the SDK's objects may hold more than their JSON.
      if (!isDeepStrictEqual(JSON.parse(JSON.stringify(message)), sent.response)) this.differs(message, sent.response);
      return;
    }
    await this.write(`${JSON.stringify(message)}\n`);
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    this.opening.reader.stop();
    this.onclose?.();
    return Promise.resolve();
  }

  private take({ text, parsed }: JsonLine): void {
    if (this.closed) return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(text);
    } catch {
      this.opening.reader.refuse(idOf(parsed), INVALID_REQUEST, 'Invalid request: not a JSON-RPC 2.0 message');
      return;
    }
    this.onmessage?.(message);
  }
}
