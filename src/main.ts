// Entry point: the host of a run is this process. `--version` is answered before anything
// else is loaded; every other command goes through the CLI, which loads only the modules that
// command needs.
// Types only. The entry imports nothing at run time and exports nothing: either would make
// esbuild have dist/main.js import the chunk of its helpers, which --version would load for nothing.
import type { IoStreams, LazyOutput, Listener } from './core/io.js';

const argv = process.argv.slice(2);

/** How long a second signal lets a run report before the process ends regardless. */
const SECOND_SIGNAL_MS = 500;

async function main(): Promise<void> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    // As any output that cannot be written (a full disk): exit 1 with the error, as `cat` does.
    const out = ProcessOutput.of(1);
    // Told to the write's callback below; a closed pipe (`| head -0`) is no failure.
    out.on('error', () => {});
    out.write(`gwctl ${__GWCTL_VERSION__}\n`, (error) => {
      if (!error || (error as NodeJS.ErrnoException).code === 'EPIPE') return;
      process.stderr.write(`gwctl: cannot write to standard output: ${error.message.replace(/^[A-Z_]+: /, '').split(',')[0]}\n`);
      process.exitCode = 1;
    });
    return;
  }
  // The entry's one dynamic import, so that --version above loads nothing; everything else
  // that loads late goes through src/cli/lazy.ts.
  // eslint-disable-next-line no-restricted-syntax
  const { runCli } = await import('./cli/run.js');
  // Node ends a process whose event loop has nothing left to wait for, even while a promise is
  // still pending (work left waiting on something that can never happen): that would be exit 0
  // with nothing printed. A finished run exits below, which never emits 'beforeExit'.
  process.once('beforeExit', () => {
    process.stderr.write('gwctl: internal error: the command stopped before it finished\n');
    process.exit(1);
  });
  const interruption = new AbortController();
  const hurry = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => {
    if (interruption.signal.aborted) {
      // A second Ctrl-C (or SIGTERM) means now: a fleet gives up what is in flight and still
      // reports each target; whatever is still winding down after a moment is ended.
      hurry.abort(signal);
      setTimeout(() => process.exit(interruption.signal.reason === 'SIGTERM' ? 143 : 130), SECOND_SIGNAL_MS).unref();
      return;
    }
    // The signal's name is the reason: a watch ends with 143 on SIGTERM (run.ts).
    interruption.abort(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const streams = processStreams();
  const code = await runCli({
    argv,
    env: process.env,
    version: __GWCTL_VERSION__,
    streams,
    signal: interruption.signal,
    hurry: hurry.signal,
  });
  // Exit as soon as the output is flushed: idle keep-alive sockets and timers must not
  // hold a finished command open. Both streams: on a pipe each is written asynchronously, and
  // exiting with stderr's bytes still queued cut a long error at 64 KiB for a slow reader.
  process.exitCode = code;
  await streams.drained();
  process.exit(code);
}

// The process's own streams, built only when they must be: Node's streams stack is about a third
// of `--help` and `--version` on Node 24 (decisions/006-writing-past-process-stdout.md).

/** The process's own streams with their terminal flags, and how to wait until what was written has left. */
function processStreams(): IoStreams & { drained(): Promise<void> } {
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
 * stdout or stderr built only when it must be: to a file or /dev/null text goes straight to the
 * descriptor, as Node's file stream would write it; a terminal, pipe or socket gets Node's stream at first use.
 */
class ProcessOutput implements LazyOutput {
  private real: NodeJS.WriteStream | undefined;
  /** Listeners given before Node's stream was built, handed to it when it is. */
  private readonly waiting: Array<[string, Listener]> = [];

  /** A terminal (known only once Node's stream is built, so only for a character device). */
  readonly isTTY: boolean;

  private constructor(
    private readonly fd: 1 | 2,
    /** Written straight to the descriptor (a file, or a device that takes bytes and keeps none). */
    private readonly direct: boolean,
    maybeTerminal: boolean,
  ) {
    this.isTTY = maybeTerminal && Boolean(this.node().isTTY);
  }

  static of(fd: 1 | 2): ProcessOutput {
    const kind = descriptorKind(fd);
    return new ProcessOutput(fd, kind === 'direct', kind === 'maybe terminal');
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

/** What is behind a descriptor, without a stream: a file or a Linux memory device is direct; a pipe or socket is no terminal. */
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

main().catch((error: unknown) => {
  // Only a defect gets here: one line, no stack trace, no key. Masked by hand, not with core/mask.ts,
  // which would put it (and KEY_VARIABLES) in a chunk --version loads.
  let line = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  // eslint-disable-next-line no-restricted-syntax -- see above: nothing may load before --version
  for (const key of [process.env.GWCTL_MANAGEMENT_KEY, process.env.GWCTL_API_KEY]) {
    if (key && key.length >= 4) line = line.split(key).join('[redacted]');
  }
  process.stderr.write(`gwctl: internal error: ${line}\n`);
  process.exit(1);
});
