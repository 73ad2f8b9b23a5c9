// `gwctl mcp`: the gateway's operations as Model Context Protocol tools (the contract's "Agents:
// gwctl mcp"), over stdio or streamable HTTP on loopback. Loaded only by that command, through
// the lazy seam: the SDK costs no other command anything.
import { appendFile, mkdir } from 'node:fs/promises';
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
import { maskKeys } from '../../core/mask.js';
import { commands } from '../registry.js';
import { callTool } from './call.js';
import { load } from '../lazy.js';
import { aborted } from './aborted.js';
import { toolsOf, type GwctlTool } from './tools.js';

type McpOptions = OptionValues<(typeof spec)['options']>;

const INSTRUCTIONS = [
  "gwctl's tools read (and, when the server allows it, change) a model-inference gateway through its management API.",
  'Results are the JSON bodies of `gwctl <group> <verb> --json`; errors carry status, reason, retryable and exit_code.',
  'Write tools return a preview and change nothing unless called with yes: true.',
].join(' ');

/**
 * The SDK checks JSON Schema only for elicitation (a server asking the client for input), which
 * gwctl never does. Its default checker builds Ajv, with its formats, for every server (about 4 %
 * of the instructions to the answer to `initialize`); this one is never asked, and Ajv is left out
 * of the build (scripts/own-copies.mjs).
 */
const NO_ELICITATION: jsonSchemaValidator = {
  getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'gwctl asks the client for no input' }),
};

export async function serveMcp(opts: McpOptions, deps: Deps): Promise<void> {
  const tools = toolsOf(commands.values(), opts.allowDestructive);
  const auditPath = opts.auditLog ?? path.join(configDir(deps.env), 'mcp-audit.jsonl');
  const newServer = (): Server => mcpServer(tools, deps, auditPath);
  if (opts.http) return (await load.mcpHttp()).serveHttp(newServer, opts.port ?? 0, deps);
  return serveStdio(newServer(), deps);
}

function mcpServer(tools: readonly GwctlTool[], deps: Deps, auditPath: string): Server {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server(
    { name: 'gwctl', version: __GWCTL_VERSION__ },
    {
      capabilities: { tools: {} },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: NO_ELICITATION,
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
    const outcome = await callTool(tool, input, { deps, signal: extra.signal, ...(progress ? { progress } : {}) });
    if (tool.write) await audit(auditPath, tool, input, outcome, deps);
    return outcome.result;
  });
  return server;
}

/** One JSON line a call of a write tool: time, tool, arguments, outcome; keys masked. */
async function audit(
  file: string,
  tool: GwctlTool,
  input: Record<string, unknown>,
  outcome: Awaited<ReturnType<typeof callTool>>,
  deps: Deps,
): Promise<void> {
  const body = outcome.result.structuredContent;
  const line = JSON.stringify({
    time: new Date(deps.clock.now()).toISOString(),
    tool: tool.name,
    arguments: input,
    outcome: {
      ok: outcome.result.isError !== true,
      exit_code: outcome.exitCode,
      changed: input.yes === true,
      ...(body && 'summary' in body ? { summary: body.summary } : {}),
      ...(body && 'error' in body ? { error: body.error } : {}),
    },
  });
  try {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await appendFile(file, `${maskKeys(line, outcome.keys)}\n`, { mode: 0o600 });
  } catch (error) {
    deps.io.err(`gwctl: warning: cannot write the audit log ${file}: ${(error as Error).message}\n`);
  }
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
