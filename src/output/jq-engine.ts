// The --jq engine: jq 1.8.1 compiled to WebAssembly (jq-wasm), run as `jq -c FILTER` through its
// Emscripten module's `callMain`, loaded only by the jq thread (./jq-thread.ts). jq-wasm's wrapper is
// not used (it feeds stdin a byte at a time and holds all of stdout): we take its `fd_read`,
// `fd_write` and `emscripten_resize_heap` imports ourselves (decisions/021-jq-engine.md).
import { GwctlError, usageError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { escapeJsonText, sanitizeField, sanitizeRawString } from '../core/sanitize.js';
import { keepWasmOnBaselineTier } from '../core/v8-flags.js';
import { describeFilter, type JqFilter } from './jq-filter.js';
import { jqWasmBinary } from './jq-wasm-binary.js';
import { memoryMaximum } from './wasm-memory.js';

/**
 * The most memory jq may take: its WebAssembly heap, as large as the module's memory may grow
 * (1 GiB in the builds, which raise it: scripts/jq-wasm-plugin.mjs; 256 MiB in the package as
 * it is, under the test runner). Past it, jq's allocation fails and the run ends with exit 1
 * and a message. Read from the module when it starts.
 */
let memoryLimit: number | undefined;

/** What jq-wasm's Emscripten module gives back once it is ready. */
interface JqModule {
  /** Runs jq's main with these arguments (after the program's name); returns its exit code. */
  callMain(args: string[]): number;
}

type ImportFunction = (...args: number[]) => number;

/**
 * The Emscripten imports gwctl takes, by the names the minified module gives them (the package
 * is pinned to one exact version; the arities are checked when the module is started, and a
 * renamed import fails every --jq test).
 */
const IMPORTS = { fdRead: 'g', fdWrite: 'd', resizeHeap: 'k' } as const;
const ARITIES = { fdRead: 4, fdWrite: 4, resizeHeap: 1 } as const;

/** The run in progress: its input, where its output goes, and how it ended. */
interface Run {
  input: Uint8Array;
  read: number;
  stdout: (bytes: Uint8Array) => void;
  stderr: string[];
  overLimit: boolean;
}

const NO_RUN: Run = { input: new Uint8Array(0), read: 0, stdout: () => {}, stderr: [], overLimit: false };

let current: Run = NO_RUN;
let memory: { buffer: ArrayBuffer } | undefined;
/**
 * The instance's stack pointer: `callMain` puts the arguments on jq's stack and never takes
 * them off (jq-wasm's wrapper puts it back after each run), so a run saves it and puts it back.
 */
let stack: { current: () => number; restore: (at: number) => void } | undefined;
let engine: Promise<JqModule> | undefined;

/** jq-wasm's module factory: bundled by the builds, the package's own file under the test runner. */
function moduleFactory(): (options: Record<string, unknown>) => Promise<JqModule> {
  // CommonJS, and a function: require() hands it over as it is, and esbuild bundles it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('jq-wasm/dist/build/jq.js') as (options: Record<string, unknown>) => Promise<JqModule>;
}

function loadEngine(): Promise<JqModule> {
  engine ??= startEngine().catch((error: unknown) => {
    throw engineFailure(error);
  });
  return engine;
}

async function startEngine(): Promise<JqModule> {
  // Before jq's WebAssembly is compiled, and on jq's thread once it has booted (a Worker started
  // after a flag changed boots without Node's code cache): the baseline tier compiles jq's
  // module in a fraction of the time, and exit waits for no optimising job. A filter runs once.
  keepWasmOnBaselineTier();
  const binary = jqWasmBinary();
  memoryLimit = memoryMaximum(binary);
  const factory = moduleFactory();
  return quietly(() =>
    factory({
      // Emscripten hands over its imports here and waits for the instance.
      instantiateWasm(imports: { a: Record<string, ImportFunction> }, done: (instance: unknown) => void) {
        tapImports(imports.a);
        // eslint-disable-next-line @typescript-eslint/no-floating-promises -- a failure is the module's to report: it rejects its own promise
        webAssembly()
          .instantiate(binary, imports)
          .then(({ instance }) => {
            const exports = instance.exports;
            memory = exports.E as { buffer: ArrayBuffer };
            stack = { current: exports.K as () => number, restore: exports.I as (at: number) => void };
            done(instance);
          });
        return {};
      },
    }),
  );
}

/** WebAssembly, typed here: the project's types leave out the DOM's, where its types are declared. */
function webAssembly(): { instantiate(bytes: Uint8Array, imports: unknown): Promise<{ instance: { exports: Record<string, unknown> } }> } {
  return (globalThis as unknown as { WebAssembly: ReturnType<typeof webAssembly> }).WebAssembly;
}

function tapImports(imports: Record<string, ImportFunction>): void {
  const original = {} as Record<keyof typeof IMPORTS, ImportFunction>;
  for (const [role, name] of Object.entries(IMPORTS) as [keyof typeof IMPORTS, string][]) {
    const fn = imports[name];
    if (typeof fn !== 'function' || fn.length !== ARITIES[role]) throw new Error(`jq-wasm's import ${role} is not where it was`);
    original[role] = fn;
  }
  imports[IMPORTS.fdRead] = (fd, iov, count, done) => {
    const run = current;
    if (fd !== 0) return original.fdRead(fd, iov, count, done);
    const words = new Uint32Array(memory!.buffer);
    let total = 0;
    for (let i = 0; i < count; i++) {
      const at = words[(iov >> 2) + 2 * i]!;
      const room = words[(iov >> 2) + 2 * i + 1]!;
      const some = run.input.subarray(run.read, run.read + room);
      new Uint8Array(memory!.buffer, at, some.length).set(some);
      run.read += some.length;
      total += some.length;
      if (some.length < room) break;
    }
    words[done >> 2] = total;
    return 0;
  };
  imports[IMPORTS.fdWrite] = (fd, iov, count, done) => {
    if (fd !== 1 && fd !== 2) return original.fdWrite(fd, iov, count, done);
    const run = current;
    const words = new Uint32Array(memory!.buffer);
    let total = 0;
    for (let i = 0; i < count; i++) {
      const at = words[(iov >> 2) + 2 * i]!;
      const length = words[(iov >> 2) + 2 * i + 1]!;
      const bytes = new Uint8Array(memory!.buffer, at, length);
      if (fd === 1) run.stdout(bytes);
      else run.stderr.push(new TextDecoder().decode(bytes));
      total += length;
    }
    words[done >> 2] = total;
    return 0;
  };
  imports[IMPORTS.resizeHeap] = (size) => {
    const grown = original.resizeHeap(size);
    if (!grown) current.overLimit = true;
    return grown;
  };
}

/**
 * Runs jq once, as `jq ARGS` with `text` on its stdin; jq's stdout goes to `stdout` as jq
 * writes it. Returns jq's exit code and its stderr.
 */
async function runJqMain(
  args: string[],
  input: string | Uint8Array,
  stdout: (bytes: Uint8Array) => void,
): Promise<{ code: number; stderr: string; overLimit: boolean }> {
  const jq = await loadEngine();
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const run: Run = { input: bytes, read: 0, stdout, stderr: [], overLimit: false };
  current = run;
  const saved = stack!.current();
  try {
    const code = quietly(() => jq.callMain(args));
    return { code, stderr: run.stderr.join(''), overLimit: run.overLimit };
  } catch (error) {
    // An abort (jq's allocation failed, or a trap): this instance is not used again.
    engine = undefined;
    if (run.overLimit) return { code: -1, stderr: '', overLimit: true };
    throw engineFailure(error);
  } finally {
    current = NO_RUN;
    stack!.restore(saved);
  }
}

/**
 * Checks `expr` without running it: jq compiles the filter as it will run (an unknown function,
 * a syntax error, code too long are found), then finds no input to run it on. Call it before
 * anything is sent. A filter that does not compile is a usage error (exit 2), one line.
 */
export async function compileJq(expr: string): Promise<JqFilter> {
  const checked = await runJqMain(['-c', expr], '', () => {});
  if (checked.overLimit) throw memoryFailure();
  if (checked.code !== 0) throw usageError(`invalid --jq filter: ${jqMessage(checked.stderr)}`);
  return describeFilter(expr);
}

/**
 * The filter's outputs over `text` (the body as the API sent it), each formatted as one piece
 * of text to print on its own line: strings raw, as `jq -r` prints them (sanitizeRawString);
 * anything else as compact JSON with the characters JSON leaves raw escaped, as --json does. A
 * run-time error is exit 1.
 */
export async function runJq(filter: JqFilter, text: string): Promise<string[]> {
  const outputs: string[] = [];
  await streamJq(filter.expr, text, (some) => {
    for (const output of some) outputs.push(output);
  });
  return outputs;
}

/**
 * Runs a filter over JSON text and hands its outputs to `emit` as jq makes them, each formatted
 * as gwctl prints it, to be printed on a line of its own (jq runs unbuffered, so an output is
 * handed over as soon as jq has written it). On a failure, what jq printed before it has been
 * handed over; the failure is thrown: jq's message (exit 1), or the memory limit (exit 1).
 */
export async function streamJq(expr: string, text: string | Uint8Array, emit: (outputs: string[]) => void): Promise<void> {
  const lines = new JqLines(emit);
  const ran = await runJqMain(['-c', '--unbuffered', expr], text, (bytes) => lines.push(bytes));
  if (ran.overLimit) throw memoryFailure();
  lines.end();
  if (ran.code !== 0) throw new GwctlError(`--jq: ${jqMessage(ran.stderr)}`, ExitCode.failure);
}

function memoryFailure(): GwctlError {
  const limit = memoryLimit === undefined ? 'more memory than it may use' : `more than ${sizeInWords(memoryLimit)} of memory`;
  return new GwctlError(`--jq: the filter needed ${limit} and was stopped`, ExitCode.failure);
}

/** 1 GiB, 256 MiB. */
function sizeInWords(bytes: number): string {
  return bytes >= 2 ** 30 ? `${bytes / 2 ** 30} GiB` : `${bytes / 2 ** 20} MiB`;
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

export function engineFailure(error: unknown): GwctlError {
  if (error instanceof GwctlError) return error;
  const detail = error instanceof Error ? `: ${sanitizeField(error.message.split('\n')[0] ?? '')}` : '';
  return new GwctlError(`the jq engine could not be started${detail}`, ExitCode.failure);
}

/** One line of `jq -c` output as gwctl prints it. */
export function formatJqOutput(line: string): string {
  if (line.startsWith('"')) return sanitizeRawString(JSON.parse(line) as string);
  return escapeJsonText(line);
}

/**
 * jq's message without its framing: the first `jq: error...` line of its stderr, without the
 * "jq: error:" prefix, the "(at <stdin>:0)" position of the input, the "(Unix shell quoting
 * issues?)" advice and the "at <top-level>, line 1:" pointer.
 */
export function jqMessage(stderr: string): string {
  const lines = stderr.split('\n').filter((l) => l.trim() !== '' && !/^jq: \d+ compile errors?$/.test(l));
  const errors = lines.filter((l) => l.startsWith('jq: error'));
  const first = (errors[0] ?? lines[0] ?? 'the filter failed')
    .replace(/^jq: error(?: \(at [^)]*\))?: /, '')
    .replace(/ \(Unix shell quoting issues\?\)/, '')
    .replace(/ at <top-level>, line (\d+)(?:, column \d+)?:$/, (_, line: string) => (line === '1' ? '' : ` (line ${line})`))
    .trim();
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return sanitizeField(`${first}${more}`);
}

/**
 * The module sets process.exitCode when jq exits non-zero, and reports an abort on
 * console.error: neither may leak into gwctl's own exit code or output.
 */
function quietly<T>(run: () => T): T {
  const exitCode = process.exitCode;
  const error = console.error;
  console.error = () => {};
  try {
    return run();
  } finally {
    console.error = error;
    process.exitCode = exitCode;
  }
}
