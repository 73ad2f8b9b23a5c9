// Entry point. `--version` is answered before anything else is loaded; every other command
// goes through the CLI, which loads only the modules that command needs.
const argv = process.argv.slice(2);

async function main(): Promise<void> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    process.stdout.write(`gwctl ${__GWCTL_VERSION__}\n`);
    return;
  }
  const { runCli } = await import('./cli/run.js');
  const code = await runCli(argv, process.env, __GWCTL_VERSION__);
  // Exit as soon as the output is flushed: idle keep-alive sockets and timers must not
  // hold a finished command open.
  process.exitCode = code;
  process.stdout.write('', () => process.exit(code));
}

main().catch((error: unknown) => {
  // Only a defect gets here; even then, one line and no stack trace.
  process.stderr.write(`gwctl: internal error: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
  process.exit(1);
});
