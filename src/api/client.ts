// The one HTTP client every command uses: keys per route, the plain-http rule, redirects,
// retries, and the API's error envelope turned into a GwctlError with the contract's exit code.
import { apiError, responseError, transportError, usageError, noCredentialsError, GwctlError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { refuseDeepNesting } from '../core/bounded-read.js';
import { maskKeys, maskKeysInJson } from '../core/mask.js';
import { baseUrlProblem, isLoopbackHost } from '../core/patterns.js';
import { oneLine, quoteInput, sanitizeField } from '../core/sanitize.js';
import { readJson } from '../core/sent-json.js';
import { readErrorEnvelope } from './envelope.js';
import { reasonPhrase } from './status-text.js';
import { describeRetryAfter, isRetryableStatus, nextDelay, parseRetryAfter, RETRY } from './retry.js';
import { NotStarted, Pacer } from './pacing.js';
import type { KeyKind, Route } from './routes.js';
import { Transport, TransportFailure, type Network, type WireResponse } from './transport.js';
import { proxyLabel, type ProxyChoice } from './transport-network.js';
import { traceHeaders, type TraceContext } from './trace-context.js';

/** A response, marked when it came from an origin the key was not sent to (after a redirect). */
type Answer = WireResponse & { keyless?: true };

/** A key as the client sends it, with what to do when the server refuses it: which login, variable or key command gave it. */
export interface SentKey {
  value: string;
  /** After a 401 to it. */
  ifUnauthorized?: string | undefined;
  /** After a 403 to it. */
  ifForbidden?: string | undefined;
}

export interface ClientOptions {
  baseUrl: string;
  /**
   * The key each kind of route sends (the API key's route gets the management key when there is
   * no API key), found when a request first needs it, at most once, and already allowed to go
   * to this base URL; undefined when none is configured.
   */
  keys: (kind: KeyKind) => Promise<SentKey | undefined>;
  timeoutMs: number;
  /** Extra attempts after the first, on a retryable failure. */
  retries: number;
  userAgent: string;
  /** Interruption (Ctrl-C) aborts whatever is in flight. */
  signal: AbortSignal;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  now: () => number;
  /** --debug: one line per event, already free of keys. */
  debug?: (line: string) => void;
  /** The next step when the server could not be reached at all (not when it was reached and then dropped the connection). */
  ifUnreachable?: string;
  /** Words a command suggested in a message repeats, to go where this client goes (`--profile ops`: core/suggest.ts). */
  target?: readonly string[];
  random?: () => number;
  /** Proxies and certificate authorities (api/transport-network.ts); none: direct, the usual authorities. */
  network?: Network;
  /** The trace a caller began (TRACEPARENT): each request to the base URL's origin carries it, with a parent id of its own. */
  trace?: TraceContext;
  /** Where the base URL came from, in a message's words (`--base-url`, `GWCTL_BASE_URL`): said when its host does not resolve. */
  baseUrlFrom?: string;
}

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** For a request that changes something: how to see what happened when it was sent but its answer was lost. */
  ifAnswerLost?: string;
  /** The caller's own cancellation (pages fetched ahead that are no longer wanted), besides interruption. */
  signal?: AbortSignal;
  /** Once aborted, nothing more of this call is sent while what is in flight finishes (Ctrl-C, or a 401 midway through many targets). */
  stopStarting?: AbortSignal;
}

/** A request to any route, as `gwctl api` builds it. */
export interface RawRequest {
  method: string;
  /** Already resolved: on the base URL's origin (see `resolve`). */
  url: URL;
  key: KeyKind;
  /** Extra headers; the client sets accept, user-agent, authorization (and content-type for a body). */
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  /** The parsed JSON body (its text kept beside it: core/sent-json.ts); undefined for an empty body. */
  body: unknown;
}

/** What `probe` found: an answer (its status and Date), or why none came. */
export type Probe =
  | { ok: true; status: number; date?: string; began: number; at: number }
  | { ok: false; kind: TransportFailure['kind']; message: string; hint?: string };

const MAX_REDIRECTS = 5;

export class ApiClient {
  private readonly transport: Transport;
  private readonly base: URL;
  /** The pace of every request this client sends in the run: pauses, concurrency, throttled answers. */
  readonly pacing: Pacer;

  /** The keys sent so far, to mask in what comes back. */
  private readonly sentKeys = new Set<string>();
  /** Each kind's key, asked for once. */
  private readonly keys = new Map<KeyKind, Promise<SentKey | undefined>>();
  private trace: TraceContext | undefined;

  constructor(private readonly options: ClientOptions) {
    this.transport = new Transport(options.network);
    this.base = parseBaseUrl(options.baseUrl);
    this.pacing = new Pacer({ now: options.now, sleep: options.sleep }, RETRY.maxRetryAfterMs);
    this.trace = options.trace;
  }

  /**
   * This client for the calls of one trace (an MCP request's `_meta.traceparent`, read with
   * `traceContext`): the same connections, pacer, keys and options, every request carrying
   * `trace` in place of the run's (undefined: none). Closing it closes the client it came from.
   */
  withTrace(trace: TraceContext | undefined): ApiClient {
    const traced = Object.create(this) as ApiClient;
    traced.trace = trace;
    return traced;
  }

  /** The URL a route resolves to, for messages and hints. */
  urlFor(route: Route, call: CallOptions = {}): URL {
    let path = route.path;
    for (const [name, value] of Object.entries(call.params ?? {})) {
      path = path.replace(`{${name}}`, pathSegment(value, name));
    }
    const url = new URL(this.base.href.replace(/\/+$/, '') + path);
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url;
  }

  async call(route: Route, call: CallOptions = {}): Promise<ApiResponse> {
    const key = await this.keyFor(route, call.stopStarting);
    const url = this.urlFor(route, call);
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const { outcome, attempt } = await this.exchange(route, url, key.value, body, {}, call.signal, call.stopStarting);
    return this.withHint(key, outcome, () => finish(route, call, outcome, attempt, this.options.now()));
  }

  /** A request to any route (`gwctl api`): `call`'s keys, retries, redirects and errors, the body as given and the answer as text. */
  async request(req: RawRequest): Promise<WireResponse> {
    const route: Route = {
      name: `${req.method} ${req.url.pathname}`,
      method: req.method as Route['method'],
      path: req.url.pathname,
      key: req.key,
      // Only GET and HEAD are known to be harmless to repeat on any route.
      ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { unsafe: true, retryOnlyUnsent: true }),
    };
    const key = await this.keyFor(route);
    const { outcome, attempt } = await this.exchange(route, req.url, key.value, req.body, req.headers, req.signal);
    if (outcome instanceof TransportFailure || outcome.status < 200 || outcome.status >= 300) {
      this.withHint(key, outcome, () => finish(route, {}, outcome, attempt, this.options.now()));
    }
    const res = outcome as WireResponse;
    return { status: res.status, headers: res.headers, text: res.text };
  }

  /** One GET of the base URL, keyless and without retries, through the usual proxy and TLS settings: `gwctl doctor`'s way and clock. */
  async probe(): Promise<Probe> {
    const began = this.options.now();
    try {
      const res = await this.transport.send({
        method: 'GET',
        url: this.base,
        headers: { accept: 'application/json', 'user-agent': this.options.userAgent, ...(this.trace && traceHeaders(this.trace)) },
        timeoutMs: this.options.timeoutMs,
        signal: this.options.signal,
      });
      return { ok: true, status: res.status, ...(res.headers.date ? { date: res.headers.date } : {}), at: this.options.now(), began };
    } catch (error) {
      if (!(error instanceof TransportFailure)) throw error;
      return { ok: false, kind: error.kind, message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
    }
  }

  /** The proxy a request to `url` goes through, or undefined when it goes directly: the way `doctor` describes. */
  proxyFor(url: URL): ProxyChoice | undefined {
    return this.transport.proxyFor(url);
  }

  /** Whether a key of this kind is configured (the API key falls back to the management key). */
  async hasKeyFor(kind: KeyKind): Promise<boolean> {
    return Boolean(await this.keyOf(kind));
  }

  /** `interns`, `/interns?limit=5` (extending the base URL's path) or an absolute URL on the base URL's origin: the key goes nowhere else. */
  resolve(path: string): URL {
    const base = this.base;
    if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
      let url: URL;
      try {
        url = new URL(path);
      } catch {
        throw usageError(`invalid URL ${quoteInput(path)}`);
      }
      if (url.origin !== base.origin) {
        throw usageError(
          `refusing to send the key to ${sanitizeField(url.origin)}: only the base URL's origin (${sanitizeField(base.origin)}) is allowed`,
          'give a path relative to the base URL, such as interns or /interns?limit=5',
        );
      }
      return url;
    }
    const url = new URL(base.href.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, ''));
    if (url.origin !== base.origin) throw usageError(`invalid path ${quoteInput(path)}`);
    return url;
  }

  /** Attempts until one is final (success, a failure not worth repeating, or out of attempts). */
  private async exchange(
    route: Route,
    url: URL,
    key: string,
    body: string | undefined,
    headers: Record<string, string>,
    callerSignal: AbortSignal | undefined,
    stopStarting?: AbortSignal,
  ): Promise<{ outcome: Answer | TransportFailure; attempt: number }> {
    refusePlainHttp(url);
    const attempts = this.options.retries + 1;
    const signal = callerSignal ? AbortSignal.any([this.options.signal, callerSignal]) : this.options.signal;
    let waited = 0;
    let last: { outcome: Answer | TransportFailure; attempt: number } | undefined;
    for (let attempt = 1; ; attempt++) {
      let outcome: Answer | TransportFailure;
      try {
        outcome = await this.attempt(route, url, key, body, headers, attempt, attempts, signal, stopStarting);
      } catch (error) {
        // Told to start nothing more before a retry was sent: this call ends with the answer it has.
        if (error instanceof NotStarted && last) return last;
        throw error;
      }
      last = { outcome, attempt };
      const retry = this.retryDecision(route, outcome, attempt, attempts, waited, signal);
      if (retry === undefined) return { outcome, attempt };
      this.debug(`waiting ${retry} ms before attempt ${attempt + 1}/${attempts}`);
      try {
        await this.options.sleep(retry, stopStarting ? AbortSignal.any([signal, stopStarting]) : signal);
      } catch (error) {
        if (signal.aborted || !stopStarting?.aborted) throw error;
        return last;
      }
      waited += retry;
    }
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  /** A 401 or 403 says which key was sent, from where, and what to do; an unreached server, how to find out why. */
  private withHint<T>(key: SentKey, outcome: Answer | TransportFailure, finishing: () => T): T {
    try {
      return finishing();
    } catch (error) {
      const keySent = !(outcome instanceof TransportFailure) && outcome.keyless !== true;
      const status = error instanceof GwctlError ? error.status : undefined;
      const given = error instanceof GwctlError && error.hint !== undefined;
      const hint = given
        ? undefined
        : keySent && (status === 401 || status === 403)
          ? status === 401
            ? key.ifUnauthorized
            : key.ifForbidden
          : outcome instanceof TransportFailure && outcome.notSent && (outcome.kind === 'connection' || outcome.kind === 'timeout')
            ? this.options.ifUnreachable
            : undefined;
      if (!hint) throw error;
      const e = error as GwctlError;
      throw new GwctlError(e.message, e.exitCode, { hint, status: e.status, code: e.code, reason: e.reason, retryable: e.retryable });
    }
  }

  /** The key of this kind, asked for once. */
  private keyOf(kind: KeyKind): Promise<SentKey | undefined> {
    let key = this.keys.get(kind);
    if (!key) this.keys.set(kind, (key = this.options.keys(kind)));
    return key;
  }

  /** The route's key, or no credentials (exit 4); a call told to start nothing more meanwhile was never started. */
  private async keyFor(route: Route, stopStarting?: AbortSignal): Promise<SentKey> {
    let key: SentKey | undefined;
    try {
      key = await this.keyOf(route.key);
    } catch (error) {
      if (stopStarting?.aborted && !this.options.signal.aborted) throw new NotStarted();
      throw error;
    }
    if (!key) throw noCredentialsError(route.key, this.options.target);
    this.sentKeys.add(key.value);
    return key;
  }

  /** One attempt, following redirects; resolves to a response or a transport failure. */
  private async attempt(
    route: Route,
    start: URL,
    key: string,
    body: string | undefined,
    extra: Record<string, string>,
    attempt: number,
    attempts: number,
    signal: AbortSignal,
    stopStarting: AbortSignal | undefined,
  ): Promise<Answer | TransportFailure> {
    let url = start;
    let method: string = route.method;
    let payload = body;
    const seen = new Set<string>();
    for (let hop = 0; ; hop++) {
      // The key goes only to the origin it was configured for, never across a redirect elsewhere.
      const sameOrigin = url.origin === start.origin;
      const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.options.userAgent };
      if (payload !== undefined) headers['content-type'] = 'application/json';
      // The trace and a person's own headers (gwctl api -H, which win) go only where the key may go, and never replace it.
      const trace = sameOrigin && this.trace ? traceHeaders(this.trace) : undefined;
      if (sameOrigin) Object.assign(headers, trace, extra, { authorization: `Bearer ${key}` });
      const ticket = await this.pacing.acquire(signal, stopStarting);
      const proxy = this.transport.proxyFor(url);
      this.debug(
        `> ${method} ${url.href} (attempt ${attempt}/${attempts})${sameOrigin ? ' authorization: Bearer [redacted]' : ''}` +
          (trace ? ` traceparent: ${headers.traceparent}` : '') +
          (proxy ? ` via proxy ${proxyLabel(proxy.url)} (${proxy.variable})` : ''),
      );
      const began = this.options.now();
      let res: WireResponse;
      try {
        res = await this.transport.send({
          method,
          url,
          headers,
          ...(payload === undefined ? {} : { body: payload }),
          timeoutMs: this.options.timeoutMs,
          signal,
        });
      } catch (error) {
        ticket.settle({});
        if (error instanceof TransportFailure) {
          const unwanted = error.kind === 'aborted' && !this.options.signal.aborted;
          this.debug(`< ${unwanted ? 'cancelled: no longer needed' : error.message}`);
          return error.kind === 'unresolved' && !proxy && url.hostname === this.base.hostname ? this.baseUnresolved(error) : error;
        }
        throw error;
      }
      ticket.settle({ status: res.status, retryAfterMs: parseRetryAfter(res.headers['retry-after'], this.options.now()) });
      // Only under --debug: counting a page's bytes is a pass over it (2 % of `--all` over 100,000 interns).
      if (this.options.debug) {
        this.debug(
          `< ${res.status} in ${this.options.now() - began} ms, ${Buffer.byteLength(res.text)} bytes, ${res.headers['content-type'] ?? 'no content-type'}`,
        );
      }
      // A server that echoes a key back (in an error message, say) never gets it shown, not even cut short.
      res.text = this.maskKeys(res.text);
      // An answer from another origin did not see the key: a 401 there says nothing about it.
      if (res.status < 300 || res.status >= 400 || res.headers.location === undefined) return sameOrigin ? res : { ...res, keyless: true };
      seen.add(url.href);
      const next = redirectTarget(res.headers.location, url, res.status);
      // What a write would carry elsewhere (its body, or the change itself) goes nowhere but the base URL's origin.
      if (next.origin !== start.origin && (payload !== undefined || !['GET', 'HEAD'].includes(method))) {
        throw responseError(writeRedirected(method, url, next, res.status), res.status);
      }
      followable(next, res.status);
      if (seen.has(next.href) || hop + 1 > MAX_REDIRECTS) {
        throw responseError(`too many redirects (last to ${sanitizeField(next.href)})`, res.status);
      }
      if (res.status === 303) {
        method = 'GET';
        payload = undefined;
      }
      url = next;
    }
  }

  /** A base URL whose host does not resolve: said with where the base URL came from, the place to correct it. */
  private baseUnresolved(failure: TransportFailure): TransportFailure {
    const from = this.options.baseUrlFrom ? `, from ${this.options.baseUrlFrom}` : '';
    return new TransportFailure(`${failure.message} (the base URL's host${from})`, true, 'unresolved', undefined, failure.hint);
  }

  /** Milliseconds to wait before trying again, or undefined to stop here. */
  private retryDecision(
    route: Route,
    outcome: WireResponse | TransportFailure,
    attempt: number,
    attempts: number,
    waited: number,
    signal: AbortSignal,
  ): number | undefined {
    if (signal.aborted) return undefined;
    let retryAfterMs: number | undefined;
    if (outcome instanceof TransportFailure) {
      // An answer that is too large or not HTTP comes back the same way when asked again.
      // So does a proxy's refusal, and a name that does not exist.
      if (['aborted', 'too-large', 'tls', 'protocol', 'proxy', 'proxy-auth', 'unresolved'].includes(outcome.kind)) return undefined;
      // A request that may have reached the server is repeated only when repeating is harmless.
      if (route.unsafe && !outcome.notSent) return undefined;
    } else {
      if (outcome.status < 400) return undefined;
      // An answer proves the request arrived: a route the tool does not know is not repeated.
      if (route.retryOnlyUnsent) return undefined;
      const envelope = readErrorEnvelope(outcome);
      if (!isRetryableStatus({ status: outcome.status, ...envelope })) return undefined;
      retryAfterMs = parseRetryAfter(outcome.headers['retry-after'], this.options.now());
      if (retryAfterMs !== undefined && retryAfterMs > RETRY.maxRetryAfterMs) return undefined;
    }
    if (attempt >= attempts) return undefined;
    const delay = nextDelay(attempt, retryAfterMs, this.options.random);
    if (waited + delay > RETRY.maxTotalWaitMs) return undefined;
    return delay;
  }

  private debug(line: string): void {
    // Header values from the server (content type, location) end up here: nothing raw reaches the terminal.
    this.options.debug?.(sanitizeField(line));
  }

  private maskKeys(text: string): string {
    // Only keys this client sent: reading the other could run its key command for nothing.
    const keys = [...this.sentKeys];
    return maskKeysInJson(maskKeys(text, keys), keys);
  }
}

/** The last outcome as a value or an error that says everything known about it. */
function finish(route: Route, call: CallOptions, outcome: WireResponse | TransportFailure, attempt: number, now: number): ApiResponse {
  const tries = attempt > 1 ? ` (after ${attempt} attempts)` : '';
  if (outcome instanceof TransportFailure) {
    if (outcome.kind === 'aborted') throw new GwctlError('interrupted', ExitCode.interrupted);
    if (outcome.kind === 'too-large') throw responseError(outcome.message, outcome.status);
    if (outcome.kind === 'protocol') {
      const unknown = route.unsafe ? `: the ${route.name} request was sent, so its outcome is unknown` : '';
      throw responseError(`${outcome.message}${unknown}`, outcome.status);
    }
    // Neither a TLS failure, a proxy's refusal nor a name that does not exist is transient: asking again gets the same answer.
    if (['tls', 'proxy', 'proxy-auth', 'unresolved'].includes(outcome.kind)) {
      const code = outcome.kind === 'proxy-auth' ? ExitCode.auth : ExitCode.failure;
      throw new GwctlError(outcome.message, code, { hint: outcome.hint });
    }
    if (route.unsafe && !outcome.notSent) {
      throw transportError(
        `${outcome.message}${tries}: the ${route.name} request was sent but its answer was lost, so its outcome is unknown`,
        call.ifAnswerLost ?? 'check the current state before trying again',
      );
    }
    throw transportError(`${outcome.message}${tries}`);
  }
  const status = outcome.status;
  const parsed = parseBody(outcome);
  if (status >= 200 && status < 300) {
    if (!parsed.ok) {
      throw responseError(`the response is not JSON (${parsed.contentType}): ${parsed.snippet}`, status);
    }
    refuseDeepNesting(parsed.value, route.name, status);
    return { status, headers: outcome.headers, body: parsed.value };
  }
  const envelope = readErrorEnvelope(outcome);
  const message = envelope.message ?? (parsed.ok ? statusText(status) : `${statusText(status)} (${parsed.contentType}): ${parsed.snippet}`);
  // Out of attempts, or asked to wait longer than the tool will: say when the server expects to be ready.
  const wait = isRetryableStatus({ status, ...envelope }) ? describeRetryAfter(outcome.headers['retry-after'], now) : undefined;
  throw apiError(status, `${message}${tries}`, {
    code: envelope.code,
    reason: envelope.reason,
    retryable: envelope.retryable,
    hint: wait === undefined ? undefined : `the server asks to wait ${wait} before trying again`,
  });
}

/** Where a redirect points. */
function redirectTarget(location: string, from: URL, status: number): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw responseError(`the server redirected to an invalid address ${JSON.stringify(sanitizeField(location))}`, status);
  }
  return next;
}

/** Refuses a redirect the tool may not follow: only http(s), never plain http off this machine. */
function followable(next: URL, status: number): void {
  if (next.protocol !== 'https:' && next.protocol !== 'http:') {
    throw responseError(`refusing to follow a redirect to a ${sanitizeField(next.protocol.replace(/:$/, ''))} address`, status);
  }
  if (next.protocol === 'http:' && !isLoopbackHost(next.hostname)) {
    throw responseError(`refusing to follow a redirect to plain http (${sanitizeField(next.host)})`, status);
  }
}

/** A write redirected to another origin, not followed: what was (not) done. A 303 says the server acted; the others that it did not. */
function writeRedirected(method: string, from: URL, to: URL, status: number): string {
  const done = status === 303 ? 'a 303 says the server acted on it, so check its outcome' : `the ${method} request was not done`;
  return `the server redirected ${method} ${sanitizeField(from.pathname)} to another origin (${sanitizeField(to.origin)}): not followed, nothing was sent there, and ${done}`;
}

type ParsedBody = { ok: true; value: unknown } | { ok: false; contentType: string; snippet: string };

/** JSON when the body is JSON; a proxy's HTML page, an empty or cut-off body otherwise. */
export function parseBody(res: WireResponse): ParsedBody {
  const contentType = (res.headers['content-type'] ?? 'no content type').split(';')[0]!.trim();
  const text = res.text;
  if (text.trim() === '') {
    return { ok: false, contentType, snippet: 'empty body' };
  }
  if (!/html|xml/i.test(contentType)) {
    try {
      return { ok: true, value: readJson(text) };
    } catch {
      // fall through: described below
    }
  }
  const flat = oneLine(text);
  const snippet = JSON.stringify(sanitizeField(flat.length > 80 ? `${flat.slice(0, 80)}…` : flat));
  return { ok: false, contentType, snippet };
}

function statusText(status: number): string {
  return reasonPhrase(status) ?? `HTTP status ${status}`;
}

function parseBaseUrl(text: string): URL {
  // Wherever it came from (--base-url, GWCTL_BASE_URL, the profile): one rule, before anything is sent.
  const problem = baseUrlProblem(text);
  if (problem) throw usageError(`invalid base URL ${quoteInput(text)}: ${problem}`);
  return new URL(text);
}

/** A value as one percent-encoded path segment; `.` and `..` are refused, as every URL parser on the way would reach another route. */
export function pathSegment(value: string, name: string): string {
  const encoded = encodeURIComponent(value);
  if (encoded === '.' || encoded === '..') {
    throw usageError(`${quoteInput(value)} cannot be sent as the ${name} in a URL path: "." and ".." would address another route`);
  }
  return encoded;
}

/** A key never travels in clear text except to this machine. */
function refusePlainHttp(url: URL): void {
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw usageError(
      `refusing to send a key over plain http to ${sanitizeField(url.host)}`,
      'use an https:// base URL (plain http is allowed only for loopback addresses)',
    );
  }
}
