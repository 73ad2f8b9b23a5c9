// One tool call, in-process, with the run's settings, client and pacing, and for this call alone
// an Io over memory (the server's stdio may be the protocol itself), the MCP printer, nobody to
// ask, and the request's cancellation. A read runs the command's own run function: its result is
// what --json would print, or the --json error object. A write goes to writes.ts.
import { Readable, Writable } from 'node:stream';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ApiClient } from '../../api/client.js';
import type { Deps } from '../../commands/context.js';
import { keysFromEnvironment } from '../../config/profile.js';
import { GwctlError, toGwctlError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import { createIo } from '../../core/io.js';
import { nobodyToAsk } from '../../core/prompter.js';
import { untilAborted } from '../../core/abort.js';
import type { OptionDefs } from '../../core/options.js';
import { escapeJsonText, safeJson } from '../../core/sanitize.js';
import { commandName, type AnySpec } from '../../core/spec.js';
import { McpPrinter, type Captured } from '../../output/printers/mcp.js';
import { writeJson } from '../../output/json-text.js';
import { isObject } from '../../core/patterns.js';
import { maskStoredKeys } from '../../config/stored-keys.js';
import { implementations } from '../registry.js';
import { forAgent } from './agent-errors.js';
import { cutBody, layoutLength, MAX_JSON, MAX_TEXT } from './bounds.js';
import { GATEWAY_CURSOR_OPTION, isListSpec, listCall, shapeList, type ListCall } from './lists.js';
import { failed, textContent, type CallContext, type CallOutcome, type ToolResult } from './result.js';
import { callWrite } from './writes.js';

// The call's context and outcome, named where the server and its tests look for them.
export type { CallContext, CallOutcome } from './result.js';
import { inputOf, type GwctlTool } from './tools.js';

/** A call with every key its run knows, to mask. */
type Call = CallContext & { keys: readonly string[] };

/** A tool asks nobody: a write is previewed unless `yes`, and a missing id is an error. */
const NOBODY = nobodyToAsk('cannot ask: a tool call has nobody to ask');

export async function callTool(tool: GwctlTool, input: Record<string, unknown>, ctx: CallContext): Promise<CallOutcome> {
  const keys = await knownKeys(ctx.deps);
  if (tool.write) return callWrite(tool, input, { ...ctx, keys, commandDeps: callDeps({ ...ctx, keys }, tool.spec).deps });
  let ran: Ran;
  let list: ListCall | undefined;
  try {
    list = isListSpec(tool.spec) ? listCall(tool, input) : undefined;
    const parsed = inputOf(tool, list?.input ?? input);
    if (list?.gatewayCursor !== undefined) parsed.opts[GATEWAY_CURSOR_OPTION] = list.gatewayCursor;
    ran = await runCommand({ ...ctx, keys }, tool.spec, parsed);
  } catch (error) {
    ran = { notes: '', failure: toGwctlError(error) };
  }
  return { ...readResult(tool, list, ran), keys };
}

/** A read tool's result: the body --json prints, bounded and laid out only as far as it is returned, with what the command said on stderr. */
function readResult(tool: GwctlTool, list: ListCall | undefined, ran: Ran): ToolResult {
  if (ran.failure) return failed(forAgent(tool, ran.failure));
  const body = isObject(ran.body) ? ran.body : undefined;
  const shaped = body && list ? shapeList(tool, list, body) : body && bounded(body);
  const content: CallToolResult['content'] = [];
  // A get that fits is laid out as --json prints it, numbers and key order as sent.
  const text = shaped ? safeJson(shaped.body) : body ? escapeJsonText(writeJson(body, '  ', '')) : (ran.text ?? '').trimEnd();
  if (text) content.push(textContent(text));
  const returned = shaped?.body ?? body;
  const notes = [shaped?.note ?? nextPage(tool, returned), agentNotes(ran.notes)].filter(Boolean).join('\n');
  if (notes) content.push(textContent(notes));
  return { result: { content, ...(returned ? { structuredContent: returned } : {}) }, exitCode: ExitCode.ok };
}

/** A body longer than the bound (one item: a get's): cut to fit, saying so. */
function bounded(body: Record<string, unknown>): { body: Record<string, unknown>; note: string } | undefined {
  if (layoutLength(body, MAX_JSON) <= MAX_JSON) return undefined;
  return {
    body: cutBody(body),
    note: `The result was cut to stay under ${MAX_TEXT} characters ("truncated": true): its longest values are shortened (ending in …).`,
  };
}

/** A page of an offset list that is not the last, said with the tool's own properties. */
function nextPage(tool: GwctlTool, body: Record<string, unknown> | undefined): string {
  const paged = body?.has_more === true && 'all' in (tool.definition.inputSchema.properties ?? {});
  return paged ? `More items exist: call ${tool.name} with all: true for every page, or with a larger offset.` : '';
}

/**
 * What the command said on stderr, for an agent. A line that suggests a gwctl command (the next
 * page's `More interns exist: gwctl interns ls … --starting-after CURSOR`) is left out: it would
 * put a server's text into a command line, and a tool continues with its own properties instead
 * (the body's next_cursor, said by the list's own note).
 */
function agentNotes(notes: string): string {
  const kept = notes.split('\n').filter((line) => line.trim() !== '' && !/\bgwctl /.test(line));
  return kept.join('\n').trim();
}

/** What one run of a command handed its printer (as data), what it said on stderr, and how it ended. */
type Ran = Captured & { notes: string; failure?: GwctlError };

/** Runs a read tool's command with typed arguments and options, for one call. */
async function runCommand(call: Call, spec: AnySpec, { args, opts }: ReturnType<typeof inputOf>): Promise<Ran> {
  const deadline = callDeadline(spec, opts);
  const { deps, printer, stderr } = callDeps(call, spec, deadline?.signal);
  let failure: GwctlError | undefined;
  try {
    const implementation = implementations.get(commandName(spec));
    if (!implementation) throw new Error(`no implementation of ${commandName(spec)}`);
    await untilAborted((await implementation()).run({ spec, args, opts, deps }), deps.signal);
  } catch (error) {
    failure = deadline?.signal.aborted ? deadline.failure() : toGwctlError(error);
  } finally {
    deadline?.clear();
  }
  return { ...printer.captured, notes: stderr.text.trim(), ...(failure ? { failure } : {}) };
}

/** A command's dependencies in one call: the MCP printer (data, not text), stderr over memory, nobody to ask, the call's cancellation. */
function callDeps(ctx: Call, spec: AnySpec, deadline?: AbortSignal): { deps: Deps; printer: McpPrinter; stderr: Memory } {
  const { deps } = ctx;
  const stderr = new Memory();
  // Nothing is written to stdout: the printer keeps what the command hands it.
  const io = createIo({
    streams: { stdin: Readable.from([]), stdout: new Memory(), stderr },
    env: deps.env,
    colorFlag: false,
    onStdoutClosed: () => {},
  });
  for (const key of ctx.keys) io.addSecret(key);
  const signal = AbortSignal.any([deps.signal, ctx.signal, ...(deadline ? [deadline] : [])]);
  const printer = new McpPrinter((printed) => ctx.progress?.(printed, `${printed} items`));
  let polls = 0;
  const { trace } = ctx;
  let traced: Promise<ApiClient> | undefined;
  const callDeps: Deps = {
    ...deps,
    ...(trace ? { api: () => (traced ??= deps.api().then((client) => client.withTrace(trace))) } : {}),
    io,
    printer,
    prompter: NOBODY,
    signal,
    interrupted: signal,
    finishOnInterrupt: () => {},
    // A cancelled call starts nothing new; what it already sent finishes, and is audited.
    hurry: new AbortController().signal,
    clock: {
      now: () => deps.clock.now(),
      // A command sleeps between polls (interns_wait, batches_get with wait): each is progress.
      sleep: (ms, s) => {
        polls++;
        ctx.progress?.(polls, `poll ${polls}`);
        return deps.clock.sleep(ms, s);
      },
    },
  };
  return { deps: callDeps, printer, stderr };
}

/**
 * The deadline of a call whose command takes the global --timeout as its own option (`batches
 * get` without `wait`): on a terminal it bounds each request; a tool's call has the server's
 * client, so it bounds the call.
 */
function callDeadline(
  spec: AnySpec,
  opts: Record<string, unknown>,
): { signal: AbortSignal; failure: () => GwctlError; clear: () => void } | undefined {
  for (const [key, def] of Object.entries(spec.options as OptionDefs)) {
    const stands = def.global;
    const ms = opts[key];
    if (!stands || typeof ms !== 'number' || (stands.unless !== undefined && opts[stands.unless] === true)) continue;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ms);
    return {
      signal: controller.signal,
      failure: () => new GwctlError(`timed out after ${ms / 1000}s`, ExitCode.transient, { reason: 'timeout', retryable: true }),
      clear: () => clearTimeout(timer),
    };
  }
  return undefined;
}

/** Every key this run may send or has found, for masking: the environment's, the config file's, the resolved ones. */
async function knownKeys(deps: Deps): Promise<string[]> {
  const keys: string[] = [];
  const addSecret = (key: string): void => void keys.push(key);
  for (const key of keysFromEnvironment(deps.env)) addSecret(key);
  maskStoredKeys({ addSecret }, () => deps.config());
  try {
    const settings = deps.settings();
    // Found without blocking: a key command runs asynchronously, once for the whole server (one
    // after the other: each may ask for a passphrase).
    for (const kind of ['management', 'api'] as const) {
      const key = await settings.key(kind);
      if (key) addSecret(key.value);
    }
  } catch {
    // No settings to take keys from: the call itself reports why.
  }
  return keys;
}

/** A stream that keeps what is written to it. */
class Memory extends Writable {
  text = '';

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.text += chunk.toString();
    done();
  }
}
