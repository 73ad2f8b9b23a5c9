// batches get against a scripted server: the body under --json, the view and --results, --wait
// until a terminal status or a --timeout, and each documented error status.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchBody, type BatchBody } from '../../kit/bodies.js';
import { withEnvKeyHint } from '../../kit/hints.js';
import { gwctl } from '../../kit/cli.js';
import { scriptedRuns } from '../../kit/scripted-runs.js';
import { envelope, startServer, type ScriptedServer } from '../../kit/server.js';
import { sandboxRuns } from '../../kit/sandbox.js';

const KEY = 'sk-mgmt-test-0123456789abcdef';

function batch(status: string, counts = { completed: 2, failed: 0, total: 2 }): BatchBody {
  const terminal = ['completed', 'failed', 'expired', 'cancelled'].includes(status);
  return batchBody({
    status,
    finalized_at: terminal ? 1704067500 : null,
    error: status === 'failed' ? { message: 'input file invalid' } : null,
    request_counts: counts,
    results: terminal
      ? [
          {
            id: 'r1',
            custom_id: 'req-1',
            response: {
              request_id: 'q1',
              status_code: 200,
              body: { id: 'c1', choices: [{ index: 0, finish_reason: 'stop' }], usage: { total_tokens: 30 } },
            },
            error: null,
          },
          {
            id: 'r2',
            custom_id: 'req-2',
            response: { request_id: 'q2', status_code: 429, body: null },
            error: { message: 'slow down', type: 'rate_limit', error_type: 'rate_limit_exceeded', param: '' },
          },
        ]
      : null,
    usage: { prompt_tokens: 20, completion_tokens: 40, total_tokens: 60, cost: 0.0012 },
  });
}

const scripted = scriptedRuns({ env: { GWCTL_MANAGEMENT_KEY: KEY }, fallback: { status: 404, body: envelope(404, 'Batch not found.') } });
const run = scripted.run;

describe('batches get', () => {
  it('prints the batch body under --json and its fields with results when piped', async () => {
    scripted.script = () => ({ body: batch('completed') });
    const json = await run(['batches', 'get', 'batch_abc123', '--json']);
    expect(json).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(json.stdout)).toEqual(batch('completed'));
    const rows = await run(['batches', 'get', 'batch_abc123', '--results']);
    expect(rows.code).toBe(0);
    expect(rows.stdout).toBe(
      [
        // API field names and raw values, as piped rows carry them.
        'id\tbatch_abc123',
        'status\tcompleted',
        'model\topenai/gpt-4o-mini',
        'endpoint\t/api/v1/chat/completions',
        'provider\tOpenAI',
        'request_counts\t{"completed":2,"failed":0,"total":2}',
        'created_at\t2024-01-01T00:00:00.000Z',
        'finalized_at\t2024-01-01T00:05:00.000Z',
        'expires_at\t2024-01-02T00:00:00.000Z',
        'cost\t0.0012',
        'usage\t{"prompt_tokens":20,"completion_tokens":40,"total_tokens":60,"cost":0.0012}',
        'results\t2',
        'result\treq-1\t200\tstop\t30\t',
        'result\treq-2\t429\t\t\trate_limit_exceeded',
        '',
      ].join('\n'),
    );
    expect(scripted.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v1/batches/batch_abc123',
      'GET /api/v1/batches/batch_abc123',
    ]);
  });

  it("shows a failed batch's error message", async () => {
    scripted.script = () => ({ body: batch('failed') });
    const r = await run(['batches', 'get', 'batch_abc123']);
    expect(r.stdout).toContain('status\tfailed\nerror\tinput file invalid\n');
  });

  it('--wait polls until a terminal status and exits with the outcome', async () => {
    const states = ['validating', 'in_progress', 'completed'];
    scripted.script = () => ({ body: batch(states.shift() ?? 'completed') });
    const r = await run(['batches', 'get', 'batch_abc123', '--wait', '--interval', '0.5', '--json']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout).status).toBe('completed');
    expect(scripted.server.requests).toHaveLength(3);
  });

  it('--wait on a batch that fails ends with exit 1 and says why', async () => {
    const states = ['in_progress', 'failed'];
    scripted.script = () => ({ body: batch(states.shift() ?? 'failed') });
    const r = await run(['batches', 'get', 'batch_abc123', '--wait', '--interval', '0.5']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('gwctl: batch batch_abc123 ended failed: input file invalid\n');
    expect(r.stdout).toContain('status\tfailed\n');
  });

  it.each([
    [401, 'No auth credentials found.', 4],
    [404, 'Batch not found.', 5],
    [410, 'Batch results have expired.', 5],
    [429, 'Rate limit exceeded.', 7],
    [500, 'Internal server error.', 7],
    [502, 'Upstream batch-api is unavailable.', 7],
  ])('maps HTTP %i to its exit code', async (status, message, exit) => {
    scripted.script = () => ({ status, body: { error: { code: status, message } } });
    const r = await run(['batches', 'get', 'batch_abc123', '--retries', '0']);
    expect(r).toMatchObject({
      code: exit,
      stdout: '',
      stderr: `gwctl: HTTP ${status}: ${withEnvKeyHint(status, message, 'management')}\n`,
    });
  });

  it('refuses a bad id or interval before sending', async () => {
    expect(await run(['batches', 'get', ''])).toMatchObject({ code: 2, stderr: 'gwctl: missing batch id\n' });
    expect(await run(['batches', 'get', 'x', '--wait', '--interval', '0'])).toMatchObject({ code: 2 });
    // The floor of every --interval of a wait or a watch of batches: 0.5 s (the contract's "Bounds").
    expect(await run(['batches', 'get', 'batch_x', '--wait', '--interval', '0.001'])).toMatchObject({
      code: 2,
      stderr: 'gwctl: invalid --interval "0.001": must be from 0.5s to 1h\n',
    });
    expect(scripted.server.requests).toHaveLength(0);
  });
});

describe('batches get --wait --timeout', () => {
  const env = { GWCTL_API_KEY: 'sk-api-wait-list-0123456789' };
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());
  const answer = (status: string) => ({
    body: { id: 'batch_x', object: 'batch', status, request_counts: { total: 2, completed: 1, failed: 0 } },
  });

  it('gives up at the deadline: exit 7, reason wait_timeout, the batch status in the message; stdout empty', async () => {
    server.handle(() => answer('in_progress'));
    const args = ['batches', 'get', 'batch_x', '--wait', '--interval', '2', '--timeout', '5s', '--base-url', server.baseUrl];
    const r = await gwctl(args, { env });
    expect(r).toMatchObject({
      code: 7,
      stdout: '',
      stderr: 'gwctl: timed out after 5s waiting for batch batch_x to end: it is in_progress (reason: wait_timeout)\n',
    });
    expect(r.waits).toEqual([2000, 2000, 1000]);
    const json = await gwctl([...args, '--json'], { env });
    expect(json).toMatchObject({ code: 7, stdout: '' });
    expect(JSON.parse(json.stderr)).toEqual({
      error: {
        status: null,
        message: 'timed out after 5s waiting for batch batch_x to end: it is in_progress',
        reason: 'wait_timeout',
        batch: { id: 'batch_x', status: 'in_progress' },
        exit_code: 7,
      },
    });
  });

  it('a batch that ends before the deadline: exit 0 as before', async () => {
    const script = [answer('in_progress'), answer('finalizing'), answer('completed')];
    server.handle((_req, i) => script[Math.min(i, 2)]!);
    const r = await gwctl(
      ['batches', 'get', 'batch_x', '--wait', '--interval', '1', '--timeout', '1m', '--json', '--base-url', server.baseUrl],
      { env },
    );
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout).status).toBe('completed');
  });

  it('a bad --timeout is exit 2, nothing sent', async () => {
    server.handle(() => answer('in_progress'));
    const r = await gwctl(['batches', 'get', 'batch_x', '--wait', '--timeout', 'soon', '--base-url', server.baseUrl], { env });
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'gwctl: invalid --timeout "soon": expected a duration such as 90, 90s, 1.5s, 5m or 1h\n',
    });
    expect(server.requests).toHaveLength(0);
  });
});

describe('batches get against the sandbox', () => {
  const sandboxed = sandboxRuns();

  it('--json is the body the API serves', async () => {
    const completed = sandboxed.sandbox().examples.batches.completed!;
    await sandboxed.expectServed(['batches', 'get', completed], `/batches/${completed}`);
  });
});
