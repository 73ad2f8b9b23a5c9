// Waiting for a state: `interns wait` and `batches get --wait` share one polling loop. Exact
// stdout, stderr and exit codes against the sandbox (frozen, or moving for the motion tests)
// and a scripted server for rate limits; the polling pace is read from the clock's waits.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { useSandbox } from '../kit/sandbox.js';
import { envelope, startServer, type ScriptedServer } from '../kit/server.js';
import { runGwctl } from '../kit/spawn.js';

const sandbox = useSandbox();

describe('interns wait against the sandbox', () => {
  it('an intern already in the state: exit 0 at once, piped id<TAB>status', async () => {
    const sb = sandbox();
    const own = sb.examples.intern;
    const r = await runGwctl(['interns', 'wait', own, '--for', 'status=running', '--for', 'status!=failed'], { env: sb.env() });
    expect(r).toMatchObject({ code: 0, stderr: '', stdout: `${own}\trunning\n` });
  });

  it('--json: {"data":[Intern,...]} in the order given', async () => {
    const sb = sandbox();
    const { intern, stopped_intern: stopped } = sb.examples;
    const r = await runGwctl(['interns', 'wait', intern, stopped, '--for', 'status!=provisioning', '--json'], { env: sb.env() });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const body = JSON.parse(r.stdout);
    expect(body.data.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
      [intern, 'running'],
      [stopped, 'stopped'],
    ]);
    expect(body.data[0].name).toEqual(expect.any(String));
  });

  it('the deadline: exit 7, reason wait_timeout, each unfinished intern with its status', async () => {
    const sb = sandbox();
    const { moving_intern: moving, intern } = sb.examples;
    const r = await runGwctl(['interns', 'wait', intern, moving, '--for', 'status=running', '--timeout', '0.5s', '--interval', '0.1'], {
      env: sb.env(),
    });
    expect(r).toMatchObject({ code: 7, stdout: '' });
    expect(r.stderr).toBe(`gwctl: timed out after 0.5s waiting for status=running: ${moving} is provisioning (reason: wait_timeout)\n`);
    const json = await runGwctl(['interns', 'wait', moving, '--for', 'status=running', '--timeout', '0.3', '--interval', '0.1', '--json'], {
      env: sb.env(),
    });
    expect(json).toMatchObject({ code: 7, stdout: '' });
    expect(JSON.parse(json.stderr)).toEqual({
      error: {
        status: null,
        message: `timed out after 0.3s waiting for status=running: ${moving} is provisioning`,
        reason: 'wait_timeout',
        interns: [{ id: moving, status: 'provisioning' }],
        exit_code: 7,
      },
    });
  });

  it('an intern that does not exist: exit 5, unless waiting for its deletion', async () => {
    const sb = sandbox();
    const missing = '00000000-0000-4000-8000-000000000000';
    const r = await runGwctl(['interns', 'wait', missing, '--for', 'status=running'], { env: sb.env() });
    expect(r).toMatchObject({ code: 5, stdout: '', stderr: 'gwctl: HTTP 404: Intern not found (reason: not_found, retryable: false)\n' });
    const gone = await runGwctl(['interns', 'wait', missing, '--for', 'delete'], { env: sb.env() });
    expect(gone).toMatchObject({ code: 0, stderr: '', stdout: `${missing}\tdeleted\n` });
  });

  it("--for delete is met only by the intern's own 404: a wrong base URL path is exit 5 with what the server said", async () => {
    const sb = sandbox();
    const base = sb.baseUrl.replace(/\/api\/v1$/, '/api/v2');
    const r = await runGwctl(['interns', 'wait', sb.examples.intern, '--for', 'delete', '--base-url', base], { env: sb.env() });
    expect(r).toMatchObject({
      code: 5,
      stdout: '',
      stderr: 'gwctl: HTTP 404: Not found: the API lives under /api/v1, the control API under /_sandbox\n',
    });
  });

  it('bad conditions and durations are exit 2, nothing sent', async () => {
    const sb = sandbox();
    const own = sb.examples.intern;
    const cases: [string[], string][] = [
      [['--for', 'status=runing'], 'gwctl: invalid --for "status=runing": did you mean status=running?\n'],
      [
        ['--for', 'status!=bogus'],
        `gwctl: invalid --for "status!=bogus": the status must be one of: awaiting_chat_install, queued, provisioning, running, failed, stopped, destroying, destroy_failed\n`,
      ],
      [['--for', 'ready'], 'gwctl: invalid --for "ready": expected status=S, status!=S or delete\n'],
      [[], 'gwctl: missing --for; say what to wait for: --for status=running, --for status!=provisioning or --for delete\n'],
      [['--for', 'delete', '--for', 'status=running'], 'gwctl: --for delete cannot be combined with other conditions\n'],
      [['--for', 'status=running', '--interval', '0.05'], 'gwctl: invalid --interval "0.05": must be from 0.1s to 1h\n'],
      [
        ['--for', 'status=running', '--timeout', '5x'],
        'gwctl: invalid --timeout "5x": expected a duration such as 90, 90s, 1.5s, 5m or 1h\n',
      ],
    ];
    for (const [flags, stderr] of cases) {
      expect(await runGwctl(['interns', 'wait', own, ...flags], { env: sb.env() })).toMatchObject({ code: 2, stdout: '', stderr });
    }
    expect(sb.requests()).toHaveLength(0);
  });

  it('durations: 90, 90s, 1.5s, 5m and 1h are accepted', async () => {
    const sb = sandbox();
    for (const d of ['90', '90s', '1.5s', '5m', '1h']) {
      const r = await gwctl(['interns', 'wait', sb.examples.intern, '--for', 'status=running', '--timeout', d, '--interval', d], {
        env: sb.env(),
      });
      expect(r).toMatchObject({ code: 0, stderr: '' });
    }
  });
});

describe('motion in the sandbox (--sandbox with GWCTL_SANDBOX_PACE)', () => {
  it('interns wait sees the moving intern reach running', async () => {
    // The examples are the same in every sandbox of the default seed, --sandbox's included.
    const moving = sandbox().examples.moving_intern;
    const r = await runGwctl(['--sandbox', 'interns', 'wait', moving, '--for', 'status=running', '--interval', '0.2', '--timeout', '10s'], {
      env: { GWCTL_SANDBOX_PACE: '4' },
    });
    expect(r).toMatchObject({ code: 0, stderr: '', stdout: `${moving}\trunning\n` });
  });

  it('batches get --wait on the moving batch completes within 20 s at pace 1', async () => {
    const batch = sandbox().examples.moving_batch;
    const r = await runGwctl(['--sandbox', 'batches', 'get', batch, '--wait', '--interval', '1', '--json'], {
      env: { GWCTL_SANDBOX_PACE: '1' },
      timeoutMs: 25_000,
    });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout).status).toBe('completed');
    expect(r.ms).toBeLessThan(20_000);
  }, 30_000);

  it('a bad GWCTL_SANDBOX_PACE or --pace is exit 2', async () => {
    expect(await runGwctl(['--sandbox', 'interns', 'ls'], { env: { GWCTL_SANDBOX_PACE: 'fast' } })).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'gwctl: invalid GWCTL_SANDBOX_PACE "fast": must be a number from 0 (frozen) to 1000, such as 1 (real time) or 10\n',
    });
    expect(await runGwctl(['sandbox', '--pace', '-1'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'gwctl: invalid --pace "-1": must be a number from 0 (frozen) to 1000, such as 1 (real time) or 10\n',
    });
  });
});

describe('gentle polling (one loop for interns wait and batches get --wait)', () => {
  let server: ScriptedServer;
  const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());
  const intern = (status: string) => ({ body: { id: ID, name: 'n', status } });

  it('never faster than --interval; Retry-After honoured; a lasting 429 widens the wait instead of failing', async () => {
    const script = [
      intern('provisioning'),
      { status: 429, headers: { 'retry-after': '3' }, body: envelope(429, 'slow down') },
      intern('provisioning'),
      { status: 429, body: envelope(429, 'slow down') },
      { status: 429, body: envelope(429, 'slow down') },
      intern('running'),
    ];
    server.handle((_req, i) => script[Math.min(i, script.length - 1)]!);
    const r = await gwctl(
      ['interns', 'wait', ID, '--for', 'status=running', '--interval', '0.5', '--retries', '1', '--base-url', server.baseUrl],
      {
        env: { GWCTL_API_KEY: 'sk-api-poll-0123456789' },
      },
    );
    expect(r).toMatchObject({ code: 0, stderr: '', stdout: `${ID}\trunning\n` });
    // interval, Retry-After (client), interval, backoff (client), retries spent: the loop's doubled wait.
    expect(r.waits[0]).toBe(500);
    expect(r.waits[1]).toBe(3000);
    expect(r.waits[2]).toBe(500);
    expect(r.waits.at(-1)).toBe(1000);
    expect(r.waits).toHaveLength(5);
    expect(server.requests).toHaveLength(6);
  });

  it('interns wait --for delete against a server whose every route answers 404: exit 5 with what it said, never deleted', async () => {
    const answers = [
      { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not Found' },
      { status: 404, body: envelope(404, 'No route for GET /api/v2/interns') },
      { status: 404, body: { error: { code: 404, message: 'Not found', metadata: { reason: 'no_route' } } } },
    ];
    const stderrs = [
      'gwctl: HTTP 404: Not Found (text/plain): "Not Found"\n',
      'gwctl: HTTP 404: No route for GET /api/v2/interns\n',
      'gwctl: HTTP 404: Not found (reason: no_route)\n',
    ];
    for (const [n, answer] of answers.entries()) {
      server.reset();
      server.handle(() => answer);
      const r = await runGwctl(['interns', 'wait', ID, '--for', 'delete', '--base-url', server.baseUrl], {
        env: { GWCTL_API_KEY: 'sk-api-poll-0123456789' },
      });
      expect(r).toMatchObject({ code: 5, stdout: '', stderr: stderrs[n] });
      expect(server.requests).toHaveLength(1);
    }
  });

  it('batches get --wait polls through the same loop at its interval', async () => {
    const batch = (status: string) => ({
      body: { id: 'batch_x', object: 'batch', status, request_counts: { total: 2, completed: status === 'completed' ? 2 : 1, failed: 0 } },
    });
    const script = [batch('in_progress'), batch('finalizing'), batch('completed')];
    server.handle((_req, i) => script[Math.min(i, 2)]!);
    const r = await gwctl(['batches', 'get', 'batch_x', '--wait', '--interval', '2', '--json', '--base-url', server.baseUrl], {
      env: { GWCTL_API_KEY: 'sk-api-poll-0123456789' },
    });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout).status).toBe('completed');
    expect(r.waits).toEqual([2000, 2000]);
  });
});
