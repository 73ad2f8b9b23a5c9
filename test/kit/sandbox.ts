// The sandbox API in-process, for any test file: real HTTP on 127.0.0.1, the document's
// behaviour, seeded demo data, fault injection and a log of what the client sent.
//
//   import { useSandbox } from './sandbox.js';
//   import { gwctl } from './cli.js';
//
//   const sandbox = useSandbox();               // started before the file's tests, closed after,
//                                               // reset (state, faults, request log) before each test
//   it('lists interns', async () => {
//     const sb = sandbox();
//     const run = await gwctl(['interns', 'ls', '--json'], { env: sb.env() });
//     expect(run.code).toBe(0);
//     expect(sb.requests().map((r) => [r.method, r.path, r.key])).toEqual([['GET', '/api/v1/interns', 'api']]);
//   });
//   it('retries a 503', async () => {
//     const sb = sandbox();
//     sb.fault({ match: 'GET /interns', status: 503, retry_after: '0', times: 1 });   // or 'GET /interns 503 retry-after=0 times=1'
//     ...
//   });
//
// sb.env({ management: 'api' }) puts another demo key class in GWCTL_MANAGEMENT_KEY (null leaves
// it out), to test what a command does with the wrong key. sb.request()/get()/post()/del() call the
// API directly with a demo key class (or null for none, or any other string as the key itself).
// sb.examples has ids to use: examples.intern, examples.batches.completed, examples.workspace_slug, ...
// startTestSandbox() is the same without the vitest hooks (call close() yourself).
// Tests run the sandbox frozen (pace 0) so that nothing moves under them; a test of motion passes
// { pace: 1, now: () => t } and moves t itself.
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import {
  startSandbox,
  type Examples,
  type Fault,
  type FaultSpec,
  type RecordedRequest,
  type RunningSandbox,
  type SandboxOptions,
} from '../../src/sandbox/server.js';
import { gwctl, type InProcessResult } from './cli.js';

export type KeyKind = 'management' | 'api' | 'outsider' | 'intern';

export interface SandboxResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  body: any;
}

export interface RequestOptions {
  /** A demo key class, null for no Authorization header, or any other string as the key. Default management. */
  key?: KeyKind | null | (string & {});
  /** An object is sent as JSON (Content-Type application/json unless headers say otherwise); a string or Buffer as it is. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface SandboxHandle {
  /** http://127.0.0.1:PORT/api/v1 */
  baseUrl: string;
  /** http://127.0.0.1:PORT (the control API lives under /_sandbox) */
  url: string;
  keys: Record<KeyKind, string>;
  examples: Examples;
  /** GWCTL_BASE_URL, GWCTL_MANAGEMENT_KEY and GWCTL_API_KEY for gwctl() and runGwctl(). */
  env(keys?: { management?: KeyKind | null; api?: KeyKind | null }): Record<string, string>;
  /** `path` is relative to /api/v1 (`/interns?limit=2`), or absolute from the origin when it starts with /_sandbox. */
  request(method: string, path: string, options?: RequestOptions): Promise<SandboxResponse>;
  get(path: string, key?: RequestOptions['key']): Promise<SandboxResponse>;
  post(path: string, body?: unknown, key?: RequestOptions['key']): Promise<SandboxResponse>;
  del(path: string, key?: RequestOptions['key']): Promise<SandboxResponse>;
  /** A fault in the JSON form ({match, status, retry_after, delay_ms, body, drop, times, headers}) or the --fault text form. */
  fault(spec: FaultSpec | string): Fault;
  faults(): Fault[];
  clearFaults(): void;
  /** Requests received under /api/v1, oldest first (never the key, only which demo key class). */
  requests(): RecordedRequest[];
  clearRequests(): void;
  /** Seeded state back, faults cleared, request log emptied. */
  reset(): void;
  close(): Promise<void>;
  /** The running server itself. */
  server: RunningSandbox;
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const server = await startSandbox({ host: '127.0.0.1', port: 0, pace: 0, ...options });
  const keyValue = (key: RequestOptions['key']): string | undefined => {
    if (key === null) return undefined;
    if (key === undefined) return server.keys.management;
    return (server.keys as Record<string, string>)[key] ?? key;
  };
  // No keep-alive: a test that drops or truncates a response must not poison the next request.
  const agent = new http.Agent({ keepAlive: false });
  const request = (method: string, path: string, options: RequestOptions = {}): Promise<SandboxResponse> => {
    const target = new URL(path.startsWith('/_sandbox') ? server.url + path : server.baseUrl + path);
    const headers: Record<string, string> = { ...options.headers };
    const key = keyValue(options.key);
    if (key !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'authorization'))
      headers.authorization = `Bearer ${key}`;
    let payload: Buffer | undefined;
    if (options.body !== undefined) {
      if (typeof options.body === 'string') payload = Buffer.from(options.body);
      else if (Buffer.isBuffer(options.body)) payload = options.body;
      else {
        payload = Buffer.from(JSON.stringify(options.body));
        if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
      }
    }
    return new Promise((resolve, reject) => {
      const req = http.request(target, { method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('response aborted')));
        res.on('end', () => {
          if (!res.complete) return reject(new Error('response incomplete'));
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  };
  return {
    baseUrl: server.baseUrl,
    url: server.url,
    keys: server.keys,
    examples: server.examples,
    env(keys = {}) {
      const env: Record<string, string> = { GWCTL_BASE_URL: server.baseUrl };
      const management = keys.management === undefined ? 'management' : keys.management;
      const api = keys.api === undefined ? 'api' : keys.api;
      if (management !== null) env.GWCTL_MANAGEMENT_KEY = server.keys[management];
      if (api !== null) env.GWCTL_API_KEY = server.keys[api];
      return env;
    },
    request,
    get: (path, key) => request('GET', path, { key }),
    post: (path, body, key) => request('POST', path, { key, body }),
    del: (path, key) => request('DELETE', path, { key }),
    fault: (spec) => server.addFault(spec),
    faults: () => server.faults(),
    clearFaults: () => server.clearFaults(),
    requests: () => server.requests(),
    clearRequests: () => server.clearRequests(),
    reset: () => server.reset(),
    close: async () => {
      agent.destroy();
      await server.close();
    },
    server,
  };
}

/**
 * Starts one sandbox for the test file (beforeAll), resets it before each test unless
 * `resetEach` is false, and closes it after (afterAll). Call the returned function inside tests.
 */
export function useSandbox(options: SandboxOptions = {}, { resetEach = true }: { resetEach?: boolean } = {}): () => SandboxHandle {
  let handle: SandboxHandle | undefined;
  beforeAll(async () => {
    handle = await startTestSandbox(options);
  });
  if (resetEach) beforeEach(() => handle?.reset());
  afterAll(async () => {
    await handle?.close();
  });
  return () => {
    if (!handle) throw new Error('the sandbox is not started: call sandbox() inside a test or hook');
    return handle;
  };
}

export interface SandboxRuns {
  /** The file's sandbox (see useSandbox). */
  sandbox: () => SandboxHandle;
  /** gwctl in-process against the sandbox, with the demo key classes `keys` names (default: management and api). */
  run(args: string[], keys?: Parameters<SandboxHandle['env']>[0]): Promise<InProcessResult>;
  /** `args` under --json must exit 0 with nothing on stderr; gives the body printed. */
  json(args: string[]): Promise<any>;
  /** `args` under --json prints the body the sandbox serves at `path` (relative to /api/v1). */
  expectServed(args: string[], path: string): Promise<void>;
}

/** A sandbox for the test file (useSandbox) and in-process runs of gwctl against it. */
export function sandboxRuns(): SandboxRuns {
  const sandbox = useSandbox();
  const run: SandboxRuns['run'] = (args, keys) => gwctl(args, { env: sandbox().env(keys) });
  const json = async (args: string[]): Promise<any> => {
    const r = await run([...args, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    return JSON.parse(r.stdout);
  };
  return {
    sandbox,
    run,
    json,
    async expectServed(args, path) {
      const direct = await sandbox().get(path);
      expect(direct.status).toBe(200);
      expect(await json(args)).toEqual(direct.body);
    },
  };
}
