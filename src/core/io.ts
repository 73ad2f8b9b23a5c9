// Standard streams as commands see them: results to stdout with back-pressure, the rest to stderr,
// every configured key masked before a byte leaves. Given (the process's or a test's), never `process`.
import { COLUMNS, FORCE_COLOR, LINES, NO_COLOR_NAME, readVariable, TERM } from './environment.js';
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
  /** Write results; resolves when the stream can take more. Never throws: onStdoutClosed and onStdoutFailed end the run. */
  out(text: string): Promise<void>;
  /** Resolves once every write to stdout was handed over or failed: only then is it known the output arrived whole. */
  written(): Promise<void>;
  /** Write text that holds a key, unmasked: only for `auth token`, whose output is the key. */
  outUnmasked(text: string): Promise<void>;
  /** Write a diagnostic line or fragment to stderr; at a terminal broken between words at its width, unless `whole` (JSON). */
  err(text: string, options?: { whole?: boolean }): void;
  /** All of stdin as text; with `maxBytes`, `InputTooLarge` (core/bounded-read.ts) once it holds more. */
  readStdin(maxBytes?: number): Promise<string>;
  readonly stdin: NodeJS.ReadableStream;
  /** Where an answer is read: stdin, or /dev/tty once stdin was read to its end at a terminal; the caller destroys what it opens. */
  answers(): NodeJS.ReadableStream | undefined;
  /** stderr as a Node stream, for what draws on it (prompts, spinners). */
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
  /** Called once when stdout fails otherwise (ENOSPC, EIO): incomplete output must not pass for success, as with `cat`. */
  onStdoutFailed?: (error: NodeJS.ErrnoException) => void;
  /** How a line on stderr is broken between words at a terminal's width (output/width.ts); without it, lines go as given. */
  wrapLine?: (line: string, width: number) => string[];
}

/** Only these mean that the reader of stdout went away; every other write error is a failure. */
function isClosedPipe(error: NodeJS.ErrnoException): boolean {
  return error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED';
}

export function colorAllowed(isTTY: boolean, env: Readonly<Record<string, string | undefined>>, colorFlag: boolean): boolean {
  if (!colorFlag) return false;
  const noColor = env[NO_COLOR_NAME];
  if (noColor !== undefined && noColor !== '') return false;
  const force = readVariable(env, FORCE_COLOR);
  if (force === '0' || force === 'false') return false;
  if (force !== undefined) return true;
  if (readVariable(env, TERM) === 'dumb') return false;
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
  let ended: () => void = () => {};
  const failedOrClosed = new Promise<void>((resolve) => (ended = resolve));
  // Writes complete in order: the last one's callback says that all have.
  let lastWrite: Promise<void> = Promise.resolve();
  // The first write error decides: the pipe was closed, or the output failed. Nothing more is written.
  const failed = (error: NodeJS.ErrnoException): void => {
    if (stdoutClosed) return;
    stdoutClosed = true;
    ended();
    if (isClosedPipe(error)) options.onStdoutClosed();
    else (options.onStdoutFailed ?? options.onStdoutClosed)(error);
  };
  stdout.on('error', failed);
  stderr.on('error', () => {
    // Nowhere left to report to; the exit code still tells.
  });
  let stdinRead = false;
  // Results to stdout, with back-pressure; a closed pipe ends the run quietly.
  const write = (text: string): Promise<void> => {
    if (stdoutClosed || text === '') return Promise.resolve();
    return new Promise((resolve) => {
      let handed: () => void = () => {};
      lastWrite = new Promise((r) => (handed = r));
      const ok = stdout.write(text, (error) => {
        if (error) failed(error);
        handed();
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
  const columns = (): number => options.streams.columns || Number(readVariable(options.env, COLUMNS)) || 80;
  // At a terminal every message (an error, a warning, a note) is broken between words at its width,
  // where the terminal would cut a word anywhere; a line that draws (a carriage return, an escape
  // code) is left as it is. Piped, each message stays one line for whatever reads it. Masked
  // first: a key broken across two lines would not be found.
  const fitStderr = (text: string): string => {
    const wrap = options.wrapLine;
    if (!stderrIsTTY || wrap === undefined) return text;
    const width = (stderr as { columns?: number }).columns || columns();
    return text
      .split('\n')
      .map((line) => (line.includes('\r') || line.includes('\u001b') ? line : wrap(line, width).join('\n')))
      .join('\n');
  };
  return {
    stdoutIsTTY,
    stderrIsTTY,
    get stdinIsTTY() {
      return streams.stdinIsTTY === true;
    },
    columns: columns(),
    size() {
      // A terminal's stream (tty.WriteStream) keeps its size current; other streams have none.
      const live = stdout as { columns?: number; rows?: number };
      return {
        columns: live.columns || columns(),
        rows: live.rows || options.streams.rows || Number(readVariable(options.env, LINES)) || 24,
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
    written() {
      return Promise.race([lastWrite, failedOrClosed]);
    },
    err(text, { whole = false } = {}) {
      stderr.write(whole ? redact(text) : fitStderr(redact(text)));
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
