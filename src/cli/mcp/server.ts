// `gwctl mcp`'s server: the gateway's operations as Model Context Protocol tools (the contract's
// "Agents: gwctl mcp"), over stdio or streamable HTTP on loopback, in both eras of the protocol:
// the 2025 handshake (`initialize`) and the stateless 2026-07-28 revision (`server/discover`,
// `_meta` on each request). The SDK's serving entries decide the era of a connection (stdio) or
// request (HTTP) and ask `newServer` for a server of that era; the tools are the same in both.
// serve.ts loads it once a message needs the SDK.
import path from 'node:path';
import {
  Server,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type Implementation,
  type CallToolResult,
  type ClientCapabilities,
  type ListToolsResult,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Deps } from '../../commands/context.js';
import type { spec } from '../../commands/mcp.js';
import { configDir } from '../../config/paths.js';
import { GwctlError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import type { OptionValues } from '../../core/options.js';
import { commands } from '../registry.js';
import { callTool, type CallContext, type CallOutcome } from './call.js';
import { failed } from './result.js';
import { rejectOnAbort } from '../../core/abort.js';
import { auditLog, type AuditLog, type ClientName, type Where } from './audit.js';
import { elicitingConfirm, firstRoundConfirm, FORM_CHECKER, InputRequired, RoundStateRefused, Rounds } from './asking.js';
import type { Confirm, ConfirmAnswer, ConfirmRequest } from './asking.js';
import { instructionsFor, SERVER_CAPABILITIES, SERVER_INFO } from './identity.js';
import { Parts } from './parts.js';
import { traceContext } from '../../api/trace-context.js';
import { LineTransport, type Opening } from './stdio.js';
import { toolsOf, type GwctlTool } from './tools.js';

export type McpOptions = OptionValues<(typeof spec)['options']>;

/** The era a server instance serves: chosen by the client's first message (stdio) or each request (HTTP). */
export type Era = 'legacy' | 'modern';

/** What every server instance of one run shares. */
export interface Served {
  tools: readonly GwctlTool[];
  deps: Deps;
  audit: AuditLog;
  /** The operator's --no-confirm: a write acts on `yes: true` alone. */
  noConfirm: boolean;
  /** The tools the keys leave out (keys.ts), which the instructions name. */
  leftOut?: readonly string[];
  /** The 2026-07-28 rounds' sealing key: one per run, so a state outlives no server. */
  rounds: Rounds;
  /** The write tools' previews and results that were cut, kept for their cursors (a test may leave it out). */
  parts?: Parts;
  /** The calls running now: what a closed stdin waits for, briefly, once it has cancelled them. */
  running: Set<Promise<unknown>>;
  /** One call of a tool (the command's run function); a test may give its own. */
  call?: (tool: GwctlTool, input: Record<string, unknown>, ctx: CallContext) => Promise<CallOutcome>;
}

/** The HTTP side (cli/mcp/http.ts), handed in by the lazy seam: it loads only with --http. */
export type HttpLoader = () => Promise<{ serveHttp(newServer: (era: Era) => Server, port: number, deps: Deps): Promise<void> }>;

/** How long calls cancelled by a closed stdin get to unwind (their requests aborted) before the run ends. */
const UNWIND_MS = 500;

export async function serveOverHttp(opts: McpOptions, deps: Deps, loadHttp: HttpLoader, leftOut: readonly string[] = []): Promise<void> {
  const served = servedFor(opts, deps, leftOut);
  return (await loadHttp()).serveHttp((era) => mcpServer(served, era), opts.port ?? 0, deps);
}

/**
 * The protocol on the run's stdin and stdout (through the Io, which masks keys), taking over what
 * the opening read (serve.ts), until the client closes stdin: that cancels every call still
 * running (an orphaned server does no more work) and ends the run.
 */
export async function serveOverStdio(opts: McpOptions, deps: Deps, opening: Opening, leftOut: readonly string[] = []): Promise<void> {
  const served = servedFor(opts, deps, leftOut);
  const { io, signal } = deps;
  const transport = new LineTransport(
    opening,
    (text) => io.out(text),
    (sdk) =>
      io.err(`gwctl: the MCP SDK answers the opening request otherwise than the answer sent before it loaded: ${JSON.stringify(sdk)}\n`),
  );
  const handle = serveStdio(({ era }) => mcpServer(served, era), { transport });
  try {
    await Promise.race([transport.ended, rejectOnAbort(signal)]);
  } finally {
    // Closing the server aborts every call in flight; each stops its requests and returns.
    await handle.close();
    const unwound = Promise.allSettled([...served.running]);
    await Promise.race([unwound, new Promise((resolve) => setTimeout(resolve, UNWIND_MS).unref())]);
  }
}

function servedFor(opts: McpOptions, deps: Deps, leftOut: readonly string[]): Served {
  const tools = toolsOf(commands.values(), {
    allowDestructive: opts.allowDestructive,
    noConfirm: !opts.confirm,
    ...(opts.tools === undefined ? {} : { only: names(opts.tools) }),
    ...(opts.excludeTools === undefined ? {} : { exclude: names(opts.excludeTools) }),
  });
  return {
    tools: tools.filter((tool) => !leftOut.includes(tool.name)),
    leftOut,
    deps,
    audit: auditLog(
      opts.auditLog ?? path.join(configDir(deps.env), 'mcp-audit.jsonl'),
      () => deps.clock.now(),
      () => whereTo(deps),
    ),
    noConfirm: !opts.confirm,
    rounds: new Rounds(),
    parts: new Parts(),
    running: new Set(),
  };
}

/** Where the run's writes go, for the audit log: its profile, the base URL's origin, the sandbox or not. */
function whereTo(deps: Deps): Where {
  const where: Where = { profile: null, origin: null, sandbox: deps.flags.sandbox === true, gwctl: SERVER_INFO.version };
  try {
    const settings = deps.settings();
    where.profile = settings.profile.value;
    where.origin = new URL(settings.baseUrl.value).origin;
  } catch {
    // Settings that cannot be read: the call fails on them, and its line says so.
  }
  return where;
}

/** The client as it named itself: in the 2025 handshake, or in each 2026-07-28 request's envelope. */
function clientOf(era: Era, server: Server, ctx: ServerContext): ClientName {
  const info = era === 'modern' ? (envelope(ctx)[CLIENT_INFO_META_KEY] as Partial<Implementation> | undefined) : server.getClientVersion();
  const text = (value: unknown): string | null => (typeof value === 'string' ? value.slice(0, 200) : null);
  return { name: text(info?.name), version: text(info?.version) };
}

/** A 2026-07-28 request's `_meta` envelope (the client's info and capabilities). */
function envelope(ctx: ServerContext): Record<string, unknown> {
  return (ctx.mcpReq.envelope ?? {}) as Record<string, unknown>;
}

function names(list: string): string[] {
  return list.split(',').flatMap((name) => name.trim() || []);
}

export function mcpServer(served: Served, era: Era): Server {
  const { tools, deps } = served;
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server(
    { ...SERVER_INFO },
    {
      capabilities: structuredClone(SERVER_CAPABILITIES),
      instructions: instructionsFor(served.noConfirm, served.leftOut),
      jsonSchemaValidator: FORM_CHECKER,
    },
  );
  const definitions = tools.map((tool) => tool.definition) as unknown as ListToolsResult['tools'];
  server.setRequestHandler('tools/list', () => ({ tools: definitions }));
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      const known = tools.map((t) => t.name).join(', ');
      return {
        isError: true,
        content: [{ type: 'text' as const, text: `no tool ${request.params.name.slice(0, 200)}; the tools are ${known}` }],
      };
    }
    const input = request.params.arguments ?? {};
    let answer: ConfirmAnswer | undefined;
    try {
      answer = era === 'modern' ? await served.rounds.answerFor(tool.name, input, ctx) : undefined;
    } catch (error) {
      if (error instanceof RoundStateRefused) return refusedRound(error);
      throw error;
    }
    const answered = answer;
    // A first 2026-07-28 round ends where the tool asks: whatever the tool makes of the throw,
    // the call's answer is the question.
    let asked: ConfirmRequest | undefined;
    const capabilities =
      era === 'modern' ? (envelope(ctx)[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities) : server.getClientCapabilities();
    const confirm: Confirm = answered
      ? () => Promise.resolve(answered)
      : era === 'modern'
        ? firstRoundConfirm(capabilities, (request) => (asked = request))
        : elicitingConfirm(ctx, capabilities);
    const callCtx: CallContext = {
      deps,
      signal: ctx.mcpReq.signal,
      confirm,
      ...(answered ? { answer: answered } : {}),
      noConfirm: served.noConfirm,
      audit: served.audit,
      client: clientOf(era, server, ctx),
      ...(served.parts ? { parts: served.parts } : {}),
      ...progressOf(ctx),
      ...traceOf(ctx),
    };
    let outcome: CallOutcome | undefined;
    const running = (served.call ?? callTool)(tool, input, callCtx);
    served.running.add(running);
    try {
      outcome = await running;
    } catch (error) {
      if (!(error instanceof InputRequired)) throw error;
    } finally {
      served.running.delete(running);
    }
    if (asked) return served.rounds.ask(tool.name, input, asked);
    if (!outcome) throw new Error(`${tool.name} ended without a result`);
    return outcome.result;
  });
  return server;
}

/** The W3C trace context an agent's host sent with the request (`_meta.traceparent`), when valid. */
function traceOf(ctx: ServerContext): Pick<CallContext, 'trace'> {
  const meta = (ctx.mcpReq._meta ?? {}) as { traceparent?: unknown; tracestate?: unknown };
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  const trace = traceContext(text(meta.traceparent), text(meta.tracestate));
  return trace ? { trace } : {};
}

/** Progress, when the client asked for it: each a notification related to the call. */
function progressOf(ctx: ServerContext): Pick<CallContext, 'progress'> {
  const token = ctx.mcpReq._meta?.progressToken;
  if (token === undefined) return {};
  return {
    progress: (count, message) => {
      // A progress notification that cannot be sent (the client went away) changes nothing.
      ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, progress: count, message } }).catch(() => {});
    },
  };
}

/** A round's state this server did not seal, or that expired: a tool error, and nothing done. */
function refusedRound(error: RoundStateRefused): CallToolResult {
  return failed(new GwctlError(error.message, ExitCode.usage, { reason: 'invalid_confirmation_state' })).result;
}
