// The --jq engine: jq's own language, run by jq itself (jq compiled to WebAssembly, the jq-web
// package, with jq 1.8's library changes put before each program: ./jq-builtins.ts), so the filters users already write behave exactly as they do in a shell
// pipe. Loaded only under --jq, by the thread that runs jq (./jq-thread.ts); it costs tens of
// milliseconds to start.
import type { JqEngine } from 'jq-web';
import { GwctlError, usageError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { escapeJsonText, sanitizeBlock, sanitizeField } from '../core/sanitize.js';
import { JQ_18_DEFINITIONS } from './jq-builtins.js';
import { describeFilter, type JqFilter } from './jq-filter.js';

/**
 * The most memory jq may take (its WebAssembly heap). Past it, jq's allocation fails and the
 * run ends with exit 1 and a message, instead of growing until the runtime gives up.
 */
export const JQ_MEMORY_LIMIT_BYTES = 1024 * 1024 * 1024;

/** Where jq's stdout goes while a filter runs (each write, as jq makes it), and whether the heap hit the limit. */
const tap: { memory?: { readonly buffer: ArrayBuffer }; sink?: (bytes: Uint8Array) => void; overLimit: boolean } = { overLimit: false };

// The package's CommonJS export is a promise. An ESM import of it is a thenable namespace, which
// some loaders (vitest's) try to resolve as if it were the engine; require() hands over the
// promise itself, and esbuild bundles it like any other import.
// Whoever loads this module has already kept WebAssembly on V8's baseline tier, on the main
// thread (engineRunner in ./jq-thread.ts): this module runs on jq's thread, which must not load
// node:v8 (see there).
tapEngineOnce();
const engineReady = loadQuietEngine();

/**
 * jq-web binds console.error as it loads, and a run that ends past the memory limit writes
 * `Aborted()` through it: gwctl reports that failure in its own words, so that line is dropped.
 */
function loadQuietEngine(): Promise<JqEngine> {
  const consoleError = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('Aborted(')) return;
    consoleError.apply(console, args);
  };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('jq-web') as Promise<JqEngine>;
  } finally {
    console.error = consoleError;
  }
}

/**
 * jq-web gathers jq's whole stdout in an array, a byte at a time, and hands it over when jq
 * ends: nothing could print before the end, and an endless filter filled memory. Its module
 * talks to jq through the WebAssembly imports it passes to WebAssembly.instantiate, so, once,
 * gwctl takes the two that matter on their way in: `fd_write` (jq's writes to its stdout, fd 1,
 * go to `tap.sink` as they come) and `emscripten_resize_heap` (refused past the limit).
 * Other modules (undici's parser) have neither import and pass untouched.
 */
function tapEngineOnce(): void {
  // Typed here: the project's types leave out the DOM's, where WebAssembly's are declared.
  type Imports = Record<string, Record<string, unknown> | undefined>;
  type Instantiate = (source: unknown, imports?: Imports) => Promise<unknown>;
  const wasm = (globalThis as unknown as { WebAssembly: { instantiate: Instantiate } }).WebAssembly;
  const instantiate = wasm.instantiate;
  wasm.instantiate = async (source, imports) => {
    const wasi = imports?.wasi_snapshot_preview1;
    // The module's own imports named env (Emscripten's runtime), not the process's environment.
    const runtime = imports?.env;
    if (!wasi || !runtime || typeof wasi.fd_write !== 'function' || typeof runtime.emscripten_resize_heap !== 'function') {
      return instantiate(source, imports);
    }
    wasm.instantiate = instantiate;
    const fdWrite = wasi.fd_write as (fd: number, iov: number, count: number, written: number) => number;
    const resizeHeap = runtime.emscripten_resize_heap as (size: number) => number;
    wasi.fd_write = (fd: number, iov: number, count: number, written: number): number => {
      const { sink, memory } = tap;
      if (fd !== 1 || !sink || !memory) return fdWrite(fd, iov, count, written);
      const words = new Uint32Array(memory.buffer);
      let total = 0;
      for (let i = 0; i < count; i++) {
        const at = words[(iov >> 2) + 2 * i]!;
        const length = words[(iov >> 2) + 2 * i + 1]!;
        sink(new Uint8Array(memory.buffer, at, length));
        total += length;
      }
      words[written >> 2] = total;
      return 0;
    };
    runtime.emscripten_resize_heap = (size: number): number => {
      if (size >>> 0 > JQ_MEMORY_LIMIT_BYTES) {
        tap.overLimit = true;
        return 0;
      }
      return resizeHeap(size);
    };
    const result = (await instantiate(source, imports)) as {
      instance?: { exports: Record<string, unknown> };
      exports?: Record<string, unknown>;
    };
    tap.memory = (result.instance?.exports ?? result.exports)?.memory as { buffer: ArrayBuffer } | undefined;
    return result;
  };
}

/**
 * Checks `expr` without running it: jq compiles `empty | (EXPR)` in full (an unknown function
 * or a syntax error is found) and, because of `empty`, evaluates nothing. Call it before
 * anything is sent. A filter that does not compile is a usage error (exit 2), one line.
 */
export async function compileJq(expr: string): Promise<JqFilter> {
  // The newline ends a trailing `# comment` before the closing parenthesis.
  const filter = `(${expr}\n)`;
  const engine = await loadEngine();
  try {
    quietly(() => engine.raw('null', `${JQ_18_DEFINITIONS}empty | ${filter}`, ['-c']));
  } catch (error) {
    if (!isJqFailure(error)) throw engineFailure(error);
    // The message and its line numbers as the user's own text gives them; `empty |` still
    // keeps anything from running (the pipe binds loosest).
    let reason = error;
    try {
      quietly(() => engine.raw('null', `${JQ_18_DEFINITIONS}empty | ${expr}`, ['-c']));
    } catch (unwrapped) {
      reason = unwrapped;
    }
    throw usageError(`invalid --jq filter: ${jqMessage(reason)}`);
  }
  return describeFilter(expr);
}

/**
 * The filter's outputs over `input` (the body --json would print), each formatted as one
 * piece of text to print on its own line: strings raw, as `jq -r` prints them, with tabs and
 * newlines kept and every other control character made visible; anything else as compact
 * JSON with the characters JSON leaves raw escaped, as --json does.
 * A run-time error (`error(...)`, indexing a number...) is exit 1.
 */
export async function runJq(filter: JqFilter, input: unknown): Promise<string[]> {
  const outputs: string[] = [];
  await streamJq(filter.program, JSON.stringify(input) ?? 'null', (some) => {
    for (const output of some) outputs.push(output);
  });
  return outputs;
}

/**
 * Runs a compiled filter's program over JSON text and hands its outputs to `emit` as jq makes
 * them, each formatted as gwctl prints it, to be printed on a line of its own (jq runs
 * unbuffered, so an output is handed over as soon as jq has written it). On a failure, what
 * jq printed before it has been handed over; the failure is thrown: jq's message (exit 1), or
 * the memory limit (exit 1).
 */
export async function streamJq(program: string, text: string, emit: (outputs: string[]) => void): Promise<void> {
  const engine = await loadEngine();
  const lines = new JqLines(emit);
  tap.sink = (bytes) => lines.push(bytes);
  tap.overLimit = false;
  try {
    quietly(() => engine.raw(text, program, ['-c', '--unbuffered']));
  } catch (error) {
    if (tap.overLimit) {
      throw new GwctlError(
        `--jq: the filter needed more than ${JQ_MEMORY_LIMIT_BYTES / 2 ** 30} GiB of memory and was stopped`,
        ExitCode.failure,
      );
    }
    if (!isJqFailure(error)) throw engineFailure(error);
    throw new GwctlError(`--jq: ${jqMessage(error)}`, ExitCode.failure);
  } finally {
    tap.sink = undefined;
  }
  lines.end();
}

/** jq's stdout, a write at a time, into its outputs (one a line) formatted for printing. */
class JqLines {
  private readonly decoder = new TextDecoder();
  private rest = '';

  constructor(private readonly emit: (outputs: string[]) => void) {}

  push(bytes: Uint8Array): void {
    const text = this.rest + this.decoder.decode(bytes, { stream: true });
    const end = text.lastIndexOf('\n');
    if (end < 0) {
      this.rest = text;
      return;
    }
    this.rest = text.slice(end + 1);
    this.emit(text.slice(0, end).split('\n').map(formatJqOutput));
  }

  end(): void {
    const text = this.rest + this.decoder.decode();
    this.rest = '';
    if (text !== '') this.emit([formatJqOutput(text)]);
  }
}

async function loadEngine(): Promise<JqEngine> {
  const engine = await engineReady.catch((error: unknown) => {
    throw engineFailure(error);
  });
  // A missing or unreadable jq.wasm leaves an engine without its functions.
  if (typeof engine?.raw !== 'function') throw engineFailure(undefined);
  return engine;
}

/** jq itself failed (it exited non-zero), as opposed to the engine around it. */
function isJqFailure(error: unknown): boolean {
  return typeof (error as { exitCode?: unknown })?.exitCode === 'number';
}

export function engineFailure(error: unknown): GwctlError {
  const detail = error instanceof Error ? `: ${sanitizeField(error.message.split('\n')[0] ?? '')}` : '';
  return new GwctlError(`the jq engine could not be started${detail}`, ExitCode.failure);
}

/** One line of `jq -c` output as gwctl prints it. */
export function formatJqOutput(line: string): string {
  if (line.startsWith('"')) return sanitizeBlock(JSON.parse(line) as string);
  return escapeJsonText(line);
}

/**
 * jq's message without its framing: the first `jq: error...` line of its stderr, without the
 * "jq: error:" prefix, the "(at inputString:0)" position of the internal input file, the
 * "(Unix shell quoting issues?)" advice and the "at <top-level>, line 1:" pointer.
 */
export function jqMessage(error: unknown): string {
  const failure = error as { stderr?: string; message?: string };
  const text = failure.stderr ?? failure.message ?? String(error);
  const lines = text.split('\n').filter((l) => l.trim() !== '' && !/^Non-zero exit code/.test(l) && !/^jq: \d+ compile errors?$/.test(l));
  const errors = lines.filter((l) => l.startsWith('jq: error'));
  const first = (errors[0] ?? lines[0] ?? 'the filter failed')
    .replace(/^jq: error(?: \(at [^)]*\))?: /, '')
    .replace(/ \(Unix shell quoting issues\?\)/, '')
    .replace(/ at <top-level>, line (\d+):$/, (_, line: string) => (line === '1' ? '' : ` (line ${line})`))
    .trim();
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return sanitizeField(`${first}${more}`);
}

/**
 * The engine sets process.exitCode when jq exits non-zero and only puts it back when one was
 * set before; and it reports jq's stderr on success (`debug`, `stderr`) through console.warn.
 * Neither may leak into gwctl's own exit code or output.
 */
function quietly<T>(run: () => T): T {
  const exitCode = process.exitCode;
  const warn = console.warn;
  console.warn = () => {};
  try {
    return run();
  } finally {
    console.warn = warn;
    process.exitCode = exitCode;
  }
}
