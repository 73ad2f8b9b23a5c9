// Standard streams as the commands see them: results to stdout with back-pressure, everything
// else to stderr, the terminal flags a command needs to choose its output, and a last line of
// defence that masks any configured key before a byte leaves the process. The streams are
// given (the process's own, or in-memory ones in a test), never taken from `process`.
import { readAtMost } from './bounded-read.js';
import { maskKeys } from './mask.js';

export interface Io {
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  readonly stdinIsTTY: boolean;
  /** Width of the terminal on stdout (80 when unknown). */
  readonly columns: number;
  /** Colour allowed on stdout / stderr (terminal, not NO_COLOR, not --no-color, not TERM=dumb). */
  readonly color: boolean;
  readonly stderrColor: boolean;
  /** Write results; resolves when the stream can take more. Never throws on a closed pipe. */
  out(text: string): Promise<void>;
  /** Write text that holds a key, unmasked: only for `auth token`, whose output is the key. */
  outUnmasked(text: string): Promise<void>;
  /** Write a diagnostic line or fragment to stderr. */
  err(text: string): void;
  /** All of stdin as text; with `maxBytes`, `InputTooLarge` (core/bounded-read.ts) once it holds more. */
  readStdin(maxBytes?: number): Promise<string>;
  readonly stdin: NodeJS.ReadableStream;
  /**
   * Where a question's answer is read: stdin, or once stdin was read to its end at a terminal
   * (`interns suspend -`, Ctrl-D), the terminal itself (/dev/tty); undefined when that cannot be
   * opened. A stream opened here is the caller's to destroy.
   */
  answers(): NodeJS.ReadableStream | undefined;
  readonly stderr: NodeJS.WritableStream;
  /** Keys to mask wherever they would appear. */
  addSecret(secret: string): void;
  /** Values that are public (the sandbox's demo keys): shown whole, even when one is also a key in use. */
  addPublic(value: string): void;
  /** The terminal on stdout as it is now (a view redrawn in place follows resizes): columns, and rows (24 when unknown). */
  size(): { columns: number; rows: number };
  /** Calls `listener` each time the terminal on stdout is resized; returns how to stop. */
  onResize(listener: () => void): () => void;
}

/** The three standard streams and what is known about the terminal behind them. */
export interface IoStreams {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdinIsTTY?: boolean;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  /** Terminal width on stdout, when known. */
  columns?: number;
  /** Opens the controlling terminal for reading (/dev/tty), when there is one. */
  terminal?: () => NodeJS.ReadableStream | undefined;
  /** Terminal height on stdout, when known (a terminal stream's own `rows` is read first, as it follows resizes). */
  rows?: number;
}

export interface IoOptions {
  streams: IoStreams;
  env: Readonly<Record<string, string | undefined>>;
  /** false for --no-color */
  colorFlag: boolean;
  /** Called once if the reader of stdout goes away (`gwctl ... | head -1`). */
  onStdoutClosed: () => void;
}

export function colorAllowed(isTTY: boolean, env: Readonly<Record<string, string | undefined>>, colorFlag: boolean): boolean {
  if (!colorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR === '0' || env.FORCE_COLOR === 'false') return false;
  if (env.FORCE_COLOR !== undefined) return true;
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

export function createIo(options: IoOptions): Io {
  // stdin is read only when a command needs it: the process's stdin is built on first use.
  const { streams } = options;
  const { stdout, stderr } = streams;
  const secrets = new Set<string>();
  const published = new Set<string>();
  const redact = (text: string): string => maskKeys(text, published.size === 0 ? secrets : [...secrets].filter((s) => !published.has(s)));
  let stdoutClosed = false;
  const closed = (): void => {
    if (stdoutClosed) return;
    stdoutClosed = true;
    options.onStdoutClosed();
  };
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') closed();
  });
  stderr.on('error', () => {
    // Nowhere left to report to; the exit code still tells.
  });
  let stdinRead = false;
  // Results to stdout, with back-pressure; a closed pipe ends the run quietly.
  const write = (text: string): Promise<void> => {
    if (stdoutClosed || text === '') return Promise.resolve();
    return new Promise((resolve) => {
      const ok = stdout.write(text, (error) => {
        if (error) closed();
      });
      if (ok) resolve();
      else {
        const done = (): void => {
          stdout.off('drain', done);
          stdout.off('close', done);
          resolve();
        };
        stdout.on('drain', done);
        stdout.on('close', done);
      }
    });
  };
  const stdoutIsTTY = options.streams.stdoutIsTTY === true;
  const stderrIsTTY = options.streams.stderrIsTTY === true;
  return {
    stdoutIsTTY,
    stderrIsTTY,
    get stdinIsTTY() {
      return streams.stdinIsTTY === true;
    },
    columns: options.streams.columns || Number(options.env.COLUMNS) || 80,
    size() {
      // A terminal's stream (tty.WriteStream) keeps its size current; other streams have none.
      const live = stdout as { columns?: number; rows?: number };
      return {
        columns: live.columns || options.streams.columns || Number(options.env.COLUMNS) || 80,
        rows: live.rows || options.streams.rows || Number(options.env.LINES) || 24,
      };
    },
    onResize(listener) {
      stdout.on('resize', listener);
      return () => void stdout.off('resize', listener);
    },
    color: colorAllowed(stdoutIsTTY, options.env, options.colorFlag),
    stderrColor: colorAllowed(stderrIsTTY, options.env, options.colorFlag),
    out(text) {
      return write(redact(text));
    },
    outUnmasked(text) {
      return write(text);
    },
    err(text) {
      stderr.write(redact(text));
    },
    async readStdin(maxBytes = Infinity) {
      stdinRead = true;
      return (await readAtMost(streams.stdin, maxBytes)).toString('utf8');
    },
    get stdin() {
      return streams.stdin;
    },
    answers() {
      // A terminal's end of input (Ctrl-D) ends the stdin stream for good: a question asked on it
      // would wait for ever.
      if (!stdinRead || streams.stdinIsTTY !== true) return streams.stdin;
      return streams.terminal?.();
    },
    stderr,
    addSecret(secret) {
      if (secret.length >= 4) secrets.add(secret);
    },
    addPublic(value) {
      published.add(value);
    },
  };
}

/** The process's own streams with their terminal flags. */
export function processStreams(): IoStreams {
  return {
    // Getters: touching process.stdin builds a stream (on /dev/null a file stream that loads
    // fs/promises, readline and the streams stack; on a pipe a socket), which only commands
    // that read stdin or prompt need. (tty.isatty would load `net` instead.)
    get stdin() {
      return process.stdin;
    },
    get stdinIsTTY() {
      return Boolean(process.stdin.isTTY);
    },
    stdout: process.stdout,
    stderr: process.stderr,
    stdoutIsTTY: Boolean(process.stdout.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    ...(process.stdout.columns ? { columns: process.stdout.columns } : {}),
    terminal: openTerminal,
  };
}

/** The controlling terminal as a stream of its own, or undefined (no terminal, or not a Unix). */
function openTerminal(): NodeJS.ReadableStream | undefined {
  try {
    // Loaded here, only when a question follows ids read from a terminal.
    const { openSync } = process.getBuiltinModule('node:fs');
    const { ReadStream } = process.getBuiltinModule('node:tty');
    return new ReadStream(openSync('/dev/tty', 'r'));
  } catch {
    return undefined;
  }
}

/** An Io over the process's streams (for code that runs outside `runCli`). */
export function createProcessIo(options: Omit<IoOptions, 'streams'>): Io {
  return createIo({ ...options, streams: processStreams() });
}
