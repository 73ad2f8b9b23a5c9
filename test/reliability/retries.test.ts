// Retries, in-process against a scripted server on 127.0.0.1, with a clock that records the waits
// instead of spending them: which statuses are tried again and how often,
// Retry-After (seconds and HTTP date) honoured up to its cap, connection failures and timeouts,
// what --debug shows of each attempt, and the error once the retries are spent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withEnvKeyHint } from '../kit/hints.js';
import { internBody, type InternBody } from '../kit/bodies.js';
import { gwctl } from '../kit/cli.js';
import { type ScriptedServer, closedPort, envelope, startServer } from '../kit/server.js';
import { expectNoCrash } from '../kit/spawn.js';

/** gwctl in-process with these variables over the test environment. */
const run = (args: readonly string[], env: Record<string, string | undefined> = {}) => gwctl(args, { env });

const KEY = 'sk-api-retries-0123456789abcdef';
const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const INTERN_BODY: InternBody = internBody(0, { id: INTERN, name: 'scribe' });

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const get = (...flags: string[]) => run(['interns', 'get', INTERN, '--base-url', server.baseUrl, ...flags], { GWCTL_API_KEY: KEY });

describe('which statuses are retried when the API says nothing', () => {
  it.each([
    [408, 'Request Timeout', 7],
    [429, 'Too Many Requests', 7],
    [500, 'Internal Server Error', 7],
    [502, 'Bad Gateway', 7],
    [503, 'Service Unavailable', 7],
    [504, 'Gateway Timeout', 7],
  ])('HTTP %i (%s) is tried 1 + --retries times, then exit %i', async (status, text, exit) => {
    server.handle(() => ({ status, headers: { 'retry-after': '0' }, body: envelope(status, text) }));
    const r = await get('--retries', '2');
    expect(server.requests).toHaveLength(3);
    expect(r).toMatchObject({ code: exit, stdout: '', stderr: `gwctl: HTTP ${status}: ${text} (after 3 attempts)\n` });
  });

  it('409 intern_busy is retried (exit 6 once spent); a 409 with another reason is not', async () => {
    server.handle(() => ({
      status: 409,
      headers: { 'retry-after': '0' },
      body: { error: { code: 409, message: 'busy', metadata: { reason: 'intern_busy' } } },
    }));
    const busy = await get('--retries', '2');
    expect(server.requests).toHaveLength(3);
    expect(busy).toMatchObject({ code: 6, stderr: 'gwctl: HTTP 409: busy (after 3 attempts) (reason: intern_busy)\n' });

    server.reset();
    server.handle(() => ({ status: 409, headers: { 'retry-after': '0' }, body: envelope(409, 'conflict') }));
    const other = await get('--retries', '2');
    expect(server.requests).toHaveLength(1);
    expect(other).toMatchObject({ code: 6, stderr: 'gwctl: HTTP 409: conflict\n' });
  });

  it.each([
    [400, 2],
    [401, 4],
    [403, 4],
    [404, 5],
    [410, 5],
  ])('HTTP %i is never retried (exit %i)', async (status, exit) => {
    server.handle(() => ({ status, headers: { 'retry-after': '0' }, body: envelope(status, `no ${status}`) }));
    const r = await get('--retries', '3');
    expect(server.requests).toHaveLength(1);
    expect(r).toMatchObject({
      code: exit,
      stdout: '',
      stderr: `gwctl: HTTP ${status}: ${withEnvKeyHint(status, `no ${status}`, 'api', KEY)}\n`,
    });
  });

  it('the default is 3 retries: 4 attempts', async () => {
    server.handle(() => ({ status: 503, headers: { 'retry-after': '0' }, body: envelope(503, 'down') }));
    const r = await get();
    expect(server.requests).toHaveLength(4);
    expect(r.stderr).toBe('gwctl: HTTP 503: down (after 4 attempts)\n');
    expect(r.code).toBe(7);
  });

  it('--retries 0 makes exactly one attempt and does not mention attempts', async () => {
    server.handle(() => ({ status: 503, body: envelope(503, 'down') }));
    const r = await get('--retries', '0');
    expect(server.requests).toHaveLength(1);
    expect(r).toMatchObject({ code: 7, stderr: 'gwctl: HTTP 503: down\n' });
  });

  it('succeeds when a later attempt succeeds, with nothing on stderr', async () => {
    server.handle((_req, i) =>
      i < 2 ? { status: 502, headers: { 'retry-after': '0' }, body: '<html>bad gateway</html>' } : { body: INTERN_BODY },
    );
    const r = await get('--json');
    expect(server.requests).toHaveLength(3);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toEqual(INTERN_BODY);
  });

  it('backs off without Retry-After: the second attempt comes after a wait of at most the first ceiling (500 ms)', async () => {
    server.handle(() => ({ status: 500, body: envelope(500, 'oops') }));
    const r = await get('--retries', '1');
    expect(r.code).toBe(7);
    expect(server.requests).toHaveLength(2);
    // The run's clock records the wait instead of spending it.
    expect(r.waits).toHaveLength(1);
    expect(r.waits[0]).toBeLessThan(1_500);
    expect(r.waits[0]).toBeLessThanOrEqual(500);
  });
});

describe("the API's retryable decides", () => {
  it('retryable: false on a 503 stops at once, exit 1', async () => {
    server.handle(() => ({ status: 503, body: envelope(503, 'maintenance', { reason: 'maintenance', retryable: false }) }));
    const r = await get('--retries', '3');
    expect(server.requests).toHaveLength(1);
    expect(r).toMatchObject({ code: 1, stderr: 'gwctl: HTTP 503: maintenance (reason: maintenance, retryable: false)\n' });
  });

  it('retryable: true on a 400 is retried, and still exit 2', async () => {
    server.handle(() => ({
      status: 400,
      headers: { 'retry-after': '0' },
      body: envelope(400, 'try again', { reason: 'odd', retryable: true }),
    }));
    const r = await get('--retries', '1');
    expect(server.requests).toHaveLength(2);
    expect(r).toMatchObject({ code: 2, stderr: 'gwctl: HTTP 400: try again (after 2 attempts) (reason: odd, retryable: true)\n' });
  });

  it('retryable: false on a 409 intern_busy is not retried', async () => {
    server.handle(() => ({
      status: 409,
      headers: { 'retry-after': '0' },
      body: envelope(409, 'held', { reason: 'intern_busy', retryable: false }),
    }));
    const r = await get('--retries', '2');
    expect(server.requests).toHaveLength(1);
    expect(r.code).toBe(6);
  });
});

describe('Retry-After', () => {
  it('waits the seconds the server asks for', async () => {
    server.handle((_req, i) =>
      i === 0 ? { status: 429, headers: { 'retry-after': '1' }, body: envelope(429, 'slow down') } : { body: INTERN_BODY },
    );
    const r = await get('--json');
    expect(r.code).toBe(0);
    expect(r.waits).toEqual([1_000]);
    const gap = r.waits[0]!;
    expect(gap).toBeGreaterThanOrEqual(950);
    expect(gap).toBeLessThan(3_000);
  });

  it('waits until an HTTP date', async () => {
    // Whole seconds: 2 s ahead is at least 1 s ahead once the milliseconds are dropped.
    server.handle((_req, i) =>
      i === 0
        ? { status: 503, headers: { 'retry-after': new Date(Date.now() + 2_000).toUTCString() }, body: envelope(503, 'later') }
        : { body: INTERN_BODY },
    );
    const r = await get('--json');
    expect(r.code).toBe(0);
    expect(r.waits).toHaveLength(1);
    const gap = r.waits[0]!;
    expect(gap).toBeGreaterThanOrEqual(950);
    expect(gap).toBeLessThan(4_000);
  });

  it('a Retry-After beyond the 60 s cap fails at once and says when to try again', async () => {
    server.handle(() => ({ status: 429, headers: { 'retry-after': '3600' }, body: envelope(429, 'quota exceeded') }));
    const r = await get('--retries', '3');
    expect(server.requests).toHaveLength(1);
    expect(r.ms).toBeLessThan(5_000);
    expect(r.waits).toEqual([]);
    expect(r).toMatchObject({
      code: 7,
      stdout: '',
      stderr: 'gwctl: HTTP 429: quota exceeded; the server asks to wait 3600s before trying again\n',
    });
  });

  it('an HTTP date beyond the cap fails at once too', async () => {
    const when = new Date(Date.now() + 3 * 3_600_000);
    when.setUTCMilliseconds(0);
    server.handle(() => ({ status: 503, headers: { 'retry-after': when.toUTCString() }, body: envelope(503, 'down for maintenance') }));
    const r = await get('--retries', '3');
    expect(server.requests).toHaveLength(1);
    expect(r).toMatchObject({
      code: 7,
      stderr: `gwctl: HTTP 503: down for maintenance; the server asks to wait until ${when.toISOString()} before trying again\n`,
    });
  });

  it('an unreadable Retry-After falls back to backoff', async () => {
    server.handle((_req, i) =>
      i === 0 ? { status: 503, headers: { 'retry-after': 'soon' }, body: envelope(503, 'x') } : { body: INTERN_BODY },
    );
    const r = await get('--json');
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(2);
  });
});

describe('connection failures and timeouts', () => {
  it('a refused connection is retried and ends with exit 7; --debug shows each attempt and wait', async () => {
    const port = await closedPort();
    const r = await run(['interns', 'get', INTERN, '--base-url', `http://127.0.0.1:${port}/api/v1`, '--retries', '2', '--debug'], {
      GWCTL_API_KEY: KEY,
    });
    expect(r.code).toBe(7);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toBe(
      `gwctl: connection refused (127.0.0.1:${port}) (after 3 attempts); see where the way to the server fails: gwctl doctor --base-url http://127.0.0.1:${port}/api/v1`,
    );
    const debug = lines.slice(0, -1);
    expect(debug.filter((l) => l.startsWith('gwctl: debug: > GET '))).toEqual(
      [1, 2, 3].map(
        (n) => `gwctl: debug: > GET http://127.0.0.1:${port}/api/v1/interns/${INTERN} (attempt ${n}/3) authorization: Bearer [redacted]`,
      ),
    );
    expect(debug.filter((l) => /^gwctl: debug: waiting \d+ ms before attempt [23]\/3$/.test(l))).toHaveLength(2);
    expect(r.stderr).not.toContain(KEY);
    expectNoCrash(r.stderr);
  });

  it('a connection dropped after the request is retried for a GET, then exit 7', async () => {
    server.handle(() => ({ drop: true }));
    const r = await get('--retries', '2');
    expect(server.requests).toHaveLength(3);
    expect(r).toMatchObject({
      code: 7,
      stdout: '',
      stderr: `gwctl: connection closed by the server (127.0.0.1:${server.port}) (after 3 attempts)\n`,
    });
  });

  it('a message cut short (Content-Length larger than what came) is a connection failure, retried', async () => {
    server.handle(() => ({ raw: 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"data":{"id":' }));
    const r = await get('--retries', '1');
    expect(server.requests).toHaveLength(2);
    expect(r).toMatchObject({
      code: 7,
      stderr: `gwctl: connection closed by the server before the response was complete (127.0.0.1:${server.port}) (after 2 attempts)\n`,
    });
  });

  it('a server slower than --timeout is a timeout: exit 7 with a clear line', async () => {
    server.handle(() => ({ delayMs: 3_000, body: INTERN_BODY }));
    const r = await get('--timeout', '0.3', '--retries', '1');
    expect(server.requests).toHaveLength(2);
    expect(r).toMatchObject({
      code: 7,
      stdout: '',
      stderr: `gwctl: no answer from 127.0.0.1:${server.port} within 0.3s (after 2 attempts)\n`,
    });
    expect(r.ms).toBeLessThan(2_500);
  });

  it('the timeout is per attempt: a slow body counts too', async () => {
    // Headers at once, then the body never finishes.
    server.handle(() => ({
      raw: 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"data":',
      keepOpen: true,
    }));
    const r = await get('--timeout', '0.5', '--retries', '0');
    expect(r).toMatchObject({ code: 7, stderr: `gwctl: no answer from 127.0.0.1:${server.port} within 0.5s\n` });
  });
});

describe('--debug', () => {
  it('shows each attempt, its answer and the wait before the next, with the key redacted', async () => {
    server.handle((_req, i) =>
      i < 2 ? { status: 503, headers: { 'retry-after': '0' }, body: envelope(503, `echo Bearer ${KEY}`) } : { body: INTERN_BODY },
    );
    const r = await get('--debug', '--json');
    expect(r.code).toBe(0);
    const debug = r.stderr
      .trimEnd()
      .split('\n')
      .map((l) => l.replace(/in \d+ ms/, 'in N ms').replace(/\d+ bytes/, 'N bytes'));
    const url = `${server.baseUrl}/interns/${INTERN}`;
    expect(debug).toEqual([
      `gwctl: debug: > GET ${url} (attempt 1/4) authorization: Bearer [redacted]`,
      'gwctl: debug: < 503 in N ms, N bytes, application/json',
      'gwctl: debug: waiting 0 ms before attempt 2/4',
      `gwctl: debug: > GET ${url} (attempt 2/4) authorization: Bearer [redacted]`,
      'gwctl: debug: < 503 in N ms, N bytes, application/json',
      'gwctl: debug: waiting 0 ms before attempt 3/4',
      `gwctl: debug: > GET ${url} (attempt 3/4) authorization: Bearer [redacted]`,
      'gwctl: debug: < 200 in N ms, N bytes, application/json',
    ]);
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });
});
