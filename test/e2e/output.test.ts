// Output shaping through the built gwctl: the jq engine's WebAssembly ships beside its chunk,
// and --jsonl streams every page of the sandbox.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InternBody } from '../kit/bodies.js';
import { startServer, type ScriptedServer } from '../kit/server.js';
import { runGwctl } from '../kit/spawn.js';

describe('output shaping, as a process', () => {
  it('--jq runs jq over the merged body of every page', async () => {
    const r = await runGwctl(['--sandbox', 'interns', 'ls', '--all', '--jq', '.data | length']);
    expect(r).toMatchObject({ code: 0, stdout: '300\n', stderr: '' });
  });

  it('--jq with a filter that does not compile is exit 2 before anything starts', async () => {
    const r = await runGwctl(['--sandbox', 'interns', 'ls', '--jq', '.data[] |']);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: '{"error":{"status":null,"message":"invalid --jq filter: syntax error, unexpected end of file","exit_code":2}}\n',
    });
  });

  it('--jsonl --all prints one item per line for every intern', async () => {
    const r = await runGwctl(['--sandbox', 'interns', 'ls', '--all', '--jsonl', '--limit', '7']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(300);
    expect(new Set(lines.map((l) => (JSON.parse(l) as { id: string }).id)).size).toBe(300);
  });

  it('--columns with --header in a pipe', async () => {
    const r = await runGwctl(['--sandbox', 'budgets', 'ls', 'production', '--columns', 'reset_interval,limit_usd', '--header']);
    expect(r.code).toBe(0);
    const [header, ...rows] = r.stdout.trimEnd().split('\n');
    expect(header).toBe('reset_interval\tlimit_usd');
    for (const row of rows) expect(row).toMatch(/^(daily|weekly|monthly|lifetime|)\t\d+(\.\d+)?$/);
  });
});

describe('output shaping, as a process, against a scripted server', () => {
  const KEY = 'sk-mgmt-e2e-0123456789abcdef';
  const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
  const HOSTILE = 'evil\u001b[31m\u009b\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069end';
  const SHOWN = 'evil\\e[31m\\x9b\\u061c\\u200e\\u200f\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069end';
  const IN_JSON = 'evil\\u001b[31m\\u009b\\u061c\\u200e\\u200f\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069end';
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startServer((req) =>
      req.path === `/api/v1/interns/${INTERN}`
        ? {
            body: {
              id: INTERN,
              name: HOSTILE,
              status: 'running',
              model: null,
              workspace_id: INTERN,
              created_at: '2026-09-10T08:30:00Z',
              updated_at: '2026-09-10T08:30:00Z',
            },
          }
        : { status: 404, body: { error: { code: 404, message: 'Not found' } } },
    );
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());
  const run = (args: string[]) =>
    runGwctl([...args, '--base-url', server.baseUrl], { env: { GWCTL_MANAGEMENT_KEY: KEY, GWCTL_API_KEY: KEY } });

  it('--jq prints strings raw with hostile text made visible, anything else as compact JSON', async () => {
    const r = await run(['interns', 'get', INTERN, '--jq', '.name, .status, {model, name}']);
    expect(r).toMatchObject({ code: 0, stderr: '', stdout: `${SHOWN}\nrunning\n{"model":null,"name":"${IN_JSON}"}\n` });
  });

  it('--jsonl prints the body on one line, escaped', async () => {
    const r = await run(['interns', 'get', INTERN, '--jsonl']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe(
      `{"id":"${INTERN}","name":"${IN_JSON}","status":"running","model":null,"workspace_id":"${INTERN}","created_at":"2026-09-10T08:30:00Z","updated_at":"2026-09-10T08:30:00Z"}\n`,
    );
  });

  it.each([
    [['interns', 'get', INTERN, '--jq', '.name |']],
    [['interns', 'ls', '--columns', 'nope']],
    [['interns', 'ls', '--jsonl', '--header']],
  ])('%j is exit 2 and sends nothing', async (args) => {
    const r = await run(args);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(server.requests).toHaveLength(0);
  });
});

// The built gwctl runs an item-by-item filter over --all on a worker thread, batch by batch,
// while the next pages arrive (the in-process suite runs the same batches on the test's thread).
describe('--jq over --all, item by item, as a process', () => {
  const KEY = 'sk-mgmt-e2e-0123456789abcdef';
  const PAGE = 500;
  const interns: InternBody[] = Array.from({ length: 2500 }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    name: `intern-${i + 1}`,
    status: i % 3 ? 'running' : 'failed',
    model: null,
    workspace_id: '3f6c2a1e-8b4d-4c7a-9e15-2d8f0b6a7c31',
    created_at: '2026-09-10T08:30:00Z',
    updated_at: '2026-09-10T08:30:00Z',
  }));
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startServer((req) => {
      const start = Number(req.query.get('starting_after') ?? 0);
      const more = start + PAGE < interns.length;
      return { body: { data: interns.slice(start, start + PAGE), has_more: more, ...(more ? { next_cursor: String(start + PAGE) } : {}) } };
    });
  });
  afterAll(() => server.close());
  const run = (filter: string) =>
    runGwctl(['interns', 'ls', '--all', '--jq', filter, '--base-url', server.baseUrl], { env: { GWCTL_API_KEY: KEY } });

  it('prints, in order, exactly what the same filter prints over the merged body', async () => {
    const itemwise = await run('.data[] | select(.status == "failed") | .name');
    const whole = await run('[.data[] | select(.status == "failed") | .name] | .[]');
    expect(itemwise).toMatchObject({ code: 0, stderr: '' });
    expect(itemwise.stdout).toBe(
      interns
        .filter((i) => i.status === 'failed')
        .map((i) => `${i.name}\n`)
        .join(''),
    );
    expect(itemwise.stdout).toBe(whole.stdout);
  });

  // Filters of the subset that gwctl runs itself, until an item needs jq (an error that `?`
  // hides, or jq's own message): that batch and every one after it go to jq, in order.
  it('a filter of the subset hands a later batch to jq and the outputs keep their order', async () => {
    const r = await run('.data[] | if .name == "intern-1501" then (.name.x? // "by jq") else .name end');
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe(interns.map((i) => (i.name === 'intern-1501' ? 'by jq\n' : `${i.name}\n`)).join(''));
  });

  it("a filter of the subset that fails on a later item ends with jq's message after the outputs before it", async () => {
    const r = await run('.data[] | if .name == "intern-1501" then .name.x else .name end');
    expect(r.stderr).toBe('{"error":{"status":null,"message":"--jq: Cannot index string with string (\\"x\\")","exit_code":1}}\n');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      interns
        .slice(0, 1500)
        .map((i) => `${i.name}\n`)
        .join(''),
    );
  });

  it('a run-time error in a later batch: the batches before it are printed, then the error, exit 1', async () => {
    const r = await run('.data[] | if .name == "intern-2001" then error("stopped at \\(.name)") else .name end');
    expect(r.stderr).toBe('{"error":{"status":null,"message":"--jq: stopped at intern-2001","exit_code":1}}\n');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      interns
        .slice(0, 2000)
        .map((i) => `${i.name}\n`)
        .join(''),
    );
  });
});
