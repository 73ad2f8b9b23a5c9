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
  // Only a defect gets here; even then, one line, no stack trace, and no key from the environment.
  let line = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  for (const key of [process.env.GWCTL_MANAGEMENT_KEY, process.env.GWCTL_API_KEY]) {
    if (key && key.length >= 4) line = line.split(key).join('[redacted]');
  }
  process.stderr.write(`gwctl: internal error: ${line}\n`);
  process.exit(1);
});
