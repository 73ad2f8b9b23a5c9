// A forward proxy on 127.0.0.1, as a company network has one: CONNECT tunnels for https and
// absolute-form requests for plain http, optionally demanding credentials (407 without them). It
// resolves a few names of its own (`hosts`), such as gw.test.invalid, which nothing else on this
// machine resolves: a request that bypasses it cannot reach the gateway. It logs what it was asked.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export interface ProxyOptions {
  /** Names only the proxy resolves, to addresses (`{ 'gw.test.invalid': '127.0.0.1' }`). */
  hosts?: Record<string, string>;
  /** `user:password`: without them in Proxy-Authorization (Basic) the answer is 407. */
  credentials?: string;
  /** Refuse every CONNECT with this status (403: a proxy whose policy forbids the host). */
  refuse?: number;
  /** Read each CONNECT and close the connection without an answer (a proxy that drops tunnels). */
  dropConnect?: boolean;
}

export interface ProxyRequest {
  /** CONNECT, or the method of an absolute-form request. */
  method: string;
  /** `host:port` of a CONNECT, the absolute URL otherwise. */
  target: string;
  /** The Proxy-Authorization header as received. */
  authorization?: string;
  /** Every header as received (an absolute-form request's Authorization among them). */
  headers: http.IncomingHttpHeaders;
  /** The status the proxy answered (200 for a tunnel made; 0 for none: the connection was dropped). */
  status: number;
}

export interface TestProxy {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  requests: ProxyRequest[];
  close(): Promise<void>;
}

export async function startProxy(options: ProxyOptions = {}): Promise<TestProxy> {
  const requests: ProxyRequest[] = [];
  const sockets = new Set<Socket>();
  const expected = options.credentials ? `Basic ${Buffer.from(options.credentials).toString('base64')}` : undefined;
  const resolve = (host: string): string | undefined => options.hosts?.[host.toLowerCase()] ?? (net.isIP(host) ? host : undefined);
  /** The status to refuse a request with, or undefined to let it through. */
  const refusal = (req: http.IncomingMessage): number | undefined => {
    if (expected !== undefined && req.headers['proxy-authorization'] !== expected) return 407;
    return options.refuse;
  };
  const log = (req: http.IncomingMessage, status: number): void => {
    const authorization = req.headers['proxy-authorization'];
    requests.push({
      method: req.method ?? '',
      target: req.url ?? '',
      ...(authorization ? { authorization } : {}),
      headers: { ...req.headers },
      status,
    });
  };

  const server = http.createServer((req, res) => {
    // Absolute-form: GET http://host:port/path HTTP/1.1
    const refused = refusal(req);
    let target: URL | undefined;
    try {
      target = new URL(req.url ?? '');
    } catch {
      target = undefined;
    }
    const address = target && resolve(target.hostname);
    const status = refused ?? (target && address ? 0 : 502);
    if (status !== 0) {
      log(req, status);
      res.writeHead(status, status === 407 ? { 'proxy-authenticate': 'Basic realm="test"' } : {}).end();
      return;
    }
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = http.request(
      { host: address, port: target!.port || 80, method: req.method, path: target!.pathname + target!.search, headers },
      (answer) => {
        log(req, answer.statusCode ?? 0);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      log(req, 502);
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });

  server.on('connect', (req: http.IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (options.dropConnect) {
      log(req, 0);
      client.destroy();
      return;
    }
    const refused = refusal(req);
    const [host = '', port = '443'] = (req.url ?? '').split(/:(?=\d+$)/);
    const address = resolve(host);
    if (refused !== undefined || address === undefined) {
      const status = refused ?? 502;
      log(req, status);
      client.end(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${status === 407 ? 'Proxy-Authenticate: Basic realm="test"\r\n' : ''}Content-Length: 0\r\n\r\n`,
      );
      return;
    }
    let connected = false;
    const upstream = net.connect(Number(port), address, () => {
      connected = true;
      log(req, 200);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => {
      if (!connected) {
        log(req, 502);
        client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
      } else client.destroy();
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

/** The proxies a company-network test reaches the gateway through: each resolves `host` to 127.0.0.1. */
export interface CompanyProxies {
  /** Lets every request through. */
  open: TestProxy;
  /** Answers 407 unless the request carries `credentials`. */
  guarded: TestProxy;
  /** Refuses every request with 403. */
  forbidding: TestProxy;
  close(): Promise<void>;
}

export async function startCompanyProxies(host: string, credentials: string): Promise<CompanyProxies> {
  const hosts = { [host]: '127.0.0.1' };
  const [open, guarded, forbidding] = await Promise.all([
    startProxy({ hosts }),
    startProxy({ hosts, credentials }),
    startProxy({ hosts, refuse: 403 }),
  ]);
  return { open, guarded, forbidding, close: async () => void (await Promise.all([open.close(), guarded.close(), forbidding.close()])) };
}
