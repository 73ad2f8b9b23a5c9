// gwctl in-process: runCli with in-memory streams, the test's environment, terminal flags,
// prompter, clock and abort signal, giving the exit code and everything written. The same
// result shape as a spawned run, so a test reads the same either way.
import { PassThrough } from 'node:stream';
import { runCli, type CliHost } from '../../src/cli/run.js';
import { testEnv, type RunResult } from './spawn.js';

// Named through the host type, so they follow wherever their modules move.
export type Clock = NonNullable<CliHost['clock']>;
export type Prompter = NonNullable<CliHost['prompter']>;

export interface InProcessOptions {
  /** Laid over testEnv() (undefined removes a variable). */
  env?: Record<string, string | undefined>;
  configDir?: string;
  /** Text on stdin (default: empty, closed). */
  input?: string;
  stdinIsTTY?: boolean;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  columns?: number;
  prompter?: Prompter;
  clock?: Clock;
  signal?: AbortSignal;
  /** Called with each chunk written to stdout / stderr as it is written. */
  onStdout?: (chunk: string, stream: PassThrough) => void;
  onStderr?: (chunk: string) => void;
}

/** The version the build writes into the binary, seen here through vitest's define. */
export const VERSION = __GWCTL_VERSION__;

export interface InProcessResult extends RunResult {
  /** The waits the run asked of its clock (retry backoff, Retry-After, --wait intervals), in ms. */
  waits: number[];
}

/**
 * Runs gwctl in this process. Unless a clock is given, the clock starts at the real time and
 * moves only by the waits asked of it, which are recorded and not spent.
 */
export async function gwctl(args: readonly string[], options: InProcessOptions = {}): Promise<InProcessResult> {
  const began = Date.now();
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.setEncoding('utf8').on('data', (d: string) => {
    out += d;
    options.onStdout?.(d, stdout);
  });
  stderr.setEncoding('utf8').on('data', (d: string) => {
    err += d;
    options.onStderr?.(d);
  });
  stdin.end(options.input ?? '');
  const clock = options.clock ?? recordedClock();
  const code = await runCli({
    argv: [...args],
    env: testEnv(options.env, options.configDir),
    version: VERSION,
    streams: {
      stdin,
      stdout,
      stderr,
      stdinIsTTY: options.stdinIsTTY ?? false,
      stdoutIsTTY: options.stdoutIsTTY ?? false,
      stderrIsTTY: options.stderrIsTTY ?? false,
      columns: options.columns ?? 80,
    },
    clock,
    ...(options.prompter ? { prompter: options.prompter } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  // Let the last writes reach the collectors.
  await new Promise((r) => setImmediate(r));
  return { code, signal: null, stdout: out, stderr: err, ms: Date.now() - began, waits: 'waits' in clock ? (clock.waits as number[]) : [] };
}

/** A clock that records the waits asked of it and spends none of them. */
export function recordedClock(start = Math.floor(Date.now() / 1000) * 1000): Clock & { waits: number[] } {
  let now = start;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal.aborted) throw signal.reason;
      waits.push(ms);
      now += ms;
    },
  };
}

/** A prompter that answers from a script and records what it was asked. */
export function scriptedPrompter(
  answers: {
    confirm?: boolean[];
    password?: string[];
    select?: number[];
    /** What the person types, and which of the choices then shown they take. */
    search?: { type?: string; pick: number }[];
  } = {},
): Prompter & { asked: string[]; offered: string[][] } {
  const asked: string[] = [];
  /** The names of the choices each search showed, for what was typed. */
  const offered: string[][] = [];
  const next = <T>(list: T[] | undefined, what: string): T => {
    const value = list?.shift();
    if (value === undefined) throw new Error(`unexpected ${what} prompt`);
    return value;
  };
  return {
    interactive: true,
    asked,
    offered,
    confirm: async (message) => {
      asked.push(message);
      return next(answers.confirm, 'confirm');
    },
    password: async (message) => {
      asked.push(message);
      return next(answers.password, 'password');
    },
    select: async (message, choices) => {
      asked.push(message);
      return choices[next(answers.select, 'select')]!.value;
    },
    search: async (message, source) => {
      asked.push(message);
      const { type = '', pick } = next(answers.search, 'search');
      const choices = source(type);
      offered.push(choices.map((c) => c.name));
      const choice = choices[pick];
      if (!choice) throw new Error(`no choice ${pick} for ${JSON.stringify(type)}`);
      return choice.value;
    },
  };
}
