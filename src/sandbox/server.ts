// The built-in sandbox: a stateful HTTP server of the API's operations under /api/v1 on loopback,
// loaded only by `gwctl sandbox` and `--sandbox` through a dynamic import. A request: control API
// or API; body read under the route's limit; recorded; maybe faulted; then credentials (401),
// scope (403/404), size (413), empty path parameter, the handler. An unknown /api/v1 path is a 404
// envelope before any key check, as the service answers.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopbackHost } from '../core/patterns.js';
import { handleControl } from './control.js';
import { DEFAULT_INTERNS, MAX_INTERNS, MIN_INTERNS } from './data/interns.js';
import { MAX_CHURN } from './data/churn.js';
import { errorBody, HttpError, type Family } from './errors.js';
import { examplesFor, type Examples } from './examples.js';
import { FaultList, type Fault, type FaultSpec } from './faults.js';
import { json, readBody, send, sendRaw, type BodyRead, type Reply } from './http.js';
import { DEMO_KEYS, identify, type Caller, type KeyKind } from './keys.js';
import { DEFAULT_BATCH_RATE_LIMIT, LIMITS, type RateLimit } from './limits.js';
import { RateLimiter } from './rate-limit.js';
import { bodyForLog, queryObject, Recorder } from './recorder.js';
import { checkPace, DEFAULT_PACE, PaceClock } from './clock.js';
import type { Context, RouteDef } from './context.js';
import { matchRoute, type Match } from './router.js';
import { SandboxState } from './state.js';

export { FaultSpecError, parseFaultText, type Fault, type FaultSpec } from './faults.js';
export { MAX_INTERNS, MIN_INTERNS } from './data/interns.js';
export type { Examples } from './examples.js';
export { parsePace } from './clock.js';
export { parseChurn } from './data/churn.js';
export type { RecordedRequest } from './recorder.js';

export const API_PREFIX = '/api/v1';
/** The seed of the demo data; the same seed gives the same ids everywhere. */
export const DEFAULT_SEED = 20261101;

export interface SandboxOptions {
  /** A loopback address (default 127.0.0.1); anything else is refused. */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** How many interns the catalogue holds: DEFAULT_INTERNS when left out, from MIN_INTERNS to MAX_INTERNS. */
  interns?: number;
  seed?: number;
  /** Faults in force from the start (JSON specs or the --fault text form); reset restores them. */
  faults?: readonly (FaultSpec | string)[];
  /** The operation timeout of interns routes and the private-endpoint read (default 10000 ms). */
  operationTimeoutMs?: number;
  /** Batch routes' rate limit per key; null for none (default 600 per minute). */
  batchRateLimit?: RateLimit | null;
  /** Every route's rate limit per key (`--rate-limit`); null or absent for none. */
  rateLimit?: RateLimit | null;
  /** Makes GET /byok without workspace_id answer 400, as when the default workspace was deleted. */
  defaultWorkspaceDeleted?: boolean;
  /** The clock (ms since the epoch); batch retention and the times of changes use it. */
  now?: () => number;
  /** How fast states move: N times real time (default 1); 0 freezes them all (a suspend then stops an intern at once). */
  pace?: number;
  /** About N interns a minute (at pace 1) appear, change status or are destroyed; 0 (the default) for none. */
  churn?: number;
}

export interface ReadyInfo {
  base_url: string;
  keys: Record<KeyKind, string>;
  examples: Examples;
}

export type RunningSandbox = Awaited<ReturnType<typeof startSandbox>>;

/** Host headers such as `eu.localhost:4010` stand for the service's regional hostnames. */
const REGIONS = new Set(['eu', 'us', 'europe']);
function isRegionalHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.replace(/:\d+$/, '').toLowerCase();
  const labels = name.split('.');
  return labels.length > 1 && REGIONS.has(labels[0]!);
}

const HTML_PAGE = (status: number): string =>
  `<html>\r\n<head><title>${status} Bad Gateway</title></head>\r\n<body>\r\n<center><h1>${status} Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
const NOT_JSON = 'upstream connect error or disconnect/reset before headers. reset reason: connection termination';

export async function startSandbox(options: SandboxOptions = {}) {
  const host = options.host ?? '127.0.0.1';
  // Loopback only: the demo keys are public, so the sandbox must not be reachable from elsewhere.
  if (!isLoopbackHost(host)) throw new RangeError(`the sandbox listens on loopback only (127.0.0.1, ::1, localhost), not ${host}`);
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`port must be an integer from 0 to 65535, not ${port}`);
  const internCount = options.interns ?? DEFAULT_INTERNS;
  if (!Number.isInteger(internCount) || internCount < MIN_INTERNS || internCount > MAX_INTERNS) {
    throw new RangeError(`interns must be an integer from ${MIN_INTERNS} to ${MAX_INTERNS}, not ${internCount}`);
  }
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? Date.now;
  const pace = checkPace(options.pace ?? DEFAULT_PACE);
  const operationTimeoutMs = options.operationTimeoutMs ?? LIMITS.operationTimeoutMs;
  const churn = options.churn ?? 0;
  if (!Number.isInteger(churn) || churn < 0 || churn > MAX_CHURN)
    throw new RangeError(`churn must be an integer from 0 to ${MAX_CHURN}, not ${churn}`);
  const state = new SandboxState({ interns: internCount, seed, startedMs: now(), clock: new PaceClock(now, pace), churn });
  let connections = 0;
  const faults = new FaultList();
  const startupFaults = options.faults ?? [];
  for (const spec of startupFaults) faults.add(spec);
  const recorder = new Recorder();
  const limiter = new RateLimiter(options.batchRateLimit === undefined ? DEFAULT_BATCH_RATE_LIMIT : options.batchRateLimit);
  const everyRoute = new RateLimiter(options.rateLimit ?? null);
  const closing = new AbortController();
  const examples = examplesFor(seed, state.interns);
  const keys = { ...DEMO_KEYS };
  // Known only once the server listens; the control API's closure reads it after that.
  // eslint-disable-next-line prefer-const
  let info: ReadyInfo | undefined;

  const reset = (): void => {
    state.reset();
    faults.clear();
    for (const spec of startupFaults) faults.add(spec);
    recorder.clear();
    limiter.reset();
    everyRoute.reset();
  };

  /** Resolves true after `ms`, or false at once when the sandbox is closing. */
  const sleep = (ms: number): Promise<boolean> =>
    new Promise((resolve) => {
      if (closing.signal.aborted) return resolve(false);
      const onAbort = (): void => {
        clearTimeout(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        closing.signal.removeEventListener('abort', onAbort);
        resolve(true);
      }, ms);
      closing.signal.addEventListener('abort', onAbort, { once: true });
    });

  function routeError(
    route: RouteDef | undefined,
    family: Family,
    caller: Caller,
    status: number,
    message?: string,
  ): Record<string, unknown> {
    return { ...errorBody(family, status, message), ...(route?.errorExtras?.(caller) ?? {}) };
  }

  /** Credentials, scope, limits, then the handler: the answer of the API proper. */
  async function answer(
    req: IncomingMessage,
    match: Match,
    method: string,
    rel: string,
    query: URLSearchParams,
    body: BodyRead,
    caller: Caller,
  ): Promise<Reply> {
    if (match.kind === 'none') return json(errorBody('management', 404, `No route for ${method} ${API_PREFIX}${rel}`), 404);
    if (match.kind === 'method') {
      return json(errorBody(match.family, 405, `${method} is not allowed here; allowed: ${match.allowed.join(', ')}`), 405, {
        allow: match.allowed.join(', '),
      });
    }
    const { route, params, emptyParam } = match;
    const fail = (status: number, message?: string): HttpError =>
      new HttpError(status, routeError(route, route.family, caller, status, message));
    try {
      if (caller.kind === 'none' || caller.kind === 'unknown') {
        throw fail(401, route.family === 'management' && caller.kind === 'unknown' ? 'Invalid credentials' : undefined);
      }
      const known = { kind: caller.kind };
      // Counted per key once the key is known, before any other check, as a gateway in front would.
      const overall = everyRoute.check(known.kind, now());
      if (overall !== undefined) throw tooMany(route, caller, overall);
      if (route.access === 'interns') {
        if (isRegionalHost(req.headers.host)) throw fail(403, 'Interns and vault routes are not available on regional hostnames');
        // Outside the interns programme the routes do not exist for the caller.
        if (known.kind === 'outsider') throw fail(404, 'Not found');
      } else if (route.access === 'management' || route.access === 'workspace') {
        if (known.kind !== 'management') {
          // "Every workspace route answers 404" to an intern's own key.
          if (route.access === 'workspace' && known.kind === 'intern') throw fail(404);
          throw fail(403);
        }
      } else {
        const wait = limiter.check(known.kind, now());
        if (wait !== undefined) throw tooMany(route, caller, wait);
      }
      if (body.tooLarge) throw fail(413, route.family === 'interns' ? undefined : `Request body exceeds ${route.bodyLimit} bytes`);
      if (emptyParam) throw fail(route.emptyParamStatus, route.emptyParamStatus === 400 ? 'path parameter must not be empty' : undefined);
      const ctx: Context = {
        route,
        params,
        query,
        body,
        mediaType: req.headers['content-type']?.split(';')[0]?.trim().toLowerCase(),
        caller: known,
        state,
        settings: { defaultWorkspaceDeleted: options.defaultWorkspaceDeleted === true },
        now,
        moment: state.moment(),
        fail,
      };
      return await route.handler(ctx);
    } catch (error) {
      if (error instanceof HttpError) return { status: error.status, body: error.body, headers: error.headers };
      return json(routeError(route, route.family, caller, 500), 500);
    }
  }

  /** 429 in the route family's error envelope, with Retry-After in whole seconds. */
  function tooMany(route: RouteDef, caller: Caller, seconds: number): HttpError {
    return new HttpError(429, routeError(route, route.family, caller, 429), { 'retry-after': String(seconds) });
  }

  function faultReply(fault: Fault, family: Family, route: RouteDef | undefined, caller: Caller): Reply {
    const status = fault.status ?? 200;
    if (fault.body === undefined) return json(status >= 400 ? routeError(route, family, caller, status) : {}, status);
    return json(fault.body, status);
  }

  function write(res: ServerResponse, reply: Reply, fault: Fault | undefined): void {
    const headers: Record<string, string> = { ...reply.headers };
    if (fault?.retry_after !== undefined) headers['retry-after'] = fault.retry_after;
    Object.assign(headers, fault?.headers);
    const keyword = typeof fault?.body === 'string' ? fault.body : undefined;
    if (keyword === 'html') return sendRaw(res, reply.status, 'text/html; charset=utf-8', HTML_PAGE(reply.status), headers);
    if (keyword === 'empty') return sendRaw(res, reply.status, 'application/json', '', headers);
    if (keyword === 'not-json') return sendRaw(res, reply.status, 'application/json', NOT_JSON, headers);
    if (keyword === 'truncated') {
      // Announce the whole body, send half of it, and hang up: a response cut off in transit.
      const text = JSON.stringify(reply.body);
      if (res.headersSent || res.destroyed) return;
      res.writeHead(reply.status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(text),
        ...headers,
      });
      res.write(text.slice(0, Math.floor(text.length / 2)), () => res.socket?.destroy());
      return;
    }
    if (keyword !== undefined) return sendRaw(res, reply.status, 'text/plain; charset=utf-8', keyword, headers);
    send(res, { ...reply, headers });
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.on('error', () => {});
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const path = url.pathname;

    if (path === '/_sandbox' || path.startsWith('/_sandbox/')) {
      const body = await readBody(req, LIMITS.internBodyBytes);
      send(
        res,
        handleControl(
          {
            faults,
            recorder,
            reset,
            info: () => info,
            // Churn due by now is applied first, as for any request.
            changes: () => (state.moment(), state.churn.list()),
            connections: () => connections,
          },
          method,
          path,
          body.bytes.toString('utf8'),
        ),
      );
      return;
    }
    if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) {
      await readBody(req, LIMITS.otherBodyBytes);
      send(res, json(errorBody('management', 404, `Not found: the API lives under ${API_PREFIX}, the control API under /_sandbox`), 404));
      return;
    }

    const rel = path.slice(API_PREFIX.length) || '/';
    const match = matchRoute(method, rel);
    const route = match.kind === 'route' ? match.route : undefined;
    const family: Family = route?.family ?? (match.kind === 'method' ? match.family : 'management');
    const body = await readBody(req, route?.bodyLimit ?? LIMITS.otherBodyBytes);
    const caller = identify(req.headers.authorization);
    const entry = recorder.add({
      method,
      path,
      query: queryObject(url.searchParams),
      authorization: req.headers.authorization !== undefined,
      key: caller.kind === 'none' ? null : caller.kind,
      content_type: req.headers['content-type'] ?? null,
      body_bytes: body.size,
      body: bodyForLog(body.bytes, body.size),
      status: null,
      fault: null,
    });

    const fault = faults.take(method, path, url.search);
    if (fault) {
      entry.fault = fault.id;
      if (fault.delay_ms) {
        // On routes with an operation timeout, a delay past it is that timeout: 408.
        if (route?.deadline && fault.delay_ms >= operationTimeoutMs) {
          if (!(await sleep(operationTimeoutMs))) return;
          const reply = json(routeError(route, family, caller, 408), 408);
          entry.status = reply.status;
          send(res, reply);
          return;
        }
        if (!(await sleep(fault.delay_ms))) return;
      }
      if (fault.drop) {
        res.socket?.destroy();
        return;
      }
    }
    const synthesized =
      fault !== undefined &&
      ((fault.status !== undefined && fault.status >= 400) || (fault.body !== undefined && fault.body !== 'truncated'));
    let reply: Reply;
    if (synthesized) {
      reply = faultReply(fault, family, route, caller);
    } else {
      reply = await answer(req, match, method, rel, url.searchParams, body, caller);
      if (fault?.status !== undefined) reply = { ...reply, status: fault.status };
    }
    entry.status = reply.status;
    write(res, reply, fault);
  }

  const server = http.createServer((req, res) => {
    serve(req, res).catch(() => {
      if (!res.headersSent && !res.destroyed) send(res, json(errorBody('management', 500), 500));
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostInUrl = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const origin = `http://${hostInUrl}:${address.port}`;
  const baseUrl = `${origin}${API_PREFIX}`;
  info = { base_url: baseUrl, keys, examples };
  const ready = info;

  return {
    /** `http://HOST:PORT/api/v1` */
    baseUrl,
    /** `http://HOST:PORT`, where the control API (/_sandbox) lives. */
    url: origin,
    host,
    port: address.port,
    keys,
    examples,
    /** How fast states in motion move (0: frozen), for the banner. */
    pace,
    /** What `gwctl sandbox --json` prints. */
    info: (): ReadyInfo => ready,
    addFault: (spec: FaultSpec | string) => faults.add(spec),
    faults: () => faults.list(),
    clearFaults: (): void => void faults.clear(),
    requests: () => recorder.list(),
    clearRequests: (): void => void recorder.clear(),
    /** The changes churn made, oldest first (the sandbox's own record, to check a watch against). */
    changes: () => (state.moment(), state.churn.list()),
    /** Connections accepted since the start (a client that keeps its connection alive opens one). */
    connections: () => connections,
    /** State back to the seed, start-up faults back, request log emptied. */
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        closing.abort();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
