// `gwctl mcp --http`: streamable HTTP on 127.0.0.1 only. Any local user can reach a loopback
// port, so the one path served carries a secret made for the run (every other path is 404), and
// a request whose Host or Origin is not this loopback address is refused (403), so that a web
// page whose name resolves to 127.0.0.1 (DNS rebinding) cannot drive the tools.
//
// Both eras on the one URL: a request carrying the 2026-07-28 `_meta` envelope is served on its
// own by a fresh server (the SDK's handler, strict to that revision); the 2025 handshake opens a
// session (`mcp-session-id`), kept for the server-to-client requests that revision asks a person
// with. Sessions are bounded: one idle for SESSION_IDLE_MS is closed, and at most MAX_SESSIONS
// live at once (a new one then closes the one idle longest). Closing a session cancels its calls.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport, type Server } from '@modelcontextprotocol/server';
import type { Deps } from '../../commands/context.js';
import { GwctlError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import { rejectOnAbort } from '../../core/abort.js';
import type { Era } from './server.js';
import { MAX_MESSAGE_BYTES } from './lines.js';

/** A 2025 session unused this long is closed (its client starts a new one on the next 404). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** The most 2025 sessions kept at once. */
export const MAX_SESSIONS = 64;

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: Server;
  /** Requests of the session being answered now: a busy session is never idle. */
  busy: number;
  lastUsed: number;
  timer?: NodeJS.Timeout;
}

export async function serveHttp(newServer: (era: Era) => Server, port: number, deps: Deps): Promise<void> {
  const secret = randomBytes(24).toString('base64url');
  const sessions = new Map<string, Session>();
  const modern = createMcpHandler(({ era }) => newServer(era), { legacy: 'reject', maxRequestBodySize: MAX_MESSAGE_BYTES });
  let listening = 0;

  const closeSession = (id: string): void => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    clearTimeout(session.timer);
    // Closing the server aborts its calls in flight.
    void session.transport.close().catch(() => {});
    void session.server.close().catch(() => {});
  };
  const idleAgain = (id: string, session: Session): void => {
    session.lastUsed = Date.now();
    clearTimeout(session.timer);
    if (session.busy === 0) session.timer = setTimeout(() => closeSession(id), SESSION_IDLE_MS).unref();
  };
  /** Room for one more session: false when every one is busy. */
  const makeRoom = (): boolean => {
    if (sessions.size < MAX_SESSIONS) return true;
    const idle = [...sessions].filter(([, s]) => s.busy === 0).sort(([, a], [, b]) => a.lastUsed - b.lastUsed)[0];
    if (!idle) return false;
    closeSession(idle[0]);
    return true;
  };

  const serveLegacy = async (request: Request, parsedBody: unknown): Promise<Response> => {
    const id = request.headers.get('mcp-session-id');
    if (id !== null) {
      const session = sessions.get(id);
      if (!session) return jsonRpcError(404, -32001, 'no such session (it may have expired): initialize again');
      session.busy++;
      clearTimeout(session.timer);
      try {
        return await session.transport.handleRequest(request, { parsedBody });
      } finally {
        session.busy--;
        if (sessions.has(id)) idleAgain(id, session);
      }
    }
    if (!makeRoom()) return jsonRpcError(503, -32000, `${MAX_SESSIONS} sessions are busy: try again later`);
    const server = newServer('legacy');
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: MAX_MESSAGE_BYTES,
      onsessioninitialized: (sessionId) => {
        const session: Session = { transport, server, busy: 0, lastUsed: Date.now() };
        sessions.set(sessionId, session);
        idleAgain(sessionId, session);
      },
      onsessionclosed: (sessionId) => closeSession(sessionId),
    });
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody });
    // Not an initialize: no session was opened, and this server answers nothing more.
    if (transport.sessionId === undefined) await server.close();
    return response;
  };

  const listener = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== `/mcp/${secret}`) return send(res, jsonRpcError(404, -32000, 'not found'));
    if (!localRequest(req, listening)) return send(res, jsonRpcError(403, -32000, 'Host or Origin is not this loopback address'));
    void answer(req, res)
      .then((response) => send(res, response))
      .catch(() => send(res, jsonRpcError(500, -32603, 'internal error')));
  });

  /** The request as the SDK takes it (a web Request, its body read within the bound and parsed), and its answer. */
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<Response> => {
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    const body = req.method === 'POST' ? await readBounded(req) : undefined;
    if (body === 'too large') {
      // The rest of the body is not read: the connection ends with the answer.
      res.setHeader('connection', 'close');
      return jsonRpcError(413, -32600, `message larger than ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB refused`);
    }
    let parsedBody: unknown;
    if (body !== undefined) {
      try {
        parsedBody = JSON.parse(body.toString('utf8'));
      } catch {
        return jsonRpcError(400, -32700, 'Parse error: the body is not JSON');
      }
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (value) for (const one of value) headers.append(name, one);
    }
    const request = new Request(`http://127.0.0.1:${listening}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      signal: gone.signal,
      ...(body === undefined ? {} : { body: new Uint8Array(body) }),
    });
    if (await isLegacyRequest(request, parsedBody)) return serveLegacy(request, parsedBody);
    return modern.fetch(request, { parsedBody });
  };

  await new Promise<void>((resolve, reject) => {
    listener.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new GwctlError(
          `cannot listen on 127.0.0.1:${port}: ${error.code === 'EADDRINUSE' ? 'the port is already in use' : error.message}`,
          ExitCode.failure,
        ),
      ),
    );
    listener.listen(port, '127.0.0.1', resolve);
  });
  listening = (listener.address() as { port: number }).port;
  const url = `http://127.0.0.1:${listening}/mcp/${secret}`;
  deps.io.err(`gwctl: MCP server at ${url} (Ctrl-C to stop)\n`);
  // Under --json one ready line a script reads; otherwise the URL above is the whole of it.
  await deps.printer.detail({ body: { url }, oneLine: true, view: { kind: 'text', terminal: '', piped: '' } });
  try {
    await rejectOnAbort(deps.signal);
  } finally {
    for (const id of [...sessions.keys()]) closeSession(id);
    await modern.close();
    listener.closeAllConnections();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  }
}

/** Host names this server answers to: its own loopback address and port, under any of their names. */
function localRequest(req: http.IncomingMessage, port: number): boolean {
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  if (!hosts.has(req.headers.host ?? '')) return false;
  const origin = req.headers.origin;
  return origin === undefined || hosts.has(origin.replace(/^http:\/\//, ''));
}

/** The body, or 'too large' as soon as more than the bound has arrived (the rest is not read). */
async function readBounded(req: http.IncomingMessage): Promise<Buffer | 'too large'> {
  if (Number(req.headers['content-length']) > MAX_MESSAGE_BYTES) return 'too large';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_MESSAGE_BYTES) return 'too large';
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status });
}

/** A web Response onto Node's: status, headers, and the body as it streams (an SSE stream stays open until either side ends it). */
function send(res: http.ServerResponse, response: Response): void {
  if (res.headersSent) return void res.end();
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return void res.end();
  // A client that goes away ends the pipeline, which cancels the stream.
  pipeline(Readable.fromWeb(response.body as NodeReadableStream), res, () => {});
}
