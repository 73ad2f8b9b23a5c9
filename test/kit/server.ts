// The one scripted HTTP(S) server on 127.0.0.1. It records what it received (method, path,
// query, headers, body, which key, when) and answers from a script: any status, any headers or
// none, raw bytes, a cut-off message, a delay, a dropped connection, a redirect. It counts the
// requests in flight, so a test can say how many a command had open at once.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { ErrorBody } from './bodies.js';

export interface Seen {
  method: string;
  /** The request target as sent (path and query). */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The name of the known key in the Authorization header, 'none' without one, 'unknown' for another. */
  key: string;
  /** Date.now() when the request had been read. */
  at: number;
}

export interface Reply {
  status?: number;
  /** Sent as given; `content-type` defaults to application/json for objects, text/plain otherwise. Null leaves a header out. */
  headers?: Record<string, string | null>;
  /** An object is sent as JSON; a string or Buffer as it is. */
  body?: unknown;
  /** Wait this long (after reading the request) before answering. */
  delayMs?: number;
  /** Close the connection after reading the request, without answering. */
  drop?: boolean;
  /** Write these bytes to the socket as the whole answer, then close it. */
  raw?: string | Buffer;
  /** With raw: leave the connection open afterwards (a body that never finishes). */
  keepOpen?: boolean;
  /** Answer with a redirect (default 302) to this location. */
  redirect?: string;
}

export type Handler = (req: Seen, index: number) => Reply | Promise<Reply>;

export interface ServerOptions {
  /** Keys the server knows by name, so a test can say which one a request carried. */
  keys?: Record<string, string>;
  /** Serve HTTPS with this key and certificate (PEM). */
  tls?: { key: string; cert: string };
}

export interface ScriptedServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** The base URL to give gwctl, carrying /api/v1. */
  baseUrl: string;
  port: number;
  /** Every request received since the last reset, oldest first. */
  requests: Seen[];
  /** Requests being answered now, and the most there ever were at once since the last reset. */
  inFlight(): number;
  maxInFlight(): number;
  /** Connections opened since the last reset. */
  connections(): number;
  /** Replace the script (for one test); reset() puts the first one back and forgets what was received. */
  handle(handler: Handler): void;
  reset(): void;
  close(): Promise<void>;
}

/** Reads a request's body and describes it. */
export function receive(req: http.IncomingMessage, keys: Record<string, string> = {}): Promise<Seen> {
  return new Promise((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const auth = req.headers.authorization;
      const bearer = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
      const key = auth === undefined ? 'none' : (Object.entries(keys).find(([, value]) => value === bearer)?.[0] ?? 'unknown');
      resolve({
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        key,
        at: Date.now(),
      });
    });
  });
}

const notScripted: Handler = () => ({ status: 500 });

export async function startServer(handler: Handler = notScripted, options: ServerOptions = {}): Promise<ScriptedServer> {
  const requests: Seen[] = [];
  let current = handler;
  let inFlight = 0;
  let maxInFlight = 0;
  const sockets = new Set<Socket>();
  // Connections opened before the last reset belong to an earlier run: what still arrives on
  // them (a page sent just before that run ended) is answered but not recorded.
  let generation = 0;
  const born = new WeakMap<Socket, number>();
  let opened = 0;
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let ended = false;
    const end = (): void => {
      if (!ended) inFlight--;
      ended = true;
    };
    res.on('close', end);
    // A failure in here is a defect of this kit or of a test's script: it is left unhandled on
    // purpose, so that vitest reports it as an unhandled rejection and fails the run.
    // eslint-disable-next-line @typescript-eslint/no-floating-promises -- see above
    void receive(req, options.keys).then(async (seen) => {
      if ((born.get(req.socket) ?? generation) === generation) requests.push(seen);
      const reply = await current(seen, requests.length - 1);
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (res.destroyed || req.socket.destroyed) return;
      if (reply.drop) {
        req.socket.destroy();
        return;
      }
      if (reply.raw !== undefined) {
        if (reply.keepOpen) req.socket.write(reply.raw);
        else req.socket.end(reply.raw);
        return;
      }
      const isObject = reply.body !== undefined && typeof reply.body !== 'string' && !Buffer.isBuffer(reply.body);
      const payload: string | Buffer =
        reply.body === undefined ? '' : isObject ? JSON.stringify(reply.body) : (reply.body as string | Buffer);
      res.statusCode = reply.status ?? (reply.redirect !== undefined ? 302 : 200);
      const headers: Record<string, string | null> = {
        'content-type': isObject ? 'application/json' : 'text/plain',
        ...(reply.redirect !== undefined ? { location: reply.redirect } : {}),
        ...reply.headers,
      };
      for (const [name, value] of Object.entries(headers)) if (value !== null) res.setHeader(name, value);
      res.end(payload);
    });
  };
  const server = options.tls
    ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, onRequest)
    : http.createServer(onRequest);
  const track = (socket: Socket): void => {
    sockets.add(socket);
    born.set(socket, generation);
    opened++;
    socket.on('close', () => sockets.delete(socket));
  };
  server.on('connection', track);
  server.on('secureConnection', track);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  return {
    url,
    baseUrl: `${url}/api/v1`,
    port,
    requests,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    connections: () => opened,
    handle(next) {
      current = next;
    },
    reset() {
      generation++;
      requests.length = 0;
      maxInFlight = inFlight;
      opened = 0;
      current = handler;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The error envelope the API sends. */
export function envelope(status: number, message: string, metadata?: { reason?: string; retryable?: boolean }): ErrorBody {
  return { error: { code: status, message, ...(metadata ? { metadata } : {}) } };
}
