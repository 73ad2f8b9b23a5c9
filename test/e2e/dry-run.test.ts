// Dry runs that look first (the contract's sixth release): `interns suspend --dry-run` and
// `batches delete --dry-run` read every target they name and say what would happen to each,
// sending nothing but reads; --strict makes a target that would fail exit 8. The built gwctl
// against a scripted server, exit codes and both streams checked exactly.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchBody, internBody, internId } from '../kit/bodies.js';
import { envelope, startServer, type Reply, type ScriptedServer, type Seen } from '../kit/server.js';
import { expectNoCrash, runGwctl, spawnGwctl, until } from '../kit/spawn.js';

const KEY = 'sk-api-dry-run-0123456789abcdef';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const env = { GWCTL_API_KEY: KEY, GWCTL_MANAGEMENT_KEY: KEY };
const gw = (args: string[], options: { input?: string } = {}) => runGwctl([...args, '--base-url', server.baseUrl], { env, ...options });
const methods = (): string[] => server.requests.map((q) => `${q.method} ${q.path}`);

/** Intern 1 running, intern 3 provisioning, any other not found (or not visible to the key). */
function interns(req: Seen): Reply {
  const n = Number(req.path.split('/')[4]!.slice(-12));
  if (n === 1) return { body: internBody(1) };
  if (n === 3) return { body: internBody(3, { status: 'provisioning' }) };
  return { status: 404, body: envelope(404, 'Intern not found', { reason: 'not_found', retryable: false }) };
}

/** One batch per status of interest; `batch_old` is past its retention (410), `batch_nope` does not exist. */
function batches(req: Seen): Reply {
  const id = req.path.split('/')[4]!;
  if (id === 'batch_running') return { body: batchBody({ id, status: 'in_progress' }) };
  if (id === 'batch_done') return { body: batchBody({ id, status: 'completed' }) };
  if (id === 'batch_old') return { status: 410, body: envelope(410, 'Batch results have expired.') };
  return { status: 404, body: envelope(404, 'Batch not found.') };
}

describe('interns suspend --dry-run', () => {
  it('reads each intern named (arguments and stdin) and says per target what would happen; only reads are sent; exit 0', async () => {
    server.handle(interns);
    const r = await gw(['interns', 'suspend', internId(1), '-', '--dry-run'], { input: `${internId(2)}\n${internId(3)}\n` });
    expect(r).toMatchObject({
      code: 0,
      stderr: '',
      stdout: `${internId(1)}\twould-act\t\n${internId(2)}\twould-fail\tHTTP 404: Intern not found\n${internId(3)}\twould-act\t\n`,
    });
    expect(methods().sort()).toEqual([internId(1), internId(2), internId(3)].map((id) => `GET /api/v1/interns/${id}`));
  });

  it('--json: each target with its name, status, expected outcome and reason, and the counts', async () => {
    server.handle(interns);
    const r = await gw(['interns', 'suspend', internId(1), internId(2), '--dry-run', '--json']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toEqual({
      data: [
        { id: internId(1), name: 'intern-1', status: 'running', expected_outcome: 'done' },
        { id: internId(2), name: null, status: null, expected_outcome: 'failed', reason: 'HTTP 404: Intern not found' },
      ],
      summary: { requested: 2, would_succeed: 1, would_fail: 1 },
    });
  });

  it('--strict: the same lines, then exit 8 when any target would fail; exit 0 when none would', async () => {
    server.handle(interns);
    const failing = await gw(['interns', 'suspend', internId(1), internId(2), '--dry-run', '--strict']);
    expect(failing).toMatchObject({
      code: 8,
      stdout: `${internId(1)}\twould-act\t\n${internId(2)}\twould-fail\tHTTP 404: Intern not found\n`,
      stderr: 'gwctl: 1 of 2 interns would fail (dry run, --strict)\n',
    });
    const one = await gw(['interns', 'suspend', internId(2), '--dry-run', '--strict', '--json']);
    expect(one.code).toBe(8);
    expect(JSON.parse(one.stderr)).toEqual({
      error: { status: null, message: 'the intern would fail (dry run, --strict)', exit_code: 8 },
    });
    const passing = await gw(['interns', 'suspend', internId(1), internId(3), '--dry-run', '--strict']);
    expect(passing).toMatchObject({ code: 0, stderr: '' });
    expect(server.requests.every((q) => q.method === 'GET')).toBe(true);
  });

  it('--strict without --dry-run: exit 2, nothing sent', async () => {
    for (const args of [
      ['interns', 'suspend', internId(1), '--yes', '--strict'],
      ['batches', 'delete', 'batch_done', '--yes', '--strict'],
    ]) {
      const r = await gw(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(
        /^gwctl: --strict applies only with --dry-run; add --dry-run, as in 'gwctl (interns suspend|batches delete) <id> --dry-run --strict'\n$/,
      );
    }
    expect(server.requests).toHaveLength(0);
  });

  it('a read that cannot tell (a 500 after its retries) ends the dry run with that error, promising nothing', async () => {
    server.handle((req) => (req.path.endsWith(internId(2)) ? { status: 500, body: envelope(500, 'Internal error') } : interns(req)));
    const r = await gw(['interns', 'suspend', internId(1), internId(2), '--dry-run', '--retries', '0', '--concurrency', '1']);
    expect(r).toMatchObject({ code: 7, stdout: '', stderr: 'gwctl: HTTP 500: Internal error\n' });
  });

  it('Ctrl-C while reading: exit 130 and no line at all, since a target never read is no promise', async () => {
    server.handle((req) => ({ ...interns(req), delayMs: 300 }));
    const ids = Array.from({ length: 12 }, (_, i) => internId(i + 1));
    const run = spawnGwctl(['interns', 'suspend', ...ids, '--dry-run', '--base-url', server.baseUrl], { env });
    await until(() => server.requests.length >= 4);
    run.child.kill('SIGINT');
    const { code } = await run.done;
    expect(code).toBe(130);
    expect(run.stdout()).toBe('');
    expect(server.requests.length).toBeLessThan(12);
    expectNoCrash(run.stderr());
  });

  it('by selector: the list gave each name and status, so nothing more is read; none matching is exit 0, even with --strict', async () => {
    let listed = [internBody(4, { status: 'failed' })];
    server.handle((req) => (req.path === '/api/v1/interns' ? { body: { data: listed, has_more: false } } : interns(req)));
    const r = await gw(['interns', 'suspend', '--status', 'failed', '--dry-run', '--json', '--strict']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toEqual({
      data: [{ id: internId(4), name: 'intern-4', status: 'failed', expected_outcome: 'done' }],
      summary: { requested: 1, would_succeed: 1, would_fail: 0 },
    });
    expect(methods()).toEqual(['GET /api/v1/interns']);
    listed = [];
    const none = await gw(['interns', 'suspend', '--status', 'failed', '--dry-run', '--json', '--strict']);
    expect(none).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(none.stdout)).toEqual({ data: [], summary: { requested: 0, would_succeed: 0, would_fail: 0 } });
  });

  it('--columns and --header pick among the dry run columns', async () => {
    server.handle(interns);
    const r = await gw(['interns', 'suspend', internId(1), internId(2), '--dry-run', '--columns', 'name,status,expected', '--header']);
    expect(r).toMatchObject({ code: 0, stderr: '', stdout: `name\tstatus\texpected\nintern-1\trunning\twould-act\n\t\twould-fail\n` });
  });
});

describe('batches delete --dry-run', () => {
  it('a batch not in a terminal status would fail with 409, one not found with 404; one past retention would act', async () => {
    server.handle(batches);
    const r = await gw(['batches', 'delete', 'batch_running', 'batch_done', 'batch_nope', 'batch_old', '--dry-run']);
    expect(r).toMatchObject({
      code: 0,
      stderr: '',
      stdout: [
        'batch_running\twould-fail\tHTTP 409: status in_progress is not terminal',
        'batch_done\twould-act\t',
        'batch_nope\twould-fail\tHTTP 404: Batch not found.',
        'batch_old\twould-act\tits results expired (HTTP 410 on reading it), so it is long past its 24h window',
        '',
      ].join('\n'),
    });
    expect(server.requests.map((q) => q.method)).toEqual(['GET', 'GET', 'GET', 'GET']);
  });

  it('--jsonl: one target a line; --strict: exit 8', async () => {
    server.handle(batches);
    const r = await gw(['batches', 'delete', 'batch_done', 'batch_running', '--dry-run', '--jsonl', '--strict']);
    expect(r.code).toBe(8);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      { id: 'batch_done', name: null, status: 'completed', expected_outcome: 'done' },
      {
        id: 'batch_running',
        name: null,
        status: 'in_progress',
        expected_outcome: 'failed',
        reason: 'HTTP 409: status in_progress is not terminal',
      },
    ]);
    expect(JSON.parse(r.stderr)).toEqual({
      error: { status: null, message: '1 of 2 batches would fail (dry run, --strict)', exit_code: 8 },
    });
  });
});
