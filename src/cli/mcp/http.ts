// `gwctl mcp --http`: streamable HTTP on 127.0.0.1 only. Any local user can reach a loopback
// port, so the one path served carries a secret made for the run (every other path is 404), and
// a request whose Host or Origin is not this loopback address is refused (403), so that a web
// page whose name resolves to 127.0.0.1 (DNS rebinding) cannot drive the tools.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Deps } from '../../commands/context.js';
import { GwctlError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import { aborted } from './aborted.js';

export async function serveHttp(newServer: () => Server, port: number, deps: Deps): Promise<void> {
  const secret = randomBytes(24).toString('base64url');
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let listening = 0;
  const listener = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== `/mcp/${secret}`) return refuse(res, 404, 'not found');
    if (!localRequest(req, listening)) return refuse(res, 403, 'Host or Origin is not this loopback address');
    const id = req.headers['mcp-session-id'];
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (typeof id === 'string' && !known) return refuse(res, 404, 'no such session');
    if (known) return void known.handleRequest(req, res).catch(() => refuse(res, 500, 'internal error'));
    // No session yet: a new one, which the transport keeps only if this is an initialize.
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    const server = newServer();
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .then(() => (transport.sessionId ? undefined : server.close()))
      .catch(() => refuse(res, 500, 'internal error'));
  });
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
    await aborted(deps.signal);
  } finally {
    for (const transport of sessions.values()) await transport.close().catch(() => {});
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

/** Rejects with the run's abort reason (Ctrl-C: exit 130); a server runs until then. */
function refuse(res: http.ServerResponse, status: number, message: string): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
