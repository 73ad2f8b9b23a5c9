// Entry point: the host of a run is this process. `--version` is answered before anything
// else is loaded; every other command goes through the CLI, which loads only the modules that
// command needs.
import { ProcessOutput, processStreams } from './core/process-streams.js';

const argv = process.argv.slice(2);

async function main(): Promise<void> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    ProcessOutput.of(1).write(`gwctl ${__GWCTL_VERSION__}\n`);
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
  let interrupts = 0;
  const onSignal = (signal: NodeJS.Signals): void => {
    interrupts++;
    // A second Ctrl-C means now, whatever is still winding down.
    if (interrupts > 1) process.exit(130);
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
  });
  // Exit as soon as the output is flushed: idle keep-alive sockets and timers must not
  // hold a finished command open. Both streams: on a pipe each is written asynchronously, and
  // exiting with stderr's bytes still queued cut a long error at 64 KiB for a slow reader.
  process.exitCode = code;
  await streams.drained();
  process.exit(code);
}

main().catch((error: unknown) => {
  // Only a defect gets here; even then, one line, no stack trace, and no key from the environment.
  // Written out rather than core/mask.ts's maskKeys: importing it here would put it in a chunk
  // that --version loads too.
  let line = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  for (const key of [process.env.GWCTL_MANAGEMENT_KEY, process.env.GWCTL_API_KEY]) {
    if (key && key.length >= 4) line = line.split(key).join('[redacted]');
  }
  process.stderr.write(`gwctl: internal error: ${line}\n`);
  process.exit(1);
});
