// Acting on many interns or batches, as a script runs gwctl: ids as arguments or on stdin, a
// --status selector over every page, bounded concurrency, per-target results in input order,
// a 401 that stops the run, Ctrl-C midway, and exit 8 when any of several failed.
import { describe, expect, it } from 'vitest';
import { envelope, type Reply, type Seen } from '../kit/server.js';
import { serverForFile } from '../kit/scripted-runs.js';
import { expectNoCrash, runGwctl, spawnGwctl, until } from '../kit/spawn.js';

const KEY = 'sk-api-fleet-0123456789abcdef';
const id = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ids = (count: number): string[] => Array.from({ length: count }, (_, i) => id(i + 1));

const server = serverForFile();

const env = { GWCTL_API_KEY: KEY, GWCTL_MANAGEMENT_KEY: KEY };
const gw = (args: string[], options: { input?: string } = {}) => runGwctl([...args, '--base-url', server.baseUrl], { env, ...options });

const suspended = (): Reply => ({ body: { suspended: true } });
const busy = (): Reply => ({
  status: 409,
  headers: { 'retry-after': '0' },
  body: envelope(409, 'The intern is busy', { reason: 'intern_busy', retryable: true }),
});
const internOf = (req: Seen): string => req.path.split('/')[4]!;
const suspends = (): string[] => server.requests.filter((r) => r.method === 'POST').map(internOf);

describe('interns suspend with several targets', () => {
  it('ids as arguments: each suspended, results in input order, a busy intern retried on its own', async () => {
    let busyOnce = true;
    server.handle((req) => {
      if (internOf(req) === id(2) && busyOnce) {
        busyOnce = false;
        return busy();
      }
      return suspended();
    });
    const r = await gw(['interns', 'suspend', id(1), id(2), id(3), '--yes']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe(`${id(1)}\tsuspended\t0\n${id(2)}\tsuspended\t0\n${id(3)}\tsuspended\t0\n`);
    expect(suspends().sort()).toEqual([id(1), id(2), id(2), id(3)]);
  });

  it('one failure among several: its line carries the error and exit code, the run exits 8', async () => {
    server.handle((req) => (internOf(req) === id(2) ? busy() : suspended()));
    const r = await gw(['interns', 'suspend', id(1), id(2), id(3), '--yes', '--retries', '1']);
    expect(r.code).toBe(8);
    expect(r.stdout).toBe(`${id(1)}\tsuspended\t0\n${id(2)}\tHTTP 409: The intern is busy (after 2 attempts)\t6\n${id(3)}\tsuspended\t0\n`);
    expect(r.stderr).toBe('gwctl: 1 of 3 interns not suspended\n');
  });

  it('--json: one entry per target with its response or error, and the summary', async () => {
    server.handle((req) => (internOf(req) === id(2) ? busy() : suspended()));
    const r = await gw(['interns', 'suspend', id(1), id(2), '--yes', '--retries', '0', '--json']);
    expect(r.code).toBe(8);
    expect(JSON.parse(r.stdout)).toEqual({
      data: [
        { id: id(1), ok: true, exit_code: 0, response: { suspended: true } },
        {
          id: id(2),
          ok: false,
          exit_code: 6,
          error: { status: 409, code: 409, message: 'The intern is busy', reason: 'intern_busy', retryable: true },
        },
      ],
      summary: { requested: 2, succeeded: 1, failed: 1, throttled: 0 },
    });
    expect(JSON.parse(r.stderr)).toEqual({ error: { status: null, message: '1 of 2 interns not suspended', exit_code: 8 } });
  });

  it("ids on stdin: blank lines and # lines skipped; one target keeps that target's exit code", async () => {
    server.handle(suspended);
    const r = await gw(['interns', 'suspend', '-', '--yes'], { input: `# to stop\n${id(1)}\n\n  ${id(2)}  \n# done\n` });
    expect(r).toMatchObject({ code: 0, stderr: '', stdout: `${id(1)}\tsuspended\t0\n${id(2)}\tsuspended\t0\n` });
    server.reset();
    server.handle(() => ({ status: 404, body: envelope(404, 'Intern not found') }));
    const one = await gw(['interns', 'suspend', '-', '--yes'], { input: `${id(7)}\n` });
    expect(one).toMatchObject({
      code: 5,
      stdout: `${id(7)}\tHTTP 404: Intern not found\t5\n`,
      stderr: 'gwctl: HTTP 404: Intern not found\n',
    });
  });

  it('without a terminal and without --yes: exit 2, nothing read or sent', async () => {
    for (const args of [
      ['interns', 'suspend', id(1), id(2)],
      ['interns', 'suspend', '--status', 'failed'],
      ['batches', 'delete', 'batch_a', 'batch_b'],
    ]) {
      const r = await gw(args);
      expect(r).toMatchObject({ code: 2, stdout: '' });
      expect(r.stderr).toBe(
        'gwctl: refusing to act without confirmation: stdin is not a terminal, so nobody can be asked; pass --yes to act without asking\n',
      );
    }
    expect(server.requests).toHaveLength(0);
  });

  it('output shaping applies to the results: --columns/--header on rows, --jq and --jsonl on the body', async () => {
    server.handle(suspended);
    const cols = await gw(['interns', 'suspend', id(1), id(2), '--yes', '--columns', 'exit_code,id', '--header']);
    expect(cols).toMatchObject({ code: 0, stderr: '', stdout: `exit_code\tid\n0\t${id(1)}\n0\t${id(2)}\n` });
    const jq = await gw(['interns', 'suspend', id(1), id(2), '--yes', '--jq', '.summary.succeeded']);
    expect(jq).toMatchObject({ code: 0, stderr: '', stdout: '2\n' });
    server.handle((req) => ({ body: { id: req.path.split('/').pop(), object: 'batch', deletion: { service: 'deleted' } } }));
    const jsonl = await gw(['batches', 'delete', 'batch_a', 'batch_b', '--yes', '--jsonl']);
    expect(jsonl).toMatchObject({ code: 0, stderr: '' });
    expect(
      jsonl.stdout
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: string }).id),
    ).toEqual(['batch_a', 'batch_b']);
  });

  it('a 401 midway stops at once: no new request, later targets reported untouched, exit 4', async () => {
    server.handle((req) => (internOf(req) === id(3) ? { status: 401, body: envelope(401, 'Invalid key') } : suspended()));
    const r = await gw(['interns', 'suspend', ...ids(5), '--yes', '--concurrency', '1']);
    expect(r.code).toBe(4);
    expect(suspends()).toEqual([id(1), id(2), id(3)]);
    expect(r.stdout).toBe(
      [
        `${id(1)}\tsuspended\t0`,
        `${id(2)}\tsuspended\t0`,
        `${id(3)}\tHTTP 401: Invalid key\t4`,
        `${id(4)}\tnot attempted: stopped after HTTP 401\t4`,
        `${id(5)}\tnot attempted: stopped after HTTP 401\t4`,
        '',
      ].join('\n'),
    );
    expect(r.stderr).toBe('gwctl: HTTP 401: Invalid key; stopped with 2 of 5 interns untouched\n');
  });

  it('never more requests in flight than --concurrency (default 4)', async () => {
    server.handle(() => ({ delayMs: 60, body: { suspended: true } }));
    const three = await gw(['interns', 'suspend', ...ids(20), '--yes', '--concurrency', '3']);
    expect(three.code).toBe(0);
    expect(server.maxInFlight()).toBe(3);
    server.reset();
    server.handle(() => ({ delayMs: 60, body: { suspended: true } }));
    const byDefault = await gw(['interns', 'suspend', ...ids(20), '--yes']);
    expect(byDefault.code).toBe(0);
    expect(byDefault.stdout.split('\n').filter(Boolean)).toHaveLength(20);
    expect(server.maxInFlight()).toBe(4);
  });

  it('--concurrency outside 1-16 is exit 2 before anything is sent', async () => {
    for (const n of ['0', '17', 'x', 'auto2']) {
      const r = await gw(['interns', 'suspend', id(1), id(2), '--yes', '--concurrency', n]);
      expect(r).toMatchObject({
        code: 2,
        stdout: '',
        stderr: `gwctl: invalid --concurrency "${n}": --concurrency must be an integer from 1 to 16, or auto\n`,
      });
    }
    expect(server.requests).toHaveLength(0);
  });

  it('--status selects across every page (a slow page included), with --workspace; then suspends in list order', async () => {
    const WS = '3f6c2a1e-8b4d-4c7a-9e15-2d8f0b6a7c31';
    server.handle((req) => {
      if (req.method === 'POST') return suspended();
      const after = req.query.get('starting_after');
      if (!after)
        return {
          body: {
            data: [
              { id: id(1), name: 'a', status: 'failed' },
              { id: id(2), name: 'b', status: 'failed' },
            ],
            has_more: true,
            next_cursor: 'c1',
          },
        };
      if (after === 'c1')
        return { delayMs: 700, body: { data: [{ id: id(3), name: 'c', status: 'stopped' }], has_more: true, next_cursor: 'c2' } };
      return { body: { data: [{ id: id(4), name: 'd', status: 'failed' }], has_more: false, next_cursor: null } };
    });
    const r = await gw(['interns', 'suspend', '--status', 'failed,stopped', '--workspace', WS, '--yes']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe(
      ids(4)
        .map((i) => `${i}\tsuspended\t0\n`)
        .join(''),
    );
    const lists = server.requests.filter((q) => q.method === 'GET');
    expect(
      lists.map((q) => [q.query.get('status'), q.query.get('workspace_id'), q.query.get('limit'), q.query.get('starting_after')]),
    ).toEqual([
      ['failed,stopped', WS, '500', null],
      ['failed,stopped', WS, '500', 'c1'],
      ['failed,stopped', WS, '500', 'c2'],
    ]);
    expect(suspends().sort()).toEqual(ids(4));
  });

  it('a selector that matches nothing is a success with "requested": 0', async () => {
    server.handle(() => ({ body: { data: [], has_more: false } }));
    const r = await gw(['interns', 'suspend', '--status', 'failed', '--yes', '--json']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toEqual({ data: [], summary: { requested: 0, succeeded: 0, failed: 0, throttled: 0 } });
    const piped = await gw(['interns', 'suspend', '--status', 'failed', '--yes']);
    expect(piped).toMatchObject({ code: 0, stderr: '', stdout: '' });
  });

  it('ids together with --status, or --workspace alone, is exit 2', async () => {
    expect(await gw(['interns', 'suspend', id(1), '--status', 'failed', '--yes'])).toMatchObject({
      code: 2,
      stderr: 'gwctl: give intern ids or --status, not both\n',
    });
    expect(await gw(['interns', 'suspend', id(1), id(2), '--workspace', '3f6c2a1e-8b4d-4c7a-9e15-2d8f0b6a7c31', '--yes'])).toMatchObject({
      code: 2,
      stderr: 'gwctl: --workspace selects interns only together with --status\n',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('Ctrl-C midway: no new request, those in flight finish, results so far and the untouched count, exit 130', async () => {
    server.handle(() => ({ delayMs: 400, body: { suspended: true } }));
    const run = spawnGwctl(['interns', 'suspend', ...ids(10), '--yes', '--concurrency', '2', '--base-url', server.baseUrl], { env });
    await until(() => server.requests.length >= 3);
    run.child.kill('SIGINT');
    const { code } = await run.done;
    expect(code).toBe(130);
    const sent = server.requests.length;
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(sent).toBeLessThanOrEqual(4);
    // Every request sent got its answer; nothing else was started.
    const lines = run.stdout().trimEnd().split('\n');
    expect(lines).toHaveLength(10);
    expect(lines.slice(0, sent)).toEqual(ids(sent).map((i) => `${i}\tsuspended\t0`));
    expect(lines.slice(sent)).toEqual(
      ids(10)
        .slice(sent)
        .map((i) => `${i}\tnot attempted: interrupted\t130`),
    );
    expect(run.stderr()).toBe(`gwctl: interrupted: ${sent} of 10 interns done, ${10 - sent} untouched\n`);
    expectNoCrash(run.stderr());
  });
  it('SIGTERM midway with slow requests: exit 143 within a second, those in flight given up (outcome unknown), the rest untouched', async () => {
    server.handle(() => ({ delayMs: 10_000, body: { suspended: true } }));
    const run = spawnGwctl(['interns', 'suspend', ...ids(5), '--yes', '--concurrency', '2', '--base-url', server.baseUrl], { env });
    await until(() => server.requests.length >= 2);
    const sent = Date.now();
    run.child.kill('SIGTERM');
    const { code } = await run.done;
    expect(Date.now() - sent).toBeLessThan(1_000);
    expect(code).toBe(143);
    expect(server.requests).toHaveLength(2);
    expect(run.stdout().trimEnd().split('\n')).toEqual([
      ...ids(2).map((i) => `${i}\tterminated before its answer came, so its outcome is unknown\t143`),
      ...ids(5)
        .slice(2)
        .map((i) => `${i}\tnot attempted: terminated\t143`),
    ]);
    expect(run.stderr()).toBe('gwctl: terminated: 0 of 5 interns done, 3 untouched\n');
  });
});

describe('interns suspend against a server that pushes back', () => {
  it('Ctrl-C during a Retry-After pause: nothing more sent, every target one line, exit 130', async () => {
    let throttledOnce = false;
    server.handle((req) => {
      if (internOf(req) === id(1) && !throttledOnce) {
        throttledOnce = true;
        return { status: 429, headers: { 'retry-after': '30' }, body: envelope(429, 'Rate limit exceeded') };
      }
      return suspended();
    });
    const run = spawnGwctl(['interns', 'suspend', ...ids(10), '--yes', '--concurrency', 'auto', '--base-url', server.baseUrl], { env });
    // The first four go out at once; the 429 then pauses the run for 30 seconds.
    await until(() => server.requests.length === 4);
    await new Promise((r) => setTimeout(r, 300));
    run.child.kill('SIGINT');
    const { code } = await run.done;
    expect(code).toBe(130);
    expect(suspends().sort()).toEqual(ids(4));
    expect(run.stdout().trimEnd().split('\n')).toEqual([
      `${id(1)}\tHTTP 429: Rate limit exceeded\t7`,
      ...ids(4)
        .slice(1)
        .map((i) => `${i}\tsuspended\t0`),
      ...ids(10)
        .slice(4)
        .map((i) => `${i}\tnot attempted: interrupted\t130`),
    ]);
    expect(run.stderr()).toBe('gwctl: interrupted: 4 of 10 interns done, 6 untouched\n');
    expectNoCrash(run.stderr());
  });

  it('--json carries the count of 429 and 503 answers in the summary', async () => {
    let count = 0;
    server.handle(() =>
      count++ < 2 ? { status: 503, headers: { 'retry-after': '0' }, body: envelope(503, 'Service Unavailable') } : suspended(),
    );
    const r = await gw(['interns', 'suspend', id(1), id(2), '--yes', '--concurrency', '1', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).summary).toEqual({ requested: 2, succeeded: 2, failed: 0, throttled: 2 });
  });
});

describe('batches delete with several targets', () => {
  const deleted = (req: Seen): Reply => ({
    body: { id: req.path.split('/')[4], object: 'batch.deleted', deletion: { service: 'deleted', upstream: null } },
  });

  it('ids as arguments: deleted, or the error per batch; exit 8 when any failed', async () => {
    server.handle((req) =>
      req.path.endsWith('/batch_b') ? { status: 409, body: envelope(409, 'Batch still running', { retryable: false }) } : deleted(req),
    );
    const r = await gw(['batches', 'delete', 'batch_a', 'batch_b', 'batch_c', '--yes']);
    expect(r.code).toBe(8);
    expect(r.stdout).toBe('batch_a\tdeleted\t0\nbatch_b\tHTTP 409: Batch still running\t6\nbatch_c\tdeleted\t0\n');
    expect(r.stderr).toBe('gwctl: 1 of 3 batches not deleted\n');
  });

  it('ids on stdin, all deleted: exit 0 and the --json summary', async () => {
    server.handle(deleted);
    const r = await gw(['batches', 'delete', '-', '--yes', '--json'], { input: 'batch_a\n#x\nbatch_b\n' });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const body = JSON.parse(r.stdout);
    expect(body.summary).toEqual({ requested: 2, succeeded: 2, failed: 0, throttled: 0 });
    expect(body.data.map((d: { id: string; ok: boolean }) => [d.id, d.ok])).toEqual([
      ['batch_a', true],
      ['batch_b', true],
    ]);
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual(
      expect.arrayContaining(['DELETE /api/v1/batches/batch_a', 'DELETE /api/v1/batches/batch_b']),
    );
  });
});
