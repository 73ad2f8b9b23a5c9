// The little HTTP plumbing the sandbox needs on top of node:http: reading a body under a
// limit without failing the connection, and writing JSON answers.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface BodyRead {
  /** The body, or the part kept before the limit was passed. */
  bytes: Buffer;
  /** Total bytes received. */
  size: number;
  tooLarge: boolean;
}

/** The whole body, keeping at most `limit` bytes; the rest is read and dropped, so a sending client gets a clean 413, not a reset. */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) tooLarge = true;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    const done = (): void => resolve({ bytes: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), size, tooLarge });
    req.on('end', done);
    req.on('error', done);
    req.on('aborted', done);
  });
}

/** A reply a handler returns. */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Readonly<Record<string, string>>;
}

export function json(body: unknown, status = 200, headers?: Readonly<Record<string, string>>): Reply {
  return headers ? { status, body, headers } : { status, body };
}

/** Writes a reply as JSON. */
export function send(res: ServerResponse, reply: Reply): void {
  sendRaw(res, reply.status, 'application/json; charset=utf-8', JSON.stringify(reply.body), reply.headers);
}

/** Writes text with the given content type (fault bodies such as HTML or broken JSON) unless the client has already gone (a timed-out client must not crash the server). */
export function sendRaw(
  res: ServerResponse,
  status: number,
  contentType: string,
  text: string,
  headers?: Readonly<Record<string, string>>,
): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
