// The process's own standard streams, for src/main.ts to hand to the CLI. Node builds
// process.stdout and process.stderr on first touch, and with them its streams stack: about a
// third of the start-up of `gwctl --help` and of `gwctl --version` on Node 24 (bench/README.md).
// Here they are built only when they must be. The entry loads this module before anything
// else, so it imports nothing at run time.
import type { IoStreams, LazyOutput, Listener } from './io.js';

/** The process's own streams with their terminal flags, and how to wait until what was written has left. */
export function processStreams(): IoStreams & { drained(): Promise<void> } {
  const stdout = ProcessOutput.of(1);
  const stderr = ProcessOutput.of(2);
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
    stdout,
    stderr,
    stdoutIsTTY: stdout.isTTY,
    stderrIsTTY: stderr.isTTY,
    ...(stdout.terminal()?.columns ? { columns: stdout.terminal()?.columns } : {}),
    terminal: openTerminal,
    drained: () => Promise.all([stdout.drained(), stderr.drained()]).then(() => undefined),
  };
}

/**
 * stdout or stderr of this process, built only when it must be. Node builds process.stdout on
 * first touch, and with it the streams stack (about a third of the start-up of `gwctl --help`
 * on Node 24): to a file or /dev/null, where a write can neither block nor stay queued, text is
 * written straight to the descriptor instead, as Node's own stream for a file would write it.
 * A terminal, a pipe or a socket gets Node's stream, built at its first use (stderr usually has
 * none).
 */
export class ProcessOutput implements LazyOutput {
  private real: NodeJS.WriteStream | undefined;
  /** Listeners given before Node's stream was built, handed to it when it is. */
  private readonly waiting: Array<[string, Listener]> = [];

  private constructor(
    private readonly fd: 1 | 2,
    /** Written straight to the descriptor (a file, or a device that takes bytes and keeps none). */
    private readonly direct: boolean,
    readonly isTTY: boolean,
  ) {}

  static of(fd: 1 | 2): ProcessOutput {
    const kind = descriptorKind(fd);
    if (kind === 'direct') return new ProcessOutput(fd, true, false);
    if (kind === 'stream') return new ProcessOutput(fd, false, false);
    // Perhaps a terminal: only Node's stream can tell, and give its size.
    const output = new ProcessOutput(fd, false, false);
    const isTTY = Boolean(output.node().isTTY);
    return isTTY ? Object.assign(new ProcessOutput(fd, false, true), { real: output.real }) : output;
  }

  /** Node's stream for this descriptor (process.stdout or process.stderr), built now if need be. */
  node(): NodeJS.WriteStream {
    if (!this.real) {
      this.real = this.fd === 1 ? process.stdout : process.stderr;
      for (const [event, listener] of this.waiting.splice(0)) this.real.on(event, listener);
    }
    return this.real;
  }

  /** The terminal's stream, when this is a terminal (its size follows resizes). */
  terminal(): NodeJS.WriteStream | undefined {
    return this.isTTY ? this.node() : undefined;
  }

  write(text: string, done?: (error?: Error | null) => void): boolean {
    if (this.real || !this.direct) return this.node().write(text, done);
    try {
      const { writeSync } = process.getBuiltinModule('node:fs');
      let bytes = Buffer.from(text, 'utf8');
      while (bytes.length > 0) bytes = bytes.subarray(writeSync(this.fd, bytes));
      if (done) process.nextTick(done, null);
    } catch (error) {
      // As Node's file stream reports it: to the write's callback and as an 'error' event.
      process.nextTick(() => {
        done?.(error as Error);
        for (const [event, listener] of this.waiting) if (event === 'error') listener(error);
      });
    }
    return true;
  }

  on(event: string, listener: Listener): this {
    if (this.real) this.real.on(event, listener);
    else this.waiting.push([event, listener]);
    return this;
  }

  off(event: string, listener: Listener): this {
    if (this.real) this.real.off(event, listener);
    const at = this.waiting.findIndex(([e, l]) => e === event && l === listener);
    if (at >= 0) this.waiting.splice(at, 1);
    return this;
  }

  /** Resolves once everything written has been handed to the system. */
  drained(): Promise<void> {
    const real = this.real;
    return real ? new Promise((resolve) => real.write('', () => resolve())) : Promise.resolve();
  }
}

/**
 * What is behind a descriptor, told without building a stream: a file, or on Linux one of the
 * memory devices (major number 1: /dev/null, /dev/zero, /dev/full), is written directly; a pipe
 * or socket is not a terminal; any other character device may be one.
 */
function descriptorKind(fd: number): 'direct' | 'stream' | 'maybe terminal' {
  if (process.platform === 'win32') return 'maybe terminal';
  try {
    const stat = process.getBuiltinModule('node:fs').fstatSync(fd);
    if (stat.isFile()) return 'direct';
    if (stat.isCharacterDevice())
      return process.platform === 'linux' && Math.floor(stat.rdev / 256) % 4096 === 1 ? 'direct' : 'maybe terminal';
    return stat.isFIFO() || stat.isSocket() ? 'stream' : 'maybe terminal';
  } catch {
    // Closed, or not ours to look at: Node's stream knows what to do with it.
    return 'maybe terminal';
  }
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
