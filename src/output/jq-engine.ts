// The --jq engine: jq 1.8.2 compiled to WebAssembly (jq-wasm), run as `jq -c -- FILTER` through its
// `main`, loaded only by the jq thread (./jq-thread.ts). jq-wasm's handle is not used (it passes
// the body as a file, collects all of stdout and reads stdin a byte at a time): gwctl hands the
// Emscripten module its WebAssembly through `instantiateWasm`, takes its `fd_read`, `fd_write` and
// `emscripten_resize_heap` imports, and calls jq's `main` itself (decisions/021-jq-engine.md).
import { GwctlError, usageError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { escapeJsonText, sanitizeField, sanitizeRawString } from '../core/sanitize.js';
import { keepWasmOnBaselineTier } from '../core/v8-flags.js';
import { describeFilter, type JqFilter } from './jq-filter.js';
import { jqWasmBinary } from './jq-wasm-binary.js';
import { memoryMaximum } from './wasm-memory.js';

/**
 * The most memory jq may take: its WebAssembly memory, as large as the module's memory may grow
 * (1 GiB in the builds, which raise it: scripts/jq-wasm-plugin.mjs; the package's loader stops
 * the heap at 256 MiB under the test runner). Past it, jq's allocation fails and the run ends
 * with exit 1 and a message. Read from the module when it starts.
 */
let memoryLimit: number | undefined;

/**
 * jq's exports, by the names the minified module gives them (the package is pinned to one exact
 * version; the shapes are checked when the module starts, and a renamed export fails every
 * --jq test). `stack_overflow` is gwctl's own: the check the builds add where jq's stack ends
 * (scripts/jq-wasm-stack.mjs) sets it before it traps.
 */
interface JqExports {
  memory: { buffer: ArrayBuffer };
  main(argc: number, argv: number): number;
  stackAlloc(bytes: number): number;
  stackCurrent(): number;
  stackRestore(at: number): void;
  overflow: { value: number };
}
const EXPORTS = { memory: 'F', main: 'H', stackRestore: 'J', stackAlloc: 'K', stackCurrent: 'L', overflow: 'stack_overflow' } as const;

type ImportFunction = (...args: number[]) => number;

/** The Emscripten imports gwctl takes, by their minified names, and their arities (checked when the module starts). */
const IMPORTS = { fdRead: 'h', fdWrite: 'd', resizeHeap: 'k', randomGet: 'z' } as const;
const ARITIES = { fdRead: 4, fdWrite: 4, resizeHeap: 1, randomGet: 2 } as const;

/**
 * The run in progress: its input, where its output goes, and how it ended. `atEnd`: jq asked for
 * more of its input once all of it was handed over, so nothing of it is left in jq's buffer of
 * its stdin for the next run to read.
 */
interface Run {
  input: Uint8Array;
  read: number;
  atEnd: boolean;
  stdout: (bytes: Uint8Array) => void;
  stderr: string[];
  overLimit: boolean;
}

const NO_RUN: Run = { input: new Uint8Array(0), read: 0, atEnd: false, stdout: () => {}, stderr: [], overLimit: false };

let current: Run = NO_RUN;
let exports: JqExports | undefined;
/** The started module, until a run fails inside jq: a trap leaves it in no state to run again. */
let engine: Promise<JqExports> | undefined;

/** jq-wasm's loader: bundled by the builds, the package's own file under the test runner. */
function loader(): { loadJq(options: Record<string, unknown>): Promise<unknown> } {
  // CommonJS: require() hands it over as it is, and esbuild bundles it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('jq-wasm') as { loadJq(options: Record<string, unknown>): Promise<unknown> };
}

function loadEngine(): Promise<JqExports> {
  engine ??= startEngine().catch((error: unknown) => {
    engine = undefined;
    throw engineFailure(error);
  });
  return engine;
}

async function startEngine(): Promise<JqExports> {
  // Before jq's WebAssembly is compiled, and on jq's thread once it has booted (a Worker started
  // after a flag changed boots without Node's code cache): the baseline tier compiles jq's
  // module in a fraction of the time, and exit waits for no optimising job. A filter runs once.
  keepWasmOnBaselineTier();
  const binary = jqWasmBinary();
  memoryLimit = memoryMaximum(binary);
  let started: JqExports | undefined;
  await quietly(() =>
    loader().loadJq({
      // Emscripten hands over its imports here and waits for the instance.
      instantiateWasm(imports: { a: Record<string, ImportFunction> }, done: (instance: unknown) => void) {
        tapImports(imports.a);
        // eslint-disable-next-line @typescript-eslint/no-floating-promises -- a failure is the loader's to report: it rejects its own promise
        webAssembly()
          .instantiate(binary, imports)
          .then(({ instance }) => {
            started = exportsOf(instance.exports);
            done(instance);
          });
      },
    }),
  );
  if (!started) throw new Error('jq-wasm started no module');
  exports = started;
  return started;
}

/** WebAssembly, typed here: the project's types leave out the DOM's, where its types are declared. */
function webAssembly(): { instantiate(bytes: Uint8Array, imports: unknown): Promise<{ instance: { exports: Record<string, unknown> } }> } {
  return (globalThis as unknown as { WebAssembly: ReturnType<typeof webAssembly> }).WebAssembly;
}

function exportsOf(raw: Record<string, unknown>): JqExports {
  const found = Object.fromEntries(Object.entries(EXPORTS).map(([role, name]) => [role, raw[name]])) as Record<keyof JqExports, unknown>;
  const functions = ['main', 'stackAlloc', 'stackCurrent', 'stackRestore'] as const;
  const misplaced = functions.filter((role) => typeof found[role] !== 'function');
  if (
    misplaced.length > 0 ||
    !(found.memory as { buffer?: unknown } | undefined)?.buffer ||
    typeof (found.overflow as { value?: unknown } | undefined)?.value !== 'number'
  )
    throw new Error(`jq-wasm's exports are not where they were (${misplaced.join(', ') || 'memory or stack_overflow'})`);
  return found as unknown as JqExports;
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
    const total = eachBuffer(exports!.memory.buffer, iov, count, done, (room) => {
      const some = run.input.subarray(run.read, run.read + room.length);
      room.set(some);
      run.read += some.length;
      return some.length;
    });
    if (total === 0) run.atEnd = true;
    return 0;
  };
  imports[IMPORTS.fdWrite] = (fd, iov, count, done) => {
    if (fd !== 1 && fd !== 2) return original.fdWrite(fd, iov, count, done);
    const run = current;
    eachBuffer(exports!.memory.buffer, iov, count, done, (bytes) => {
      if (fd === 1) run.stdout(bytes);
      else run.stderr.push(new TextDecoder().decode(bytes));
      return bytes.length;
    });
    return 0;
  };
  imports[IMPORTS.resizeHeap] = (size) => {
    const grown = original.resizeHeap(size);
    if (!grown) current.overLimit = true;
    return grown;
  };
  // jq seeds its hashes with random bytes when it starts (against inputs made to collide). The
  // module asks Web Crypto for them, whose first use loads Node's crypto: 87M instructions, as
  // much as jq's own start. The system's generator gives the same quality for a read of a file.
  imports[IMPORTS.randomGet] = (at, size) => {
    const bytes = systemRandom(size);
    if (!bytes) return original.randomGet(at, size);
    new Uint8Array(exports!.memory.buffer, at, size).set(bytes);
    return 0;
  };
}

/** `size` bytes from /dev/urandom, or undefined where there is none (Windows: the module's own way). */
function systemRandom(size: number): Uint8Array | undefined {
  const fs = process.getBuiltinModule('node:fs');
  try {
    const fd = fs.openSync('/dev/urandom', 'r');
    try {
      const bytes = new Uint8Array(size);
      return fs.readSync(fd, bytes, 0, size, null) === size ? bytes : undefined;
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/**
 * jq's `main(argc, argv)` with `args` after the program's name, the strings on jq's stack (taken
 * off again after the run). jq ends through `exit`, which the module turns into a thrown
 * `ExitStatus` carrying the code.
 */
function callMain(jq: JqExports, args: string[]): number {
  const saved = jq.stackCurrent();
  try {
    const encoder = new TextEncoder();
    const strings = ['jq', ...args].map((arg) => {
      const bytes = encoder.encode(`${arg}\0`);
      const at = jq.stackAlloc(bytes.length);
      new Uint8Array(jq.memory.buffer, at, bytes.length).set(bytes);
      return at;
    });
    const argv = jq.stackAlloc(4 * (strings.length + 1));
    new Uint32Array(jq.memory.buffer, argv, strings.length + 1).set([...strings, 0]);
    return jq.main(strings.length, argv);
  } catch (error) {
    if (error instanceof Error || (error as { name?: unknown } | null)?.name !== 'ExitStatus') throw error;
    return (error as { status: number }).status;
  } finally {
    jq.stackRestore(saved);
  }
}

/**
 * Runs jq once, as `jq ARGS` with `text` on its stdin; jq's stdout goes to `stdout` as jq
 * writes it. Returns jq's exit code and its stderr. `what`: what its stack holds (the filter
 * when it is compiled, values when it runs), for the message when the stack runs out.
 */
async function runJqMain(
  args: string[],
  input: string | Uint8Array,
  stdout: (bytes: Uint8Array) => void,
  what: 'filter' | 'values',
): Promise<{ code: number; stderr: string; overLimit: boolean }> {
  const jq = await loadEngine();
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const run: Run = { input: bytes, read: 0, atEnd: false, stdout, stderr: [], overLimit: false };
  current = run;
  try {
    const code = quietly(() => callMain(jq, args));
    // jq stopped before the end of its input (an error in it, `halt`, a filter that did not
    // compile): what it had buffered of it would be the next run's first input.
    if (!run.atEnd) engine = undefined;
    return { code, stderr: run.stderr.join(''), overLimit: run.overLimit };
  } catch (error) {
    // A trap, an abort (jq's allocation failed) or the end of a stack: this instance is not used again.
    engine = undefined;
    if (run.overLimit) return { code: -1, stderr: '', overLimit: true };
    throw runFailure(error, jq.overflow.value === 1, what);
  } finally {
    current = NO_RUN;
  }
}

/**
 * Checks `expr` without running it: jq compiles the filter as it will run (an unknown function,
 * a syntax error, code too long are found), then finds no input to run it on. Call it before
 * anything is sent. A filter that does not compile is a usage error (exit 2), one line.
 */
export async function compileJq(expr: string): Promise<JqFilter> {
  const checked = await runJqMain(['-c', '--', expr], '', () => {}, 'filter');
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
  const ran = await runJqMain(['-c', '--unbuffered', '--', expr], text, (bytes) => lines.push(bytes), 'values');
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

function engineFailure(error: unknown): GwctlError {
  if (error instanceof GwctlError) return error;
  return new GwctlError(`the jq engine could not be started${detail(error)}`, ExitCode.failure);
}

/**
 * A run that ended inside jq: the end of jq's stack (gwctl's check of it, `overflowed`, or the
 * thread's own stack, which V8 guards), said as what was nested too deeply; else the trap as
 * jq's engine reported it. Exit 1 either way.
 */
function runFailure(error: unknown, overflowed: boolean, what: 'filter' | 'values'): GwctlError {
  if (error instanceof GwctlError) return error;
  if (overflowed || (error instanceof RangeError && /call stack/i.test(error.message))) {
    const nested = what === 'filter' ? 'the filter is nested too deeply' : 'values nested too deeply';
    return new GwctlError(`--jq: ${nested} for the jq engine (it ran out of stack)`, ExitCode.failure);
  }
  return new GwctlError(`--jq: the jq engine failed${detail(error)}`, ExitCode.failure);
}

function detail(error: unknown): string {
  return error instanceof Error ? `: ${sanitizeField(error.message.split('\n')[0] ?? '')}` : '';
}

/** One line of `jq -c` output as gwctl prints it. */
export function formatJqOutput(line: string): string {
  if (line.startsWith('"')) return sanitizeRawString(JSON.parse(line) as string);
  return escapeJsonText(line);
}

/**
 * jq's message without its framing: the first `jq: error...` line of its stderr (else its first
 * line: `jq: parse error: …` for a body jq cannot read), without the "jq: error:" (or "jq: ")
 * prefix, the "(at <stdin>:0)" position of the input, the "(Unix shell quoting issues?)" advice
 * and the "at <top-level>, line 1:" pointer.
 */
export function jqMessage(stderr: string): string {
  const lines = stderr.split('\n').filter((l) => l.trim() !== '' && !/^jq: \d+ compile errors?$/.test(l));
  const errors = lines.filter((l) => l.startsWith('jq: error'));
  const first = (errors[0] ?? lines[0] ?? 'the filter failed')
    .replace(/^jq: error(?: \(at [^)]*\))?: /, '')
    .replace(/^jq: (?=parse error: )/, '')
    .replace(/ \(Unix shell quoting issues\?\)/, '')
    .replace(/ at <top-level>, line (\d+)(?:, column \d+)?:$/, (_, line: string) => (line === '1' ? '' : ` (line ${line})`))
    .trim();
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return sanitizeField(`${first}${more}`);
}

/**
 * The module reports an abort on console.error, and its loader may set process.exitCode: neither
 * may leak into gwctl's own exit code or output.
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

/**
 * Walks a WASI iovec list (`count` pairs of address and length at `iov`), handing each buffer to
 * `use`, which says how many of its bytes it used; a buffer not used to its end ends the walk (a
 * read with nothing more to give). Writes the total to `done` and returns it.
 */
function eachBuffer(buffer: ArrayBufferLike, iov: number, count: number, done: number, use: (bytes: Uint8Array) => number): number {
  const words = new Uint32Array(buffer);
  let total = 0;
  for (let i = 0; i < count; i++) {
    const at = words[(iov >> 2) + 2 * i]!;
    const length = words[(iov >> 2) + 2 * i + 1]!;
    const used = use(new Uint8Array(buffer, at, length));
    total += used;
    if (used < length) break;
  }
  words[done >> 2] = total;
  return total;
}
