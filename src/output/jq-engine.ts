// The --jq engine: jq's own language, run by jq itself (jq 1.7 compiled to WebAssembly, the
// jq-web package), so the filters users already write behave exactly as they do in a shell
// pipe. Loaded (through ./jq.ts) only when --jq is given; it costs tens of milliseconds to start.
import type { JqEngine } from 'jq-web';
import type { Io } from '../core/io.js';
import { GwctlError, usageError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { escapeJsonText, sanitizeBlock, sanitizeField } from '../core/sanitize.js';
import { keepWasmOnBaselineTier } from '../core/v8-flags.js';

// The package's CommonJS export is a promise. An ESM import of it is a thenable namespace, which
// some loaders (vitest's) try to resolve as if it were the engine; require() hands over the
// promise itself, and esbuild bundles it like any other import.
// Set before the engine's WebAssembly is compiled (the filter is checked before the HTTP client,
// which asks the same, is loaded): the baseline tier compiles jq's 2.7 MB module in a
// fraction of the time, and process exit does not wait for optimising jobs. A filter runs once.
keepWasmOnBaselineTier();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const engineReady = require('jq-web') as Promise<JqEngine>;

/** A filter that compiles: the only way to get one is `compileJq`. */
export interface JqFilter {
  readonly expr: string;
  /** The program jq runs: the filter in parentheses, so what was checked is what runs. */
  readonly program: string;
  /**
   * The filter is `.data[] | …` (or `.data[]`): each item of a list is filtered on its own, so
   * the pages of `--all` can be filtered as they arrive, a batch of items at a time, with the
   * same outputs in the same order as over the merged body.
   */
  readonly itemwise: boolean;
}

/**
 * `.data[]` then a pipe (not `|=`) or the end: the pipe binds loosest, so whatever follows sees
 * one item as its input. Words that reach beyond that input (the next input, stopping the
 * whole program) make the filter whole-body; so does anything else, such as a leading comment.
 */
export function isItemwise(expr: string): boolean {
  return /^\s*\.data\s*\[\s*\]\s*(?:\|(?!=)|$)/.test(expr) && !/\b(?:input|inputs|input_line_number|halt|halt_error)\b/.test(expr);
}

/**
 * Checks `expr` without running it: jq compiles `empty | (EXPR)` in full (an unknown function
 * or a syntax error is found) and, because of `empty`, evaluates nothing. Call it before
 * anything is sent. A filter that does not compile is a usage error (exit 2), one line.
 */
export async function compileJq(expr: string): Promise<JqFilter> {
  // The newline ends a trailing `# comment` before the closing parenthesis.
  const program = `(${expr}\n)`;
  const engine = await loadEngine();
  try {
    quietly(() => engine.raw('null', `empty | ${program}`, ['-c']));
  } catch (error) {
    if (!isJqFailure(error)) throw engineFailure(error);
    // The message and its line numbers as the user's own text gives them; `empty |` still
    // keeps anything from running (the pipe binds loosest).
    let reason = error;
    try {
      quietly(() => engine.raw('null', `empty | ${expr}`, ['-c']));
    } catch (unwrapped) {
      reason = unwrapped;
    }
    throw usageError(`invalid --jq filter: ${jqMessage(reason)}`);
  }
  return { expr, program, itemwise: isItemwise(expr) };
}

/**
 * The filter's outputs over `input` (the body --json would print), each formatted as one
 * piece of text to print on its own line: strings raw, as `jq -r` prints them, with tabs and
 * newlines kept and every other control character made visible; anything else as compact
 * JSON with the characters JSON leaves raw escaped, as --json does.
 * A run-time error (`error(...)`, indexing a number...) is exit 1 and nothing is printed.
 */
export async function runJq(filter: JqFilter, input: unknown): Promise<string[]> {
  return runJqText(filter.program, JSON.stringify(input) ?? 'null');
}

/** `runJq` over input that is already JSON text, by the program of a compiled filter. */
export async function runJqText(program: string, text: string): Promise<string[]> {
  const engine = await loadEngine();
  let out: string | undefined;
  try {
    out = quietly(() => engine.raw(text, program, ['-c']));
  } catch (error) {
    if (!isJqFailure(error)) throw engineFailure(error);
    throw new GwctlError(`--jq: ${jqMessage(error)}`, ExitCode.failure);
  }
  if (out === undefined || out === '') return [];
  return out.split('\n').map(formatJqOutput);
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

/** Runs the filter and writes each output on its own line, a batch at a time with back-pressure. */
export async function printJq(io: Io, filter: JqFilter, input: unknown): Promise<void> {
  await printLines(io, await runJq(filter, input));
}

/** Lines of the filter's output, a thousand per write, each write waiting for the stream. */
export async function printLines(io: Io, lines: readonly string[]): Promise<void> {
  const BATCH = 1000;
  for (let i = 0; i < lines.length; i += BATCH) {
    await io.out(`${lines.slice(i, i + BATCH).join('\n')}\n`);
  }
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
