// Nothing is lost without saying so: a request that changes something (suspend, delete, preset
// create) whose answer is lost is not sent again and says its outcome is unknown and how to check;
// one that certainly never left is retried; a page that fails fails the whole listing.
import { describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { type Reply, closedPort, envelope } from '../kit/server.js';
import { serverForFile } from '../kit/scripted-runs.js';
import { expectNoCrash, runGwctl } from '../kit/spawn.js';

/** gwctl in-process with these variables over the test environment. */
const run = (args: readonly string[], env: Record<string, string | undefined> = {}) => gwctl(args, { env });

const KEY = 'sk-mgmt-loss-0123456789abcdef';
const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const BATCH = 'batch_abc123';

const server = serverForFile();

const env = { GWCTL_API_KEY: KEY, GWCTL_MANAGEMENT_KEY: KEY };
const suspend = (...flags: string[]) => run(['interns', 'suspend', INTERN, '--yes', '--base-url', server.baseUrl, ...flags], env);
const del = (...flags: string[]) => run(['batches', 'delete', BATCH, '--yes', '--base-url', server.baseUrl, ...flags], env);
const preset = (...flags: string[]) =>
  run(['presets', 'create', 'support-bot', '--model', 'openai/gpt-4o', '--base-url', server.baseUrl, ...flags], env);

describe('a lost answer to a request that changes something', () => {
  it('suspend, connection dropped after the request was read: sent once, outcome unknown, exit 7', async () => {
    server.handle(() => ({ drop: true }));
    const r = await suspend('--retries', '3');
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`POST /api/v1/interns/${INTERN}/suspend`]);
    expectNoCrash(r.stderr);
    expect(r).toMatchObject({
      code: 7,
      stdout: '',
      stderr:
        `gwctl: connection closed by the server (127.0.0.1:${server.port}): the suspend intern request was sent but its answer was lost, ` +
        `so its outcome is unknown; before trying again, check with: gwctl interns get ${INTERN}\n`,
    });
  });

  it('suspend, no answer within --timeout: sent once, outcome unknown', async () => {
    server.handle(() => ({ delayMs: 3_000, body: { suspended: true } }));
    const r = await suspend('--timeout', '0.3', '--retries', '3');
    expect(server.requests).toHaveLength(1);
    expect(r.ms).toBeLessThan(2_500);
    expect(r).toMatchObject({
      code: 7,
      stderr:
        `gwctl: no answer from 127.0.0.1:${server.port} within 0.3s: the suspend intern request was sent but its answer was lost, ` +
        `so its outcome is unknown; before trying again, check with: gwctl interns get ${INTERN}\n`,
    });
  });

  it('batch delete, dropped or timed out: sent once each time, outcome unknown', async () => {
    server.handle(() => ({ drop: true }));
    const dropped = await del();
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`DELETE /api/v1/batches/${BATCH}`]);
    expect(dropped).toMatchObject({
      code: 7,
      stderr:
        `gwctl: connection closed by the server (127.0.0.1:${server.port}): the delete batch request was sent but its answer was lost, ` +
        `so its outcome is unknown; before trying again, check with: gwctl batches get ${BATCH}\n`,
    });

    server.reset();
    server.handle(() => ({ delayMs: 3_000, body: {} }));
    const slow = await del('--timeout', '0.3');
    expect(server.requests).toHaveLength(1);
    expect(slow.code).toBe(7);
    expect(slow.stderr).toContain('its outcome is unknown');
  });

  it('preset create, dropped: sent once, outcome unknown', async () => {
    server.handle(() => ({ drop: true }));
    const r = await preset();
    expect(server.requests).toHaveLength(1);
    expect(r).toMatchObject({
      code: 7,
      stderr:
        `gwctl: connection closed by the server (127.0.0.1:${server.port}): the create preset request was sent but its answer was lost, ` +
        'so its outcome is unknown; check the current state before trying again\n',
    });
  });

  it('the JSON form carries the same message and the hint', async () => {
    server.handle(() => ({ drop: true }));
    const r = await suspend('--json');
    expect(r.code).toBe(7);
    expect(JSON.parse(r.stderr)).toEqual({
      error: {
        status: null,
        message: `connection closed by the server (127.0.0.1:${server.port}): the suspend intern request was sent but its answer was lost, so its outcome is unknown`,
        hint: `before trying again, check with: gwctl interns get ${INTERN}`,
        exit_code: 7,
      },
    });
  });

  it('an answer cut off mid-body is lost too: not sent again', async () => {
    server.handle(() => ({ raw: 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{"suspended":' }));
    const r = await suspend();
    expect(server.requests).toHaveLength(1);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('its outcome is unknown');
  });
});

describe('when repeating is known to be safe', () => {
  it('a refused connection (nothing sent) is retried even for suspend', async () => {
    const port = await closedPort();
    const r = await run(
      ['interns', 'suspend', INTERN, '--yes', '--base-url', `http://127.0.0.1:${port}/api/v1`, '--retries', '1', '--debug'],
      env,
    );
    expect(r.code).toBe(7);
    expect(r.stderr.match(/debug: > POST /g)).toHaveLength(2);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(
      `gwctl: connection refused (127.0.0.1:${port}) (after 2 attempts); see where the way to the server fails: gwctl doctor --base-url http://127.0.0.1:${port}/api/v1`,
    );
  });

  it('a status the server says to retry (409 intern_busy, 503) is retried for suspend: the server answered, so nothing was done', async () => {
    server.handle((_req, i) =>
      i === 0
        ? {
            status: 409,
            headers: { 'retry-after': '0' },
            body: envelope(409, 'Another operation holds the intern', { reason: 'intern_busy', retryable: true }),
          }
        : i === 1
          ? { status: 503, headers: { 'retry-after': '0' }, body: envelope(503, 'unavailable') }
          : { body: { suspended: true } },
    );
    const r = await suspend();
    expect(server.requests).toHaveLength(3);
    expect(r).toMatchObject({ code: 0, stderr: '', stdout: `${INTERN}\tsuspended\n` });
  });

  it('a 409 intern_busy that outlives the retries is exit 6 with the count', async () => {
    server.handle(() => ({
      status: 409,
      headers: { 'retry-after': '0' },
      body: envelope(409, 'Another operation holds the intern', { reason: 'intern_busy', retryable: true }),
    }));
    const r = await suspend('--retries', '1');
    expect(server.requests).toHaveLength(2);
    expect(r).toMatchObject({
      code: 6,
      stderr: 'gwctl: HTTP 409: Another operation holds the intern (after 2 attempts) (reason: intern_busy, retryable: true)\n',
    });
  });
});

describe('a failed page fails the listing: vault secrets --all', () => {
  const secret = (n: number) => ({
    name: `secret_${n}`,
    hosts: [`api${n}.example.com`],
    fingerprint: `sha256:${n}`,
    created_at: '2026-09-15T17:44:00.000Z',
  });
  const pages = (fail: (offset: number) => Reply | undefined) =>
    server.handle((req) => {
      const offset = Number(req.query.get('offset') ?? 0);
      const limit = Number(req.query.get('limit') ?? 100);
      const failed = fail(offset);
      if (failed) return failed;
      const data = Array.from({ length: Math.max(0, Math.min(limit, 7 - offset)) }, (_, i) => secret(offset + i + 1));
      return { body: { data, has_more: offset + limit < 7 } };
    });
  const secrets = (...flags: string[]) =>
    run(['vault', 'secrets', INTERN, '--all', '--limit', '2', '--base-url', server.baseUrl, ...flags], env);

  it('succeeds in full when every page answers (the baseline)', async () => {
    pages(() => undefined);
    const r = await secrets('--json');
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout).data).toHaveLength(7);
  });

  it('a later page that fails with 500: exit 7, JSON left unfinished', async () => {
    pages((offset) =>
      offset === 4
        ? { status: 500, body: envelope(500, 'The request could not be completed', { reason: 'internal_error', retryable: true }) }
        : undefined,
    );
    const r = await secrets('--json', '--retries', '0');
    expect(r.code).toBe(7);
    expect(r.stderr).toBe(
      '{"error":{"status":500,"code":500,"message":"The request could not be completed","reason":"internal_error","retryable":true,"exit_code":7}}\n',
    );
    expect(() => JSON.parse(r.stdout)).toThrow();
  });

  it('a later page that fails with 404: exit 5, rows of the earlier pages only', async () => {
    pages((offset) =>
      offset === 2 ? { status: 404, body: envelope(404, 'Intern not found', { reason: 'not_found', retryable: false }) } : undefined,
    );
    const r = await secrets();
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('gwctl: HTTP 404: Intern not found (reason: not_found, retryable: false)\n');
    expect(
      r.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0]),
    ).toEqual(['secret_1', 'secret_2']);
  });

  it('a later page whose connection drops: exit 7', async () => {
    pages((offset) => (offset === 4 ? { drop: true } : undefined));
    const r = await secrets('--retries', '0');
    expect(r.code).toBe(7);
    expect(r.stderr).toBe(`gwctl: connection closed by the server (127.0.0.1:${server.port})\n`);
  });

  it('a later page of the wrong shape: exit 1', async () => {
    pages((offset) => (offset === 2 ? { body: { data: 'nope', has_more: true } } : undefined));
    const r = await secrets();
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('gwctl: HTTP 200: unexpected response for list vault secrets: data is not array\n');
  });

  it('a later page that is retried and then answers: the list is complete', async () => {
    let failed = false;
    pages((offset) => {
      if (offset !== 4 || failed) return undefined;
      failed = true;
      return { status: 502, headers: { 'retry-after': '0' }, body: envelope(502, 'upstream_unavailable') };
    });
    const r = await secrets('--json');
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout).data.map((s: { name: string }) => s.name)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `secret_${n}`));
  });
});

describe('a run left waiting on something that never happens', () => {
  // Node ends a process whose event loop is empty even while a promise is pending: without a
  // guard that is exit 0 and no output. Here the jq thread is one that never answers (and holds
  // nothing open), so the filter's result never comes; the filter is one only jq runs (gwctl
  // runs `.data.id` itself). (The server is the test's: an in-process sandbox would keep the
  // loop busy, listening.)
  it('is an internal error, exit 1, one line; not exit 0 and silence', async () => {
    const silent =
      "import wt from 'node:worker_threads';import { syncBuiltinESMExports } from 'node:module';" +
      'wt.Worker = class { on() { return this; } ref() {} unref() {} postMessage() {} terminate() {} };' +
      'syncBuiltinESMExports();';
    const never = `data:text/javascript,${encodeURIComponent(silent)}`;
    const r = await runGwctl(['endpoints', 'get', '5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11', '--jq', '.data.id | ltrimstr("x")'], {
      env: { NODE_OPTIONS: `--import=${never}`, GWCTL_BASE_URL: server.baseUrl, GWCTL_MANAGEMENT_KEY: 'sk-mgmt-silent-0123456789' },
    });
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: 'gwctl: internal error: the command stopped before it finished\n' });
  });
});
