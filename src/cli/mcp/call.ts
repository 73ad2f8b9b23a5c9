// One tool call, in-process: the command's own run function with the run's settings, client and
// pacing, and for this call alone an Io over memory (the server's stdin and stdout may be the
// protocol itself), the MCP printer, nobody to ask, and the request's cancellation. The result
// is what --json would print, or the --json error object.
import { Readable, Writable } from 'node:stream';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Deps } from '../../commands/context.js';
import { toGwctlError, usageError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import { createIo } from '../../core/io.js';
import type { Prompter } from '../../core/prompter.js';
import { commandName } from '../../core/spec.js';
import { McpPrinter } from '../../output/printers/mcp.js';
import { maskStoredKeys } from '../deps.js';
import { load } from '../lazy.js';
import { implementations } from '../registry.js';
import { errorJson } from '../report.js';
import { inputOf, type GwctlTool } from './tools.js';

export interface CallContext {
  /** The run's dependencies: settings, client, pacing, clock. */
  deps: Deps;
  /** Aborted when the client cancels the request. */
  signal: AbortSignal;
  /** Progress, when the client asked for it: a count that grows, and what it counts. */
  progress?: (count: number, message: string) => void;
}

export interface CallOutcome {
  result: CallToolResult;
  exitCode: number;
  /** Every key the run knows, to mask wherever the call is recorded. */
  keys: readonly string[];
}

/** A tool asks nobody: a write is previewed unless `yes`, and a missing id is an error. */
const NOBODY: Prompter = {
  interactive: false,
  confirm: refuse,
  password: refuse,
  select: refuse,
  search: refuse,
};

function refuse(): never {
  throw usageError('cannot ask: a tool call has nobody to ask');
}

export async function callTool(tool: GwctlTool, input: Record<string, unknown>, ctx: CallContext): Promise<CallOutcome> {
  const { deps } = ctx;
  const stdout = new Memory();
  const stderr = new Memory();
  const io = createIo({ streams: { stdin: Readable.from([]), stdout, stderr }, env: deps.env, colorFlag: false, onStdoutClosed: () => {} });
  const keys = await knownKeys(deps);
  for (const key of keys) io.addSecret(key);
  const signal = AbortSignal.any([deps.signal, ctx.signal]);
  let polls = 0;
  const callDeps: Deps = {
    ...deps,
    io,
    printer: new McpPrinter(
      { io, now: () => deps.clock.now(), command: commandName(tool.spec), header: false, tables: load.tables },
      (printed) => ctx.progress?.(printed, `${printed} items`),
    ),
    prompter: NOBODY,
    signal,
    interrupted: signal,
    finishOnInterrupt: () => {},
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
  let failure;
  try {
    const { args, opts } = inputOf(tool, input);
    const implementation = implementations.get(commandName(tool.spec));
    if (!implementation) throw new Error(`no implementation of ${commandName(tool.spec)}`);
    const { run } = await implementation();
    await untilAborted(run({ spec: tool.spec, args, opts, deps: callDeps }), signal);
  } catch (error) {
    failure = toGwctlError(error);
  }
  const printed = stdout.text;
  const notes = stderr.text.trim();
  const body = parseObject(printed);
  const content: CallToolResult['content'] = [];
  if (printed) content.push({ type: 'text', text: printed.trimEnd() });
  if (failure) {
    const error = errorJson(failure);
    content.push({ type: 'text', text: error });
    return { result: { isError: true, content, structuredContent: body ?? parseObject(error) ?? {} }, exitCode: failure.exitCode, keys };
  }
  if (notes) content.push({ type: 'text', text: notes });
  return { result: { content, ...(body ? { structuredContent: body } : {}) }, exitCode: ExitCode.ok, keys };
}

/** Every key this run may send or has found, for masking: the environment's, the config file's, the resolved ones. */
async function knownKeys(deps: Deps): Promise<string[]> {
  const keys: string[] = [];
  const addSecret = (key: string): void => void keys.push(key);
  for (const key of [deps.env.GWCTL_MANAGEMENT_KEY, deps.env.GWCTL_API_KEY]) if (key) addSecret(key);
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

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The command, or its cancellation as soon as the client cancels. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A stream that keeps what is written to it. */
class Memory extends Writable {
  text = '';

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.text += chunk.toString();
    done();
  }
}
