// W3C trace context: TRACEPARENT (and TRACESTATE) in gwctl's environment goes on every API request
// as the traceparent (and tracestate) header, with the caller's trace id and flags and a parent id
// new for each request, retries and pages included; --debug shows it; one that is not valid is
// ignored. A loopback server records the headers it receives. The client's way for an MCP
// request's own trace (withTrace) is checked on the client itself.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { routes } from '../../src/api/routes.js';
import { traceContext } from '../../src/api/trace-context.js';
import { gwctl } from '../kit/cli.js';
import { envelope, startServer, type ScriptedServer } from '../kit/server.js';

const KEY = 'sk-api-trace-0123456789abcdef';
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${CALLER}-01`;
const TRACESTATE = 'congo=t61rcWkgMzE, rojo=00f067aa0ba902b7';
const PAGE = { data: [], has_more: false };

let server: ScriptedServer;
let other: ScriptedServer;
beforeAll(async () => {
  [server, other] = await Promise.all([startServer(() => ({ body: PAGE })), startServer(() => ({ body: PAGE }))]);
});
afterAll(async () => {
  await Promise.all([server.close(), other.close()]);
});
beforeEach(() => {
  server.reset();
  other.reset();
});

const run = (args: readonly string[], env: Record<string, string | undefined>) =>
  gwctl([...args, '--base-url', server.baseUrl], { env: { GWCTL_API_KEY: KEY, ...env } });
/** Each request's traceparent split into its fields, and its tracestate. */
const traces = (s = server) =>
  s.requests.map((q) => {
    const [version, traceId, parent, flags] = String(q.headers.traceparent ?? '').split('-');
    return { version, traceId, parent, flags, state: q.headers.tracestate };
  });

describe('TRACEPARENT and TRACESTATE', () => {
  it('every request of a run carries the trace id and flags, a parent id of its own each, and the tracestate as given', async () => {
    server.handle((req) => {
      const n = Number(req.query.get('starting_after') ?? 0);
      return { body: { data: [{ id: `i${n}` }], has_more: n < 2, ...(n < 2 ? { next_cursor: String(n + 1) } : {}) } };
    });
    const r = await run(['api', 'interns', '--paginate'], { TRACEPARENT, TRACESTATE });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const seen = traces();
    expect(seen).toHaveLength(3);
    for (const t of seen) {
      expect(t).toMatchObject({ version: '00', traceId: TRACE_ID, flags: '01', state: TRACESTATE });
      expect(t.parent).toMatch(/^[0-9a-f]{16}$/);
      expect(t.parent).not.toBe('0000000000000000');
    }
    const parents = seen.map((t) => t.parent);
    expect(new Set([...parents, CALLER]).size).toBe(4);
  });

  it('each retry of a request gets a parent id of its own', async () => {
    server.handle((_req, i) => (i < 2 ? { status: 503, headers: { 'retry-after': '0' }, body: envelope(503, 'busy') } : { body: PAGE }));
    const r = await run(['interns', 'ls', '--json', '--retries', '3'], { TRACEPARENT });
    expect(r.code).toBe(0);
    const seen = traces();
    expect(seen.map((t) => [t.traceId, t.state])).toEqual([
      [TRACE_ID, undefined],
      [TRACE_ID, undefined],
      [TRACE_ID, undefined],
    ]);
    expect(new Set([...seen.map((t) => t.parent), CALLER]).size).toBe(4);
  });

  it('--debug shows the traceparent sent with each request', async () => {
    const r = await run(['interns', 'ls', '--json', '--debug'], { TRACEPARENT });
    const [sent] = traces();
    expect(r.stderr).toContain(`(attempt 1/4) authorization: Bearer [redacted] traceparent: 00-${TRACE_ID}-${sent!.parent}-01\n`);
  });

  it('a later version is read by its first four fields and sent as version 00, with the flags version 00 knows', async () => {
    await run(['interns', 'ls', '--json'], { TRACEPARENT: `cc-${TRACE_ID}-${CALLER}-ff-what-comes-later` });
    expect(traces()).toMatchObject([{ version: '00', traceId: TRACE_ID, flags: '03' }]);
  });

  it('a traceparent that is not valid is ignored, its tracestate too: no header, no error; the valid one beside them is sent', async () => {
    const invalid = [
      `00-${TRACE_ID.toUpperCase()}-${CALLER}-01`, // upper-case hex
      `ff-${TRACE_ID}-${CALLER}-01`, // version ff
      `00-${'0'.repeat(32)}-${CALLER}-01`, // a trace id of zeros
      `00-${TRACE_ID}-${'0'.repeat(16)}-01`, // a parent id of zeros
      `${TRACEPARENT}-00`, // version 00 with a field more
      `00-${TRACE_ID.slice(1)}-${CALLER}-01`, // a field too short
      'yes',
    ];
    for (const value of [...invalid, TRACEPARENT]) {
      const r = await run(['interns', 'ls', '--json'], { TRACEPARENT: value, TRACESTATE });
      expect(r).toMatchObject({ code: 0, stderr: '' });
    }
    expect(server.requests.map((q) => [q.headers.traceparent !== undefined, q.headers.tracestate])).toEqual([
      ...invalid.map(() => [false, undefined]),
      [true, TRACESTATE],
    ]);
  });

  it('a tracestate that is not valid is dropped alone', async () => {
    for (const state of ['Upper=1', 'a=1,=2', `x=${'v'.repeat(300)}`, Array.from({ length: 33 }, (_, i) => `k${i}=v`).join(',')]) {
      server.reset();
      await run(['interns', 'ls', '--json'], { TRACEPARENT, TRACESTATE: state });
      expect(traces()).toMatchObject([{ traceId: TRACE_ID, state: undefined }]);
    }
  });

  it("goes only where the key goes: a read's redirect to another origin carries none", async () => {
    server.handle(() => ({ status: 307, headers: { location: `${other.url}/api/v1/elsewhere` } }));
    const r = await run(['api', 'interns'], { TRACEPARENT, TRACESTATE });
    expect(r.code).toBe(0);
    expect(traces()).toMatchObject([{ traceId: TRACE_ID, state: TRACESTATE }]);
    expect(other.requests[0]!.headers).not.toHaveProperty('traceparent');
    expect(other.requests[0]!.headers).not.toHaveProperty('tracestate');
  });
});

describe("a client's calls in another trace (an MCP request's _meta.traceparent)", () => {
  const client = (trace?: string) =>
    new ApiClient({
      baseUrl: server.baseUrl,
      keys: async () => ({ value: KEY }),
      timeoutMs: 2_000,
      retries: 0,
      userAgent: 'test',
      signal: new AbortController().signal,
      sleep: async () => {},
      now: () => Date.now(),
      ...(trace ? { trace: traceContext(trace) } : {}),
    });

  it("withTrace: the calls carry that trace instead of the run's; the client it came from keeps its own", async () => {
    const request = `00-${'a'.repeat(32)}-${'b'.repeat(16)}-00`;
    const api = client(TRACEPARENT);
    await api.withTrace(traceContext(request, 'vendor=x')).call(routes.internsLs);
    await api.call(routes.internsLs);
    await api.withTrace(undefined).call(routes.internsLs);
    expect(traces().map((t) => [t.traceId, t.flags, t.state])).toEqual([
      ['a'.repeat(32), '00', 'vendor=x'],
      [TRACE_ID, '01', undefined],
      [undefined, undefined, undefined],
    ]);
    await api.close();
  });
});
