// Every MCP host reads every answer (the contract's seventh release, "Agents: every host reads
// every answer"): the TypeScript SDK 1.x client this project pins, which checks each result's
// structured content against the tool's outputSchema once it has listed the tools (as hosts and
// the Inspector do), over stdio and streamable HTTP, and the v2 client in both eras. Every tool
// is taken from the registry: each one's errors (an API error, a bad input) and its successes are
// results, never protocol errors; a write that did not happen says why. Then tools follow the
// keys, and a request's trace context reaches the gateway.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/registry.js';
import { toolNames, writeToolNames } from '../../src/cli/mcp/tools.js';
import { closeMcpClientsAfterEach, gatewayEnv, mcpChild } from '../kit/mcp-client.js';
import { useSandbox } from '../kit/sandbox.js';
import { serverForFile } from '../kit/scripted-runs.js';
import { envelope } from '../kit/server.js';
import { gwctlCommand, spawnGwctl, tempConfigDir, testEnv, until } from '../kit/spawn.js';

const sandbox = useSandbox();
const gateway = serverForFile();
const ALL = toolNames(commands.values());
const WRITES = writeToolNames(commands.values());
const UUID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
closeMcpClientsAfterEach();

const open: Client[] = [];
const children: { kill: () => void }[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close().catch(() => {});
  for (const child of children.splice(0)) child.kill();
});

type Answer = { action: 'accept' | 'decline'; content?: Record<string, unknown> };

/** The 1.x client over stdio, listing the tools first as a host does; `answer` is the person (none: no elicitation). */
async function v1Stdio(args: string[], env: Record<string, string>, answer?: () => Answer): Promise<{ client: Client; tools: Tool[] }> {
  const [command, ...lead] = gwctlCommand();
  const transport = new StdioClientTransport({
    command,
    args: [...lead, 'mcp', ...args],
    env: testEnv(env, tempConfigDir()),
    stderr: 'pipe',
  });
  const client = new Client({ name: 'host-1x', version: '1' }, { capabilities: answer ? { elicitation: {} } : {} });
  if (answer) client.setRequestHandler(ElicitRequestSchema, () => answer());
  await client.connect(transport);
  open.push(client);
  return { client, tools: (await client.listTools()).tools };
}

/** The 1.x client over `gwctl mcp --http`, listing the tools first. */
async function v1Http(args: string[], env: Record<string, string>): Promise<{ client: Client; tools: Tool[] }> {
  const server = spawnGwctl(['mcp', '--http', '--json', ...args], { env, timeoutMs: 120_000 });
  children.push({ kill: () => server.child.kill('SIGINT') });
  await until(() => server.stdout().includes('\n'), 15_000);
  const { url } = JSON.parse(server.stdout()) as { url: string };
  const client = new Client({ name: 'host-1x-http', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  open.push(client);
  return { client, tools: (await client.listTools()).tools };
}

/** The smallest input the tool's schema asks for, with an id that any id check accepts. */
function minimalInput(tool: Tool): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of tool.inputSchema.required ?? []) {
    const property = (tool.inputSchema.properties ?? {})[name] as { type?: string };
    input[name] = property.type === 'array' ? [UUID] : name === 'slug' ? 'a-preset' : UUID;
  }
  return input;
}

/** A tool error as every client must get it: a result, isError, the --json error object as text and structured content. */
function expectErrorResult(result: CallToolResult, exitCode?: number): Record<string, unknown> {
  expect(result.isError).toBe(true);
  const error = (result.structuredContent as { error: Record<string, unknown> }).error;
  expect(typeof error.message).toBe('string');
  expect(typeof error.exit_code).toBe('number');
  if (exitCode !== undefined) expect(error.exit_code).toBe(exitCode);
  expect(JSON.parse((result.content as { text: string }[]).at(-1)!.text)).toEqual(result.structuredContent);
  return error;
}

const failingGateway = (): void =>
  gateway.handle(() => ({ status: 500, body: envelope(500, 'the gateway is down', { reason: 'internal', retryable: false }) }));

describe.each([
  ['the SDK 1.x client over stdio', (args: string[], env: Record<string, string>) => v1Stdio(args, env)],
  ['the SDK 1.x client over streamable HTTP', v1Http],
])('%s, after listing the tools', (_label, connect) => {
  it('every tool: an API error and a bad input are results carrying the --json error object', async () => {
    failingGateway();
    const { client, tools } = await connect(['--allow-destructive', '--no-confirm'], gatewayEnv(gateway.baseUrl));
    expect(tools.map((t) => t.name).sort()).toEqual([...ALL].sort());
    for (const tool of tools) {
      const api = (await client.callTool({
        name: tool.name,
        arguments: { ...minimalInput(tool), ...(WRITES.includes(tool.name) ? { yes: true } : {}) },
      })) as CallToolResult;
      // A failed write tells its failure per target, in its own shape; everything else is the error object.
      if (WRITES.includes(tool.name) && !('error' in (api.structuredContent ?? {}))) expect(api.isError, tool.name).toBe(true);
      else expectErrorResult(api);
      const bad = (await client.callTool({ name: tool.name, arguments: { ...minimalInput(tool), no_such_input: 1 } })) as CallToolResult;
      expectErrorResult(bad, 2);
    }
  });

  it('every read tool: its success is a result its schema admits', async () => {
    const sb = sandbox();
    const { client, tools } = await connect([], sb.env());
    const inputs: Record<string, Record<string, unknown>> = {
      endpoints_get: { id: sb.examples.private_endpoint },
      batches_get: { id: sb.examples.batches.completed },
      interns_get: { id: sb.examples.intern },
      interns_wait: { ids: [sb.examples.intern], for: ['status=running'] },
      vault_secrets: { intern_id: sb.examples.intern },
      budgets_ls: { workspace: sb.examples.workspace },
      tools_get: { name: sb.examples.tool },
    };
    for (const tool of tools) {
      const result = (await client.callTool({ name: tool.name, arguments: inputs[tool.name] ?? {} })) as CallToolResult;
      expect(result.isError, `${tool.name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    }
  });
});

describe('a write that did not happen says why, to the SDK 1.x client', () => {
  it('declined, unavailable and mismatch are results with that word, and nothing is sent', async () => {
    const sb = sandbox();
    const input = { ids: [sb.examples.batches.completed], yes: true };
    const cases: [string, (() => Answer) | undefined, string][] = [
      ['declined', () => ({ action: 'decline' }), 'declined'],
      ['a client without elicitation', undefined, 'unavailable'],
      ['a count typed wrong', () => ({ action: 'accept', content: { confirm: '7' } }), 'mismatch'],
    ];
    for (const [label, answer, said] of cases) {
      const { client } = await v1Stdio(['--allow-destructive'], sb.env(), answer);
      const result = (await client.callTool({ name: 'batches_delete', arguments: input })) as CallToolResult;
      expect(expectErrorResult(result), label).toMatchObject({ confirmation: said, changed: false });
    }
    expect(sb.requests().filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('a preview is a result its schema admits', async () => {
    const sb = sandbox();
    const { client } = await v1Stdio(['--allow-destructive'], sb.env());
    const result = (await client.callTool({ name: 'interns_suspend', arguments: { ids: [sb.examples.intern] } })) as CallToolResult;
    expect(result.structuredContent).toMatchObject({ preview: true, changed: false, count: 1 });
  });
});

describe('the v2 client, both eras, reads the same errors', () => {
  it.each(['legacy', 'modern'] as const)('%s: an API error of every read tool is a result', async (era) => {
    failingGateway();
    const { client } = await mcpChild(era, [], gatewayEnv(gateway.baseUrl));
    const { tools } = await client.listTools();
    for (const tool of tools) {
      const result = (await client.callTool({ name: tool.name, arguments: minimalInput(tool as Tool) })) as CallToolResult;
      expectErrorResult(result);
    }
  });
});

describe('tools follow the keys', () => {
  it('with only an API key, the tools that need the management key are not served, and the instructions say so', async () => {
    const { GWCTL_MANAGEMENT_KEY: _left, ...onlyApi } = gatewayEnv(gateway.baseUrl);
    const { client, tools } = await v1Stdio(['--allow-destructive'], onlyApi);
    const management = [...commands.values()].filter((spec) => spec.operation?.key === 'management').map((spec) => spec.path.join('_'));
    expect(tools.map((t) => t.name).sort()).toEqual(ALL.filter((name) => !management.includes(name)).sort());
    expect(client.getInstructions()).toContain(
      `Not served: ${ALL.filter((name) => management.includes(name)).join(', ')}: they need the management key, and only an API key is configured`,
    );
  });

  it('with only the management key every tool is served: the API key falls back to it', async () => {
    const { GWCTL_API_KEY: _left, ...onlyManagement } = gatewayEnv(gateway.baseUrl);
    const { client, tools } = await v1Stdio([], onlyManagement);
    expect(tools).toHaveLength(ALL.length - WRITES.length);
    expect(client.getInstructions()).not.toContain('Not served');
  });
});

describe('W3C trace context', () => {
  it("a request's _meta.traceparent goes on its API request: the same trace id, a parent id of gwctl's own", async () => {
    gateway.handle(() => ({ body: { id: UUID, name: 'x', status: 'running' } }));
    const { client } = await v1Stdio([], gatewayEnv(gateway.baseUrl));
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    await client.callTool({ name: 'interns_get', arguments: { id: UUID }, _meta: { traceparent, tracestate: 'vendor=1' } });
    const sent = gateway.requests.at(-1)!.headers;
    expect(sent.traceparent).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
    expect(sent.traceparent).not.toBe(traceparent);
    expect(sent.tracestate).toBe('vendor=1');
  });
});
