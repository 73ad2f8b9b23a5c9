// Entry point: the host of a run is this process. `--version` is answered before anything
// else is loaded; every other command goes through the CLI, which loads only the modules that
// command needs.
// Types only. The entry imports nothing at run time and exports nothing: either would make
// esbuild have dist/main.js import the chunk of its helpers, which --version would load for nothing.
import type { IoStreams } from './core/io.js';

const argv = process.argv.slice(2);

/** How long a second signal lets a run report before the process ends regardless. */
const SECOND_SIGNAL_MS = 500;

async function main(): Promise<void> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    // As any output that cannot be written (a full disk): exit 1 with the error, as `cat` does.
    // Told to the write's callback below; a closed pipe (`| head -0`) is no failure.
    process.stdout.on('error', () => {});
    process.stdout.write(`gwctl ${__GWCTL_VERSION__}\n`, (error) => {
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

/** The process's own streams with their terminal flags, and how to wait until what was written has left. */
function processStreams(): IoStreams & { drained(): Promise<void> } {
  const { stdout, stderr } = process;
  return {
    // Getters: touching process.stdin builds a stream (on /dev/null a file stream that loads
    // fs/promises and readline; on a pipe a socket), which only commands that read stdin or prompt need.
    get stdin() {
      return process.stdin;
    },
    get stdinIsTTY() {
      return Boolean(process.stdin.isTTY);
    },
    stdout,
    stderr,
    stdoutIsTTY: Boolean(stdout.isTTY),
    stderrIsTTY: Boolean(stderr.isTTY),
    ...(stdout.columns ? { columns: stdout.columns } : {}),
    terminal: openTerminal,
    // An empty write's callback runs once everything written before it was handed to the system.
    drained: () => Promise.all([stdout, stderr].map((s) => new Promise((resolve) => s.write('', resolve)))).then(() => undefined),
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
