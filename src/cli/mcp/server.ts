// `gwctl mcp`: the gateway's operations as Model Context Protocol tools (the contract's "Agents:
// gwctl mcp"), over stdio or streamable HTTP on loopback. Loaded only by that command, through
// the lazy seam: the SDK costs no other command anything.
import path from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { Deps } from '../../commands/context.js';
import type { spec } from '../../commands/mcp.js';
import { configDir } from '../../config/paths.js';
import type { OptionValues } from '../../core/options.js';
import { commands } from '../registry.js';
import { callTool } from './call.js';
import { load } from '../lazy.js';
import { aborted } from './aborted.js';
import { auditLog, type AuditLog } from './audit.js';
import type { Confirm } from './confirm.js';
import { toolsOf, type GwctlTool } from './tools.js';

type McpOptions = OptionValues<(typeof spec)['options']>;

const INSTRUCTIONS = [
  "gwctl's tools read (and, when the server allows it, change) a model-inference gateway through its management API.",
  'Results are the JSON bodies of `gwctl <group> <verb> --json`; errors carry status, reason, retryable and exit_code.',
  'Write tools return a preview and change nothing unless called with yes: true; then the person is asked to confirm.',
].join(' ');

/**
 * The SDK checks an elicitation's answer against the form's JSON Schema with Ajv by default
 * (about 4 % of the instructions to the answer to `initialize`, for every server); a write tool
 * checks the one property of its form itself (writes.ts), so this checker passes the answer on,
 * and Ajv is left out of the build (scripts/own-copies.mjs).
 */
const ANSWER_CHECKED_BY_THE_TOOL: jsonSchemaValidator = {
  getValidator: (() => (data: unknown) => ({ valid: true, data, errorMessage: undefined })) as jsonSchemaValidator['getValidator'],
};

export async function serveMcp(opts: McpOptions, deps: Deps): Promise<void> {
  const tools = toolsOf(commands.values(), {
    allowDestructive: opts.allowDestructive,
    ...(opts.tools === undefined ? {} : { only: names(opts.tools) }),
    ...(opts.excludeTools === undefined ? {} : { exclude: names(opts.excludeTools) }),
  });
  const audit = auditLog(opts.auditLog ?? path.join(configDir(deps.env), 'mcp-audit.jsonl'), () => deps.clock.now());
  const noConfirm = !opts.confirm;
  if (noConfirm) deps.io.err('gwctl: write tools act on yes: true without asking the person at the client (--no-confirm)\n');
  const newServer = (): Server => mcpServer(tools, deps, audit, noConfirm);
  if (opts.http) return (await load.mcpHttp()).serveHttp(newServer, opts.port ?? 0, deps);
  return serveStdio(newServer(), deps);
}

function names(list: string): string[] {
  return list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

function mcpServer(tools: readonly GwctlTool[], deps: Deps, audit: AuditLog, noConfirm: boolean): Server {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server(
    { name: 'gwctl', version: __GWCTL_VERSION__ },
    {
      capabilities: { tools: {} },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: ANSWER_CHECKED_BY_THE_TOOL,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map((tool) => tool.definition) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      const known = tools.map((t) => t.name).join(', ');
      return {
        isError: true,
        content: [{ type: 'text' as const, text: `no tool ${request.params.name.slice(0, 200)}; the tools are ${known}` }],
      };
    }
    const input = request.params.arguments ?? {};
    const token = extra._meta?.progressToken;
    const progress =
      token === undefined
        ? undefined
        : (count: number, message: string): void => {
            // A progress notification that cannot be sent (the client went away) changes nothing.
            extra
              .sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: count, message } })
              .catch(() => {});
          };
    // The 2025 revisions ask the person with elicitation/create, when the client declared it.
    const confirm: Confirm = async (ask) => {
      if (!server.getClientCapabilities()?.elicitation) return { action: 'unavailable' };
      const answer = await server.elicitInput(
        { message: ask.message, requestedSchema: ask.requestedSchema as never },
        { signal: extra.signal },
      );
      return { action: answer.action, ...(answer.content ? { content: answer.content } : {}), state: ask.state };
    };
    const outcome = await callTool(tool, input, {
      deps,
      signal: extra.signal,
      confirm,
      noConfirm,
      audit,
      ...(progress ? { progress } : {}),
    });
    return outcome.result;
  });
  return server;
}

/**
 * The protocol on the run's stdin and stdout (through the Io, which masks keys), until the client
 * closes stdin; requests already read are answered first (`echo REQUEST | gwctl mcp` answers).
 */
async function serveStdio(server: Server, deps: Deps): Promise<void> {
  const { io, signal } = deps;
  const stdout = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      io.out(chunk.toString()).then(() => done(), done);
    },
  });
  const stdin = io.stdin as Readable;
  const ended = new Promise<void>((resolve) => {
    stdin.once('end', resolve);
    stdin.once('close', resolve);
  });
  const transport = new StdioServerTransport(stdin, stdout);
  await server.connect(transport);
  const answered = unansweredRequests(transport);
  try {
    await Promise.race([ended.then(answered), aborted(signal)]);
  } finally {
    await server.close();
  }
}

/** Resolves once every request the transport received has its answer sent (or was cancelled). */
function unansweredRequests(transport: StdioServerTransport): () => Promise<void> {
  const open = new Set<string | number>();
  let settle: (() => void) | undefined;
  const check = (): void => {
    if (open.size === 0) settle?.();
  };
  const receive = transport.onmessage!;
  transport.onmessage = (message: JSONRPCMessage) => {
    if ('method' in message && 'id' in message) open.add(message.id);
    if ('method' in message && message.method === 'notifications/cancelled')
      open.delete((message.params as { requestId: string | number }).requestId);
    receive(message);
    check();
  };
  const send = transport.send.bind(transport);
  transport.send = async (message: JSONRPCMessage) => {
    await send(message);
    if (!('method' in message) && 'id' in message && message.id !== undefined) open.delete(message.id);
    check();
  };
  return () =>
    new Promise<void>((resolve) => {
      settle = resolve;
      check();
    });
}
