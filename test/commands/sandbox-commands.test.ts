// Every API command of gwctl, in-process, against the in-process sandbox: what gwctl prints
// under --json is what the API serves, state changes are seen by the next command, and each
// key's scope maps to the contract's exit codes.
import { describe, expect, it } from 'vitest';
import { gwctl as inProcess } from '../kit/cli.js';
import { useSandbox } from '../kit/sandbox.js';

const sandbox = useSandbox();

async function gwctl(args: string[], keys?: Parameters<ReturnType<typeof sandbox>['env']>[0]) {
  return inProcess(args, { env: sandbox().env(keys) });
}

async function json(args: string[]): Promise<any> {
  const r = await gwctl([...args, '--json']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

describe('reads: --json is the body the API serves', () => {
  it.each([
    [
      'endpoints get',
      (sb: ReturnType<typeof sandbox>) => [
        ['endpoints', 'get', sb.examples.private_endpoint],
        `/private-endpoints/${sb.examples.private_endpoint}`,
      ],
    ],
    [
      'tools get by name',
      (sb: ReturnType<typeof sandbox>) => [['tools', 'get', sb.examples.tool], `/tools/${encodeURIComponent(sb.examples.tool)}`],
    ],
    [
      'tools get by alias',
      (sb: ReturnType<typeof sandbox>) => [['tools', 'get', sb.examples.tool_alias], `/tools/${sb.examples.tool_alias}`],
    ],
    [
      'budgets ls by slug',
      (sb: ReturnType<typeof sandbox>) => [
        ['budgets', 'ls', sb.examples.workspace_slug],
        `/workspaces/${sb.examples.workspace_slug}/budgets`,
      ],
    ],
    [
      'budgets ls by uuid',
      (sb: ReturnType<typeof sandbox>) => [['budgets', 'ls', sb.examples.workspace], `/workspaces/${sb.examples.workspace}/budgets`],
    ],
    ['interns get', (sb: ReturnType<typeof sandbox>) => [['interns', 'get', sb.examples.intern], `/interns/${sb.examples.intern}`]],
    [
      'batches get',
      (sb: ReturnType<typeof sandbox>) => [['batches', 'get', sb.examples.batches.completed!], `/batches/${sb.examples.batches.completed}`],
    ],
  ] as const)('%s', async (_name, pick) => {
    const sb = sandbox();
    const [args, path] = pick(sb) as [string[], string];
    const direct = await sb.get(path);
    expect(direct.status).toBe(200);
    expect(await json(args)).toEqual(direct.body);
  });
});

describe('lists with --all', () => {
  it('interns ls --all holds every intern, newest first, across pages', async () => {
    const body = await json(['interns', 'ls', '--all', '--limit', '120']);
    expect(body.has_more).toBe(false);
    expect(body.data).toHaveLength(300);
    const times = body.data.map((i: { created_at: string }) => Date.parse(i.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(
      sandbox()
        .requests()
        .filter((r) => r.path === '/api/v1/interns'),
    ).toHaveLength(3);
  });

  it('interns ls --status filters on the server', async () => {
    const body = await json(['interns', 'ls', '--all', '--status', 'failed,stopped']);
    expect(body.data.length).toBeGreaterThan(0);
    expect(new Set(body.data.map((i: { status: string }) => i.status))).toEqual(new Set(['failed', 'stopped']));
  });

  it("vault secrets --all holds the intern's secrets in name order, legacy ones included", async () => {
    const body = await json(['vault', 'secrets', sandbox().examples.intern, '--all', '--limit', '50']);
    const names = body.data.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort());
    expect(names.length).toBeGreaterThan(100);
    expect(body.data.some((s: { hosts: unknown }) => s.hosts === null)).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/"value"/);
  });

  it('byok ls --all holds total_count credentials', async () => {
    const body = await json(['byok', 'ls', '--all', '--limit', '100']);
    expect(body.data).toHaveLength(body.total_count);
    expect(new Set(body.data.map((c: { id: string }) => c.id)).size).toBe(body.total_count);
    const openai = await json(['byok', 'ls', '--all', '--provider', 'openai']);
    expect(openai.data.every((c: { provider: string }) => c.provider === 'openai')).toBe(true);
  });
});

describe('state seen by the next command', () => {
  it('interns suspend stops the intern', async () => {
    const intern = sandbox().examples.intern;
    const r = await gwctl(['interns', 'suspend', intern, '--yes']);
    expect(r).toMatchObject({ code: 0, stdout: `${intern}\tsuspended\n`, stderr: '' });
    expect((await json(['interns', 'get', intern])).status).toBe('stopped');
  });

  it('a busy intern is retried, then exit 6 with the reason', async () => {
    const r = await gwctl(['interns', 'suspend', sandbox().examples.busy_intern, '--yes', '--retries', '1']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/^gwctl: HTTP 409: .* \(after 2 attempts\) \(reason: intern_busy, retryable: true\)\n$/);
  });

  it('batches delete removes a finished batch; a running one is exit 6; an expired one is exit 5', async () => {
    const { batches } = sandbox().examples;
    const done = await gwctl(['batches', 'delete', batches.completed!, '--yes']);
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/^id\t.*\nservice\tdeleted\n/);
    expect((await gwctl(['batches', 'get', batches.completed!])).code).toBe(5);
    const running = await gwctl(['batches', 'delete', batches.in_progress!, '--yes']);
    expect(running.code).toBe(6);
    expect(running.stderr).toMatch(/^gwctl: HTTP 409: /);
    const expired = await gwctl(['batches', 'get', batches.retention_expired!]);
    expect(expired.code).toBe(5);
    expect(expired.stderr).toMatch(/^gwctl: HTTP 410: /);
  });

  it('presets create makes version 1 of a new slug and the next version of an existing one', async () => {
    const first = await json(['presets', 'create', 'fresh-slug', '--model', 'openai/gpt-4o', '--system', 'Be brief.']);
    expect(first.data.designated_version.version).toBe(1);
    expect(first.data.designated_version.system_prompt).toBe('Be brief.');
    const next = await json(['presets', 'create', 'fresh-slug', '--model', 'openai/gpt-4o-mini', '--max-tokens', '50']);
    expect(next.data.designated_version.version).toBe(2);
    expect(next.data.designated_version.config).toMatchObject({ model: 'openai/gpt-4o-mini', max_tokens: 50 });
  });
});

describe('--jsonl is JSON Lines whatever the command', () => {
  it('presets create --sandbox --jsonl prints the answer as one line and nothing after it', async () => {
    const r = await inProcess(['--sandbox', 'presets', 'create', 'p', '--model', 'm', '--system', 's', '--jsonl']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('');
    const body = JSON.parse(lines[0]!);
    expect(body.data.slug).toBe('p');
    expect(body.data.designated_version.system_prompt).toBe('s');
  });
});

describe('key scopes as exit codes', () => {
  it('a plain API key cannot read management routes (exit 4)', async () => {
    const r = await gwctl(['endpoints', 'get', sandbox().examples.private_endpoint], { management: 'api' });
    expect(r).toMatchObject({ code: 4, stdout: '', stderr: 'gwctl: HTTP 403: Only management keys can perform this operation\n' });
  });

  it("an intern's own key sees its intern but not the collection (exit 5)", async () => {
    const sb = sandbox();
    expect((await gwctl(['interns', 'get', sb.examples.intern], { management: null, api: 'intern' })).code).toBe(0);
    const list = await gwctl(['interns', 'ls'], { management: null, api: 'intern' });
    expect(list.code).toBe(5);
    expect(list.stderr).toMatch(/^gwctl: HTTP 404: .*\(reason: not_found, retryable: false\)\n$/);
  });

  it('a key outside the interns programme gets 404 on interns and vault (exit 5)', async () => {
    const sb = sandbox();
    const r = await gwctl(['vault', 'secrets', sb.examples.intern], { management: null, api: 'outsider' });
    expect(r.code).toBe(5);
  });
});
