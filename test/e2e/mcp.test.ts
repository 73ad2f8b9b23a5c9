// `gwctl mcp` (the contract's "Agents: gwctl mcp"): the built gwctl as a child process, driven
// over stdio (and streamable HTTP) by the MCP SDK's own Client, against the sandbox on
// 127.0.0.1. A tool's result is compared with what `--json` prints for the same command.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { configWith } from '../kit/profiles.js';
import { useSandbox } from '../kit/sandbox.js';
import { gwctlCommand, runGwctl, spawnGwctl, tempConfigDir, testEnv, until } from '../kit/spawn.js';

const sandbox = useSandbox();
const READ_TOOLS = [
  'endpoints_get',
  'batches_get',
  'interns_get',
  'interns_ls',
  'interns_wait',
  'vault_secrets',
  'byok_ls',
  'budgets_ls',
  'tools_get',
];
const WRITE_TOOLS = ['presets_create', 'batches_delete', 'interns_suspend'];

const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

/** `gwctl mcp ARGS` as a child, connected to the SDK's Client over stdio. */
async function connect(
  args: string[],
  env: Record<string, string | undefined> = {},
  configDir = tempConfigDir(),
): Promise<{ client: Client; stderr: () => string }> {
  const [command, ...lead] = gwctlCommand();
  const transport = new StdioClientTransport({ command, args: [...lead, 'mcp', ...args], env: testEnv(env, configDir), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'gwctl-test', version: '1' });
  await client.connect(transport);
  open.push(client);
  return { client, stderr: () => stderr };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** What `gwctl ARGS --json` prints, parsed. */
async function jsonOf(args: string[], env: Record<string, string>): Promise<unknown> {
  return JSON.parse((await gwctl([...args, '--json'], { env })).stdout);
}

describe('gwctl mcp over stdio', () => {
  it('lists the read tools only, each read-only, every property typed and described', async () => {
    const { client } = await connect([], sandbox().env());
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true });
      expect(tool.description).toEqual(expect.any(String));
      for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect(property, `${tool.name}.${name}`).toMatchObject({ type: expect.any(String), description: expect.any(String) });
      }
    }
    const ls = tools.find((t) => t.name === 'interns_ls')!;
    expect(ls.inputSchema.properties).toMatchObject({
      limit: { type: 'integer', minimum: 1, maximum: 500 },
      starting_after: { type: 'string' },
      all: { type: 'boolean' },
      status: { type: 'array', items: { enum: expect.arrayContaining(['running', 'failed']) } },
    });
    // --watch is a stream of changes, not one result: not a property.
    expect(Object.keys(ls.inputSchema.properties ?? {})).not.toContain('watch');
  });

  it('--allow-destructive adds the write tools, annotated, each with its yes', async () => {
    const { client } = await connect(['--allow-destructive'], sandbox().env());
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('interns_suspend')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.get('batches_delete')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.get('presets_create')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    for (const name of WRITE_TOOLS) expect(byName.get(name)!.inputSchema.properties).toMatchObject({ yes: { type: 'boolean' } });
    expect(Object.keys(byName.get('interns_suspend')!.inputSchema.properties ?? {})).not.toContain('dry_run');
  });

  it('every read tool: structuredContent and the text are exactly what --json prints', async () => {
    const sb = sandbox();
    const ex = sb.examples;
    const { client } = await connect([], sb.env());
    const cases: [string, Record<string, unknown>, string[]][] = [
      ['endpoints_get', { id: ex.private_endpoint }, ['endpoints', 'get', ex.private_endpoint]],
      ['batches_get', { id: ex.batches.completed }, ['batches', 'get', ex.batches.completed]],
      ['interns_get', { id: ex.intern }, ['interns', 'get', ex.intern]],
      ['interns_ls', { limit: 3, status: ['running', 'failed'] }, ['interns', 'ls', '--limit', '3', '--status', 'running,failed']],
      ['interns_wait', { ids: [ex.intern], for: ['status=running'] }, ['interns', 'wait', ex.intern, '--for', 'status=running']],
      ['vault_secrets', { intern_id: ex.intern, limit: 2 }, ['vault', 'secrets', ex.intern, '--limit', '2']],
      ['byok_ls', { limit: 2 }, ['byok', 'ls', '--limit', '2']],
      ['budgets_ls', { workspace: ex.workspace }, ['budgets', 'ls', ex.workspace]],
      ['tools_get', { name: ex.tool }, ['tools', 'get', ex.tool]],
    ];
    expect(cases.map(([name]) => name).sort()).toEqual([...READ_TOOLS].sort());
    for (const [name, args, command] of cases) {
      const result = await call(client, name, args);
      const expected = await jsonOf(command, sb.env());
      expect(result.isError, name).toBeFalsy();
      expect(result.structuredContent, name).toEqual(expected);
      expect(JSON.parse((result.content[0] as { text: string }).text), name).toEqual(expected);
    }
    // A page that is not the last says how to get the next, as the command says it on stderr.
    const page = await call(client, 'interns_ls', { limit: 1 });
    const cli = await gwctl(['interns', 'ls', '--limit', '1', '--json'], { env: sb.env() });
    expect(page.content[1]).toEqual({ type: 'text', text: cli.stderr.trimEnd() });
    expect(cli.stderr).toMatch(/^More interns exist: gwctl interns ls --limit 1 --starting-after \S+ \(or --all for every page\)\n$/);
  });

  it('all: true reads every page into one body, with progress when the client asks', async () => {
    const sb = sandbox();
    const { client } = await connect([], sb.env());
    const progress: number[] = [];
    const result = (await client.callTool({ name: 'interns_ls', arguments: { all: true, limit: 100 } }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    })) as CallToolResult;
    const expected = (await jsonOf(['interns', 'ls', '--all', '--limit', '100'], sb.env())) as { data: unknown[] };
    expect(result.structuredContent).toEqual(expected);
    expect(expected.data.length).toBeGreaterThan(100);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(expected.data.length);
  });

  it('an API error is a tool error carrying the --json error object, exit_code included', async () => {
    const sb = sandbox();
    const { client } = await connect([], sb.env());
    const missing = '00000000-0000-4000-8000-000000000000';
    const result = await call(client, 'endpoints_get', { id: missing });
    const cli = await gwctl(['endpoints', 'get', missing, '--json'], { env: sb.env() });
    expect(cli.code).toBe(5);
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toBe(cli.stderr.trimEnd());
    expect(result.structuredContent).toMatchObject({ error: { status: 404, exit_code: 5 } });
  });

  it('a stored key bound to another gateway than --base-url: a tool error with exit_code 4, nothing sent', async () => {
    const sb = sandbox();
    const dir = configWith({ 'management-key': sb.keys.management, 'management-key-origin': 'https://gw.example' });
    const { client } = await connect(['--base-url', sb.baseUrl], {}, dir);
    sb.clearRequests();
    const result = await call(client, 'byok_ls');
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      error: {
        status: null,
        message: `the management key of profile "default" is bound to https://gw.example; it is not sent to ${new URL(sb.baseUrl).origin}`,
        exit_code: 4,
      },
    });
    expect(sb.requests()).toEqual([]);
  });

  it('a value the command line refuses is refused the same way, naming the property, and nothing is sent', async () => {
    const sb = sandbox();
    const { client } = await connect([], sb.env());
    sb.clearRequests();
    const result = await call(client, 'interns_ls', { limit: 600 });
    expect(result.isError).toBe(true);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual({
      error: { status: null, message: 'invalid limit "600": limit must be an integer from 1 to 500', exit_code: 2 },
    });
    expect((await call(client, 'interns_ls', { watch: true })).isError).toBe(true);
    expect((await call(client, 'interns_wait', { ids: ['-'], for: ['status=running'] })).isError).toBe(true);
    expect(sb.requests()).toEqual([]);
  });

  it('a write without yes is the --dry-run preview and changes nothing; with yes it acts; each call is one audit line without a key', async () => {
    const sb = sandbox();
    const { intern } = sb.examples;
    const configDir = tempConfigDir();
    const auditLog = path.join(configDir, 'mcp-audit.jsonl');
    const { client, stderr } = await connect(['--allow-destructive'], sb.env(), configDir);
    sb.clearRequests();
    const preview = await call(client, 'interns_suspend', { ids: [intern] });
    expect(preview.isError).toBeFalsy();
    expect(preview.structuredContent).toEqual(await jsonOf(['interns', 'suspend', intern, '--dry-run'], sb.env()));
    expect(sb.requests().filter((r) => r.method === 'POST')).toEqual([]);

    const done = await call(client, 'interns_suspend', { ids: [intern], yes: true });
    expect(done.isError).toBeFalsy();
    expect(
      sb
        .requests()
        .filter((r) => r.method === 'POST')
        .map((r) => r.path),
    ).toEqual([`/api/v1/interns/${intern}/suspend`]);
    expect((await sb.get(`/interns/${intern}`)).body.status).not.toBe('running');

    const lines = readFileSync(auditLog, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([
      {
        time: expect.any(String),
        tool: 'interns_suspend',
        arguments: { ids: [intern] },
        outcome: { ok: true, exit_code: 0, changed: false },
      },
      {
        time: expect.any(String),
        tool: 'interns_suspend',
        arguments: { ids: [intern], yes: true },
        outcome: { ok: true, exit_code: 0, changed: true },
      },
    ]);
    // Reads are not audited; no key anywhere the server writes.
    await call(client, 'interns_get', { id: intern });
    const log = readFileSync(auditLog, 'utf8');
    expect(log.trimEnd().split('\n')).toHaveLength(2);
    for (const key of Object.values(sb.keys)) {
      expect(log).not.toContain(key);
      expect(stderr()).not.toContain(key);
    }
  });

  it('--audit-log FILE: a refused write is audited with its error', async () => {
    const sb = sandbox();
    const auditLog = path.join(tempConfigDir(), 'agent.jsonl');
    const { client } = await connect(['--allow-destructive', '--audit-log', auditLog], sb.env());
    const result = await call(client, 'batches_delete', { ids: [sb.examples.batches.in_progress], yes: true });
    expect(result.isError).toBe(true);
    const [line] = readFileSync(auditLog, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { outcome: Record<string, unknown> });
    expect(line!.outcome).toMatchObject({ ok: false, changed: true, exit_code: expect.any(Number) });
  });

  it('a cancelled interns_wait stops polling', async () => {
    const sb = sandbox();
    const { client } = await connect([], sb.env());
    const controller = new AbortController();
    const polls: number[] = [];
    const waiting = client.callTool(
      { name: 'interns_wait', arguments: { ids: [sb.examples.intern], for: ['status=stopped'], interval: '0.1s', timeout: '1h' } },
      undefined,
      {
        signal: controller.signal,
        onprogress: (p) => polls.push(p.progress),
      },
    );
    waiting.catch(() => {});
    const reads = (): number => sb.requests().filter((r) => r.path === `/api/v1/interns/${sb.examples.intern}`).length;
    await until(() => reads() >= 3);
    controller.abort();
    await expect(waiting).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 300));
    const after = reads();
    await new Promise((r) => setTimeout(r, 500));
    expect(reads()).toBe(after);
    expect(polls.length).toBeGreaterThan(0);
    // The server is still there for the next call.
    expect((await call(client, 'interns_get', { id: sb.examples.intern })).isError).toBeFalsy();
  });

  it('requests read before stdin ends are answered, then it exits 0', async () => {
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'interns_get', arguments: { id: sandbox().examples.intern } } },
    ];
    const r = await runGwctl(['mcp'], { env: sandbox().env(), input: lines.map((l) => `${JSON.stringify(l)}\n`).join('') });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const answers = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: number; result: { structuredContent?: unknown } });
    expect(answers.map((a) => a.id)).toEqual([1, 2]);
    expect(answers[1]!.result.structuredContent).toEqual(await jsonOf(['interns', 'get', sandbox().examples.intern], sandbox().env()));
  });

  it('--sandbox: the tools run against the built-in sandbox', async () => {
    const { client } = await connect(['--sandbox']);
    const result = await call(client, 'interns_ls', { limit: 1 });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { data: unknown[] }).data).toHaveLength(1);
  });
});

describe('gwctl mcp --http', () => {
  it('serves at a secret URL on 127.0.0.1 only: other paths 404, a foreign Host or Origin 403, the SDK client works', async () => {
    const sb = sandbox();
    const server = spawnGwctl(['mcp', '--http', '--json'], { env: sb.env(), timeoutMs: 60_000 });
    try {
      await until(() => server.stdout().includes('\n'), 15_000);
      const { url } = JSON.parse(server.stdout()) as { url: string };
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\/[\w-]{32}$/);
      expect(server.stderr()).toBe(`gwctl: MCP server at ${url} (Ctrl-C to stop)\n`);
      const origin = new URL(url).origin;
      expect((await post(`${origin}/mcp`, {})).status).toBe(404);
      expect((await post(`${origin}/mcp/wrong-secret`, {})).status).toBe(404);
      expect((await post(url, { host: 'evil.example.com' })).status).toBe(403);
      expect((await post(url, { origin: 'http://evil.example.com' })).status).toBe(403);

      const client = new Client({ name: 'gwctl-test', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      open.push(client);
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS].sort());
      const result = (await client.callTool({ name: 'interns_get', arguments: { id: sb.examples.intern } })) as CallToolResult;
      expect(result.structuredContent).toEqual(await jsonOf(['interns', 'get', sb.examples.intern], sb.env()));
    } finally {
      server.child.kill('SIGINT');
      expect((await server.done).code).toBe(130);
    }
  });
});

/** An initialize POST to `url`, with these Host and Origin headers laid over the right ones. */
function post(url: string, headers: { host?: string; origin?: string }): Promise<{ status: number }> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
