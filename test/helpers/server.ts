// A scripted HTTP server on 127.0.0.1 that records every request it receives.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as it is. */
  body?: unknown;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Close the connection without answering. */
  drop?: boolean;
}

export type Handler = (req: SeenRequest) => Reply | Promise<Reply>;

export interface TestServer {
  url: string;
  /** The base URL to give gwctl, carrying /api/v1. */
  baseUrl: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** Reads a request's body and describes it: what every scripted test server records. */
export function receive(req: http.IncomingMessage): Promise<SeenRequest> {
  return new Promise((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      resolve({ method: req.method ?? 'GET', url: req.url ?? '/', path: url.pathname, query: url.searchParams, headers: req.headers, body });
    });
  });
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    void receive(req).then(async (seen) => {
      requests.push(seen);
      const reply = await handler(seen);
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (reply.drop) {
        req.socket.destroy();
        return;
      }
      const isText = typeof reply.body === 'string';
      const payload = reply.body === undefined ? '' : isText ? (reply.body as string) : JSON.stringify(reply.body);
      res.writeHead(reply.status ?? 200, {
        'content-type': isText ? 'text/plain' : 'application/json',
        ...reply.headers,
      });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseUrl: `${url}/api/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
