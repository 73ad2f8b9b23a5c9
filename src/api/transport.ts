// One HTTP exchange over undici: no retries, no redirects, no interpretation of the body.
import type { Dispatcher, Pool } from 'undici';
import request from 'undici/lib/api/api-request.js';
import PoolClass from 'undici/lib/dispatcher/pool.js';
import { keepWasmOnBaselineTier } from '../core/v8-flags.js';
import { proxyLabel, type ProxyChoice } from './transport-network.js';

export interface WireRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal: AbortSignal;
}

export interface WireResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** Why no response came back, in the terms the retry policy needs. */
export class TransportFailure extends Error {
  constructor(
    message: string,
    /** True when the request certainly never reached the server (refused, unresolvable, connect timeout). */
    readonly notSent: boolean,
    /** `protocol`: an answer came that is not valid HTTP/1.1 (a malformed or unexpected status line, bad headers, a wrong length). */
    /** `proxy`: the proxy refused the request (a failed CONNECT); `proxy-auth`: it asked for credentials (407). */
    /** `unresolved`: the name server says the host does not exist (a typo, not a passing failure). */
    readonly kind: 'timeout' | 'connection' | 'too-large' | 'aborted' | 'tls' | 'protocol' | 'proxy' | 'proxy-auth' | 'unresolved',
    /** The HTTP status, when the failure came while reading the body of an answer. */
    readonly status?: number,
    /** What to do about it, when the transport knows better than its caller (a TLS failure's cause). */
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'TransportFailure';
  }
}

/** Connections per origin: the most requests any command runs at once (--concurrency up to 16); opened only as needed. */
export const MAX_CONNECTIONS = 16;

/** Responses above this are refused: no page of this API comes near it. */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** The way out (api/transport-network.ts): each request's proxy, and the authorities to trust; without it, direct and Node's usual ones. */
export interface Network {
  proxyFor?: (url: URL) => ProxyChoice | undefined;
  /** The proxy's dispatcher (transport-proxy.ts, loaded only when a proxy variable is set). */
  viaProxy?: (proxy: URL, pool: Pool.Options, ca: string[] | undefined) => Dispatcher;
  /** Every authority TLS trusts, when a ca-file adds one (see trustedCertificates). */
  ca?: string[];
}

export class Transport {
  private readonly clients = new Map<string, Dispatcher>();

  constructor(private readonly network: Network = {}) {}

  /** The proxy a request to `url` goes through, or undefined when it goes directly. */
  proxyFor(url: URL): ProxyChoice | undefined {
    return this.network.viaProxy ? this.network.proxyFor?.(url) : undefined;
  }

  async send(req: WireRequest): Promise<WireResponse> {
    const proxy = this.proxyFor(req.url);
    const client = this.clientFor(req.url.origin, req.timeoutMs, proxy);
    const timeout = AbortSignal.timeout(req.timeoutMs);
    const signal = AbortSignal.any([req.signal, timeout]);
    // Every phase (the proxy's tunnel, the TLS handshake, the headers, the body) ends with the
    // signal, even one undici leaves waiting: it gives a proxy's CONNECT no time limit, so a proxy
    // that closes the connection, or never answers, would hold the request for ever.
    const deadline = settledBy(signal);
    let res: Awaited<ReturnType<typeof request>>;
    try {
      res = await Promise.race([
        request.call(client, {
          origin: req.url.origin,
          method: req.method as 'GET',
          path: req.url.pathname + req.url.search,
          headers: req.headers,
          body: req.body ?? null,
          signal,
        }),
        deadline.promise,
      ]);
    } catch (error) {
      deadline.dispose();
      if (signal.aborted) this.drop(req.url.origin);
      throw describeFailure(error, req, timeout.aborted, req.signal.aborted, undefined, proxy);
    }
    const status = res.statusCode;
    // A proxy that wants credentials answers a plain-http request itself.
    if (proxy && status === 407) {
      deadline.dispose();
      res.body.destroy();
      throw proxyRefused(407, req, proxy);
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    // Refused from its declared length without reading it; otherwise undici stops at the limit.
    const declared = Number(headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_RESPONSE_BYTES) {
      deadline.dispose();
      res.body.destroy();
      throw tooLarge(status);
    }
    let text: string;
    try {
      text = await Promise.race([res.body.text(), deadline.promise]);
    } catch (error) {
      if (signal.aborted) this.drop(req.url.origin);
      throw describeFailure(error, req, timeout.aborted, req.signal.aborted, status, proxy);
    } finally {
      deadline.dispose();
    }
    // undici returns a connection to the pool a turn after its response ends; answering after that
    // turn lets the next request reuse it instead of opening a second.
    await new Promise((resolve) => setImmediate(resolve));
    return { status, headers, text };
  }

  async close(): Promise<void> {
    const all = [...this.clients.values()];
    this.clients.clear();
    await Promise.allSettled(all.map((c) => c.destroy()));
  }

  /** A connection left waiting past its deadline is closed: the next attempt opens a new one. */
  private drop(origin: string): void {
    const client = this.clients.get(origin);
    this.clients.delete(origin);
    if (client) client.destroy().catch(() => {});
  }

  private clientFor(origin: string, timeoutMs: number, proxy: ProxyChoice | undefined): Dispatcher {
    let client = this.clients.get(origin);
    if (!client) {
      keepWasmOnBaselineTier();
      const ca = this.network.ca;
      const options: Pool.Options = {
        connections: MAX_CONNECTIONS,
        connectTimeout: timeoutMs,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        maxResponseSize: MAX_RESPONSE_BYTES,
        ...(ca ? { connect: { ca } } : {}),
      };
      client = proxy && this.network.viaProxy ? this.network.viaProxy(proxy.url, options, ca) : new PoolClass(origin, options);
      this.clients.set(origin, client);
    }
    return client;
  }
}

/** A promise that rejects when `signal` aborts (with its reason); disposed once the exchange is over. */
function settledBy(signal: AbortSignal): { promise: Promise<never>; dispose: () => void } {
  let onAbort = (): void => {};
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  promise.catch(() => {});
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

const TLS_CODES = /CERT|SIGNATURE|^INVALID_CA$|^HOSTNAME_MISMATCH$|^PATH_LENGTH_EXCEEDED$|^INVALID_PURPOSE$/;

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

function tooLarge(status: number | undefined): TransportFailure {
  return new TransportFailure(`the response was larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB`, false, 'too-large', status);
}

/** A proxy's refusal: 407 (it wants credentials, or other ones), or any other answer to CONNECT than 200. */
function proxyRefused(status: number, req: WireRequest, proxy: ProxyChoice): TransportFailure {
  const label = `the proxy ${proxyLabel(proxy.url)} (${proxy.variable})`;
  if (status === 407) {
    const message = proxy.url.username
      ? `${label} refused the credentials in its URL (407 Proxy Authentication Required)`
      : `${label} asks for credentials (407 Proxy Authentication Required)`;
    return new TransportFailure(
      message,
      true,
      'proxy-auth',
      undefined,
      `give them in the proxy URL: ${proxy.variable}=http://USER:PASSWORD@HOST:PORT`,
    );
  }
  return new TransportFailure(`${label} refused to connect to ${req.url.host} (HTTP ${status})`, true, 'proxy');
}

function describeFailure(
  error: unknown,
  req: WireRequest,
  timedOut: boolean,
  interrupted: boolean,
  status?: number,
  proxy?: ProxyChoice,
): TransportFailure {
  const err = error as { code?: string; cause?: { code?: string; message?: string }; message?: string };
  // A TLS failure inside a proxy's tunnel comes wrapped, its cause the TLS error.
  const inner = err.code === 'UND_ERR_PRX_TLS' && err.cause ? err.cause : err;
  const code = inner.code ?? err.cause?.code;
  // Through a proxy, failing to connect at all is failing to reach the proxy.
  const where =
    proxy && code !== undefined && NOT_SENT_CODES.has(code) ? `the proxy ${proxyLabel(proxy.url)} (${proxy.variable})` : `${req.url.host}`;
  if (interrupted) return new TransportFailure('interrupted', false, 'aborted');
  if (proxy) {
    const refused = /^Proxy response \((\d+)\) !== 200|^Proxy Authentication Required \((407)\)/.exec(err.message ?? '');
    if (refused) return proxyRefused(Number(refused[1] ?? refused[2]), req, proxy);
  }
  if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') return tooLarge(status);
  if (timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    const via = proxy && where === req.url.host ? ` through the proxy ${proxyLabel(proxy.url)} (${proxy.variable})` : '';
    return new TransportFailure(`no answer from ${where}${via} within ${req.timeoutMs / 1000}s`, false, 'timeout');
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new TransportFailure(`could not connect to ${where} within ${req.timeoutMs / 1000}s`, true, 'timeout');
  }
  // A certificate that does not verify fails the same way every time: not worth another attempt.
  const tls = code === undefined ? undefined : tlsProblem(code, inner.message, where);
  if (tls) return tls;
  const protocol = protocolProblem(err, code);
  if (protocol !== undefined) return new TransportFailure(`${protocol} (${where})`, false, 'protocol', status);
  if (code === 'ENOTFOUND') {
    const name = proxy ? proxy.url.hostname : req.url.hostname;
    const of = proxy ? ` (the host of the proxy ${proxyLabel(proxy.url)}, from ${proxy.variable})` : '';
    return new TransportFailure(`host not found: ${name}${of}`, true, 'unresolved', undefined, 'check the spelling of the host name');
  }
  const notSent = code !== undefined && NOT_SENT_CODES.has(code);
  const midBody = status !== undefined ? ' before the response was complete' : '';
  const what =
    code === 'ECONNREFUSED'
      ? 'connection refused'
      : code === 'EAI_AGAIN'
        ? 'temporary failure in name resolution'
        : code === 'EHOSTUNREACH' || code === 'ENETUNREACH'
          ? 'host unreachable'
          : code === 'ECONNRESET'
            ? `connection reset by the server${midBody}`
            : code === 'UND_ERR_SOCKET' || code === 'EPIPE'
              ? `connection closed by the server${midBody}`
              : // A library's own code or message would mean nothing to the reader.
                'connection failed';
  return new TransportFailure(`${what} (${where})`, notSent, 'connection', status);
}

/** A failed TLS handshake by its cause (expired, wrong name, unknown authority, not TLS at all); no key was sent yet. */
function tlsProblem(code: string, message: string | undefined, where: string): TransportFailure | undefined {
  const fail = (text: string, hint: string) => new TransportFailure(text, true, 'tls', undefined, hint);
  // Node's own advice after the reason (Node 24: "; if the root CA is installed locally, try
  // running Node.js with --use-system-ca") differs by version; gwctl gives its own hint.
  const reason = message?.split('; ')[0] || code;
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return fail(
      `the TLS certificate of ${where} ${code === 'CERT_HAS_EXPIRED' ? 'has expired' : 'is not valid yet'} (${code})`,
      "the server's certificate must be renewed, or this machine's clock is wrong (gwctl doctor checks it)",
    );
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return fail(`the TLS certificate of ${where} is for another host name: ${reason} (${code})`, 'check the host name of the base URL');
  }
  if (/^ERR_SSL_(WRONG_VERSION_NUMBER|PACKET_LENGTH_TOO_LONG|HTTP_REQUEST|UNKNOWN_PROTOCOL)$/.test(code)) {
    return fail(`${where} does not speak TLS (${code})`, 'check the base URL: is it a plain-http port given as https://?');
  }
  if (TLS_CODES.test(code)) {
    return fail(
      `the TLS certificate of ${where} is not trusted: ${reason} (${code})`,
      'check the base URL; for a private certificate authority, set NODE_EXTRA_CA_CERTS or the ca-file setting (GWCTL_CA_FILE) to its certificate file',
    );
  }
  return undefined;
}

/** What was wrong with an answer that is not valid HTTP/1.1, from undici's parser messages (and its assertion on a 101). */
function protocolProblem(err: { name?: string; code?: string; message?: string }, code: string | undefined): string | undefined {
  const message = err.message ?? '';
  if (code === 'ERR_ASSERTION' || message === 'bad upgrade') {
    return 'the server answered with an unexpected informational status (1xx, such as 101 Switching Protocols) instead of a response';
  }
  if (code === 'UND_ERR_SOCKET' && message === 'bad response') {
    return 'the server sent an informational status (1xx) and then closed the connection without a response';
  }
  if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') return 'the response body does not match its Content-Length';
  // Node's limit, 16 KiB unless Node is run with --max-http-header-size (NODE_OPTIONS works too).
  if (code === 'UND_ERR_HEADERS_OVERFLOW') return "the response headers are larger than Node's --max-http-header-size (16 KiB by default)";
  if (err.name === 'HTTPParserError' || code?.startsWith('HPE_')) {
    if (/Expected HTTP\//.test(message)) return 'the answer does not begin with an HTTP/1.1 status line (not an HTTP/1.1 server?)';
    const detail = /\(([^)]*)\)\s*$/.exec(message)?.[1];
    return `the answer is not valid HTTP/1.1${detail ? ` (${detail.toLowerCase()})` : ''}`;
  }
  return undefined;
}
