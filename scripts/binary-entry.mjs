// Entry of the standalone executable (scripts/build-binary.mjs bundles it with src/ into one
// CommonJS file). Built with a V8 startup snapshot, this file runs once, on the build machine:
// it loads the CLI, the command implementations and the HTTP client, and the executable
// starts from that heap, so a run parses and evaluates none of them again. The run itself
// (src/main.ts, which reads argv, the environment and the streams) starts only after the
// snapshot is restored. jq's worker thread (--jq) does not start from this file or its snapshot
// but from a bundle of its own, an asset of the executable (see LEFT_OUT).
import { startupSnapshot } from 'node:v8';
import { load } from '../src/cli/lazy.ts';
import { implementations } from '../src/cli/registry.ts';

/**
 * Not held in the snapshot. Each still loads on first use, exactly as in the npm build:
 * - sandbox: creates HTTP servers (node:http), which holds native parser state;
 * - jq: only under --jq. Its engine (jq-web) compiles WebAssembly at load, which cannot happen
 *   while a snapshot is built, and runs on a worker thread started from a second bundle, an
 *   asset of the executable (src/output/jq-thread.ts, scripts/build-binary.mjs); this bundle
 *   holds the main thread's side, which starts that thread and prints what it hands back;
 * - configStore: its atomic writer (conf, atomically, when-exit) installs signal handlers when
 *   it loads; a snapshot keeps the listeners but not the native handles behind them;
 * - prompts, spinner: only interactive runs use them, and they hook signals and the terminal;
 * - keyring: the credential store's native add-on, loaded with process.dlopen (a snapshot cannot
 *   hold a native module) only for a key kept in the store.
 * - mcp: the MCP SDK's servers (and with --http node:http), whose native state a snapshot
 *   cannot hold; only `gwctl mcp` loads them.
 * Only writing commands use the config store; reading the configuration does not load it.
 */
const LEFT_OUT = new Set(['sandbox', 'jq', 'configStore', 'prompts', 'spinner', 'keyring', 'mcp']);

/**
 * Starts the run. Its promise is dropped on purpose: src/main.ts catches every failure of the
 * run itself, so this can only reject if the bundle cannot evaluate src/main.ts, a defect of
 * the build that Node's report of an unhandled rejection shows as it is.
 */
const run = () => {
  // eslint-disable-next-line @typescript-eslint/no-floating-promises -- see above
  import('../src/main.ts');
};

if (startupSnapshot?.isBuildingSnapshot()) {
  startupSnapshot.setDeserializeMainFunction(() => run());
  // Every import() of the bundle is an initialiser call on a resolved promise, so all of these
  // have run before the event loop drains and the heap is written.
  const loaders = [
    ...[...implementations].filter(([key]) => !LEFT_OUT.has(key)).map(([, loader]) => loader),
    // An entry is a loader, or a table of them (the printers, one per output form).
    ...Object.entries(load)
      .filter(([key]) => !LEFT_OUT.has(key))
      .flatMap(([, loader]) => (typeof loader === 'function' ? [loader] : Object.values(loader))),
    () => import('../src/cli/run.ts'),
  ];
  Promise.all(loaders.map((loader) => loader()))
    .then(() => {
      // A module that hooked a signal while loading would lose the hook in the executable.
      const hooked = ['SIGINT', 'SIGTERM', 'SIGHUP', 'exit'].filter((event) => process.listenerCount(event) > 0);
      if (hooked.length) throw new Error(`a module loaded into the snapshot listens to ${hooked.join(', ')}; leave it out`);
    })
    .catch((error) => {
      process.stderr.write(`build: loading a module into the snapshot failed: ${error?.stack ?? error}\n`);
      process.exitCode = 1;
    });
} else {
  run();
}
