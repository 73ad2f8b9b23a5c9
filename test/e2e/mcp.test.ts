// `gwctl mcp` (the contract's "Agents: gwctl mcp"): the built gwctl as a child process, driven
// over stdio (and streamable HTTP) by the MCP SDK's own Client, against the sandbox on
// 127.0.0.1. A tool's result is compared with what `--json` prints for the same command.
import http from 'node:http';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { commands } from '../../src/cli/registry.js';
import { toolNames, writeToolNames } from '../../src/cli/mcp/tools.js';
import { gwctl } from '../kit/cli.js';
import { configWith } from '../kit/profiles.js';
import { useSandbox } from '../kit/sandbox.js';
import { gwctlCommand, runGwctl, spawnGwctl, tempConfigDir, testEnv, until } from '../kit/spawn.js';

const sandbox = useSandbox();
// The tools are the specs that say so: every read tool, and the write tools.
const WRITE_TOOLS = writeToolNames(commands.values());
const READ_TOOLS = toolNames(commands.values()).filter((name) => !WRITE_TOOLS.includes(name));

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
      cursor: { type: 'string' },
      all: { type: 'boolean' },
      status: { type: 'array', items: { enum: expect.arrayContaining(['running', 'failed']) } },
    });
    // --watch is a stream of changes, not one result: not a property. The gateway's cursor is
    // carried by the tool's own (one cursor, taken back by cursor).
    expect(Object.keys(ls.inputSchema.properties ?? {})).not.toContain('watch');
    expect(Object.keys(ls.inputSchema.properties ?? {})).not.toContain('starting_after');
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
    const given: [string, Record<string, unknown>, string[]][] = [
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
    // A tool that needs no input is called without any, as `gwctl <group> <verb> --json` runs.
    const cases = READ_TOOLS.map(
      (name) => given.find(([tool]) => tool === name) ?? ([name, {}, name.split('_')] as [string, Record<string, unknown>, string[]]),
    );
    const schemas = new Map((await client.listTools()).tools.map((t) => [t.name, t.outputSchema]));
    const validator = new AjvJsonSchemaValidator();
    for (const [name, args, command] of cases) {
      const result = await call(client, name, args);
      const expected = (await jsonOf(command, sb.env())) as Record<string, unknown>;
      // A page that is not the last: the tool's next_cursor stands where the gateway's was.
      if (typeof expected.next_cursor === 'string') {
        expect((result.structuredContent as { next_cursor: string }).next_cursor).not.toBe(expected.next_cursor);
        expected.next_cursor = (result.structuredContent as { next_cursor: string }).next_cursor;
      }
      expect(result.isError, name).toBeFalsy();
      // Checked here with a JSON Schema validator, whatever the client itself checks.
      expect(validator.getValidator(schemas.get(name)!)(result.structuredContent), name).toMatchObject({ valid: true });
      expect(result.structuredContent, name).toEqual(expected);
      expect(JSON.parse((result.content[0] as { text: string }).text), name).toEqual(expected);
    }
    // A page that is not the last says how to get the next with the tool's own properties: the
    // server's cursor never becomes a command line, and the tool's cursor reads the next page.
    const page = await call(client, 'interns_ls', { limit: 1 });
    expect(page.content[1]).toEqual({
      type: 'text',
      text: "More items exist: call interns_ls with cursor set to this result's next_cursor, or with all: true for every page.",
    });
    const gatewayNext = ((await jsonOf(['interns', 'ls', '--limit', '1'], sb.env())) as { next_cursor: string }).next_cursor;
    const second = await call(client, 'interns_ls', { cursor: (page.structuredContent as { next_cursor: string }).next_cursor });
    const expectedSecond = (await jsonOf(['interns', 'ls', '--limit', '1', '--starting-after', gatewayNext], sb.env())) as {
      data: unknown[];
    };
    expect((second.structuredContent as { data: unknown[] }).data).toEqual(expectedSecond.data);
  });

  it('all: true reads every page into one body, with progress when the client asks', async () => {
    const sb = sandbox();
    const { client } = await connect([], sb.env());
    const progress: number[] = [];
    const result = (await client.callTool({ name: 'interns_ls', arguments: { all: true, limit: 100 } }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    })) as CallToolResult;
    const expected = (await jsonOf(['interns', 'ls', '--all', '--limit', '100'], sb.env())) as { data: unknown[] };
    expect(expected.data.length).toBeGreaterThan(100);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(expected.data.length);
    // Every intern is longer than a result may be: fewer items, a next_cursor, and a note saying so.
    const first = result.structuredContent as { data: unknown[]; has_more: boolean; next_cursor: string };
    for (const c of result.content) expect((c as { text: string }).text.length).toBeLessThanOrEqual(100_000);
    expect(first.data.length).toBeLessThan(expected.data.length);
    expect(first).toMatchObject({ has_more: true, next_cursor: expect.any(String) });
    expect((result.content[1] as { text: string }).text).toMatch(/^Returned \d+ of \d+ items to keep this result under 100000 characters/);
    // The cursor continues until a part says nothing more of itself.
    const items = [...first.data];
    let part = result;
    for (let i = 0; i < 5 && /^Returned /.test((part.content[1] as { text: string } | undefined)?.text ?? ''); i++) {
      part = await call(client, 'interns_ls', { cursor: (part.structuredContent as { next_cursor: string }).next_cursor });
      items.push(...(part.structuredContent as { data: unknown[] }).data);
    }
    expect(items).toEqual(expected.data);
    // fields keep only what is named, and then every item fits.
    const narrow = await call(client, 'interns_ls', { all: true, limit: 100, fields: ['id', 'status'] });
    expect((narrow.structuredContent as { data: unknown[] }).data).toEqual(
      expected.data.map((i) => ({ id: (i as { id: string }).id, status: (i as { status: string }).status })),
    );
  });

  it('bad list input: an unknown field (with did-you-mean), a cursor from another list: tool errors with exit_code 2, nothing sent', async () => {
    const sb = sandbox();
    const { client } = await connect([], sb.env());
    sb.clearRequests();
    const field = await call(client, 'interns_ls', { fields: ['id', 'nmae'] });
    expect(field.structuredContent).toMatchObject({
      error: {
        exit_code: 2,
        message: 'unknown field "nmae" for interns_ls',
        hint: expect.stringMatching(/^did you mean name\? Valid fields: id, name, /),
      },
    });
    const cursor = Buffer.from(JSON.stringify({ tool: 'byok_ls', input: {}, skip: 3 })).toString('base64url');
    const other = await call(client, 'interns_ls', { cursor });
    expect(other.structuredContent).toMatchObject({
      error: { exit_code: 2, message: 'invalid cursor: it continues byok_ls, not interns_ls' },
    });
    const junk = await call(client, 'interns_ls', { cursor: 'not-a-cursor' });
    expect(junk.structuredContent).toMatchObject({ error: { exit_code: 2, message: 'invalid cursor: not a next_cursor of interns_ls' } });
    expect(sb.requests()).toEqual([]);
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

  it('an intern id that is not a UUID is refused as on the command line, in a read and in a write, and nothing is sent', async () => {
    const sb = sandbox();
    const { client } = await connect(['--allow-destructive'], sb.env());
    sb.clearRequests();
    const error = {
      status: null,
      message: 'invalid intern id "not-a-uuid": must be a UUID such as 7c9e6679-7425-40de-944b-e07fc1f90ae7',
      exit_code: 2,
    };
    for (const [tool, args] of [
      ['interns_get', { id: 'not-a-uuid' }],
      ['interns_wait', { ids: [sb.examples.intern, 'not-a-uuid'], for: ['status=running'] }],
      ['interns_suspend', { ids: [sb.examples.intern, 'not-a-uuid'], yes: true }],
    ] as const) {
      const result = await call(client, tool, args);
      expect(result.isError, tool).toBe(true);
      expect(JSON.parse((result.content[0] as { text: string }).text), tool).toEqual({ error });
    }
    expect(sb.requests()).toEqual([]);
  });

  it('batches_get keeps its timeout: a slow answer is exit_code 7 after about the timeout', async () => {
    const sb = sandbox();
    const { client } = await connect([], sb.env());
    const batch = sb.examples.batches.completed!;
    sb.fault({ match: `GET /batches/${batch}`, delay_ms: 5000 });
    const began = Date.now();
    const result = await call(client, 'batches_get', { id: batch, timeout: '1' });
    const took = Date.now() - began;
    expect(result.structuredContent).toMatchObject({ error: { exit_code: 7 } });
    expect(took).toBeLessThan(3000);
  });

  it("a server's U+202E and U+2028 never reach a tool's text raw; the structured content keeps them as sent", async () => {
    const sb = sandbox();
    const { client } = await connect([], sb.env());
    const id = sb.examples.intern;
    const intern = (await sb.get(`/interns/${id}`)).body as Record<string, unknown>;
    const name = 'evil\u202etxt.exe\u2028next line';
    sb.fault({ match: `GET /interns/${id}`, status: 200, body: { ...intern, name, instructions: `run \u202e${name}` } });
    const result = await call(client, 'interns_get', { id });
    expect(result.isError).toBeFalsy();
    for (const c of result.content) expect((c as { text: string }).text).not.toMatch(/[\u202e\u2028]/);
    expect(result.structuredContent).toMatchObject({ name });
  });

  it('mcp config --client prints the registration: this gwctl by its absolute path, mcp, and the options given', async () => {
    const [first, ...lead] = gwctlCommand();
    // The standalone executable itself, or the npm package's script that its shebang starts.
    const self = lead.at(-1) ?? first;
    const code = await runGwctl(['--profile', 'prod', 'mcp', 'config', '--client', 'claude-code', '--allow-destructive']);
    expect(code).toMatchObject({ code: 0, stderr: '' });
    expect(code.stdout).toBe(`claude mcp add gwctl -- ${self} mcp --profile prod --allow-destructive\n`);
    for (const [client, key] of [
      ['claude-desktop', 'mcpServers'],
      ['cursor', 'mcpServers'],
      ['vscode', 'servers'],
    ] as const) {
      const run = await runGwctl(['--sandbox', 'mcp', 'config', '--client', client]);
      const server = (JSON.parse(run.stdout) as Record<string, { gwctl: { command: string; args: string[] } }>)[key]!.gwctl;
      expect(server, client).toMatchObject({ command: self, args: ['mcp', '--sandbox'] });
      expect(path.isAbsolute(server.command)).toBe(true);
    }
    expect(await runGwctl(['mcp', 'config'])).toMatchObject({
      code: 2,
      stderr: "gwctl: config needs --client; as in 'gwctl mcp config --client claude-code'\n",
    });
    expect((await runGwctl(['mcp', 'config', '--client', 'emacs'])).code).toBe(2);
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

  it('stdin ending ends the run with 0: what was answered by then is on stdout (initialize is), a call still running is cancelled', async () => {
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'interns_wait', arguments: { ids: [sandbox().examples.intern], for: ['status=stopped'], timeout: '1h' } },
      },
    ];
    const r = await runGwctl(['mcp'], { env: sandbox().env(), input: lines.map((l) => `${JSON.stringify(l)}\n`).join('') });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const answers = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: number });
    expect(answers.map((a) => a.id)).toEqual([1]);
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
