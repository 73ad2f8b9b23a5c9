// Standard streams as the commands see them: results to stdout with back-pressure, everything
// else to stderr, the terminal flags a command needs to choose its output, and a last line of
// defence that masks any configured key before a byte leaves the process.
import { maskKey } from '../config/mask.js';

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
  /** Write a diagnostic line or fragment to stderr. */
  err(text: string): void;
  /** All of stdin as text. */
  readStdin(): Promise<string>;
  readonly stdin: NodeJS.ReadableStream;
  readonly stderr: NodeJS.WritableStream;
  /** Keys to mask wherever they would appear. */
  addSecret(secret: string): void;
}

export interface ProcessIoOptions {
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

export function createProcessIo(options: ProcessIoOptions): Io {
  const secrets = new Set<string>();
  const redact = (text: string): string => {
    let out = text;
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(maskKey(secret));
    return out;
  };
  let stdoutClosed = false;
  const closed = (): void => {
    if (stdoutClosed) return;
    stdoutClosed = true;
    options.onStdoutClosed();
  };
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') closed();
  });
  process.stderr.on('error', () => {
    // Nowhere left to report to; the exit code still tells.
  });
  const stdoutIsTTY = Boolean(process.stdout.isTTY);
  const stderrIsTTY = Boolean(process.stderr.isTTY);
  return {
    stdoutIsTTY,
    stderrIsTTY,
    stdinIsTTY: Boolean(process.stdin.isTTY),
    columns: process.stdout.columns || Number(options.env.COLUMNS) || 80,
    color: colorAllowed(stdoutIsTTY, options.env, options.colorFlag),
    stderrColor: colorAllowed(stderrIsTTY, options.env, options.colorFlag),
    out(text) {
      if (stdoutClosed || text === '') return Promise.resolve();
      return new Promise((resolve) => {
        const ok = process.stdout.write(redact(text), (error) => {
          if (error) closed();
        });
        if (ok) resolve();
        else {
          const done = (): void => {
            process.stdout.off('drain', done);
            process.stdout.off('close', done);
            resolve();
          };
          process.stdout.on('drain', done);
          process.stdout.on('close', done);
        }
      });
    },
    err(text) {
      process.stderr.write(redact(text));
    },
    async readStdin() {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      return Buffer.concat(chunks).toString('utf8');
    },
    stdin: process.stdin,
    stderr: process.stderr,
    addSecret(secret) {
      if (secret.length >= 4) secrets.add(secret);
    },
  };
}
