import type { RunFor } from './context.js';
import type { spec } from './version.js';

export const run: RunFor<typeof spec> = async ({ deps }) => {
  // What `gwctl version --json` prints, in this order.
  const info = {
    version: __GWCTL_VERSION__,
    commit: __GWCTL_COMMIT__,
    built: __GWCTL_BUILT__,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    executable: standaloneExecutable(),
  };
  const labels: Record<keyof typeof info, string> = {
    version: 'Version',
    commit: 'Commit',
    built: 'Built',
    node: 'Node.js',
    platform: 'Platform',
    executable: 'Executable',
  };
  const shown = (key: keyof typeof info): string =>
    key === 'executable' ? (info.executable ? 'yes (standalone, Node inside)' : 'no (npm package)') : String(info[key]);
  const keys = Object.keys(labels) as (keyof typeof info)[];
  const width = Math.max(...Object.values(labels).map((label) => label.length)) + 2;
  await deps.printer.detail({
    body: info,
    view: {
      kind: 'text',
      terminal: keys.map((key) => `${labels[key].padEnd(width)}${shown(key)}\n`).join(''),
      piped: keys.map((key) => `${key}\t${String(info[key])}\n`).join(''),
    },
  });
};

/** A Node single-executable application (the standalone build) says so itself; the npm package runs in a plain Node. */
function standaloneExecutable(): boolean {
  return process.getBuiltinModule('node:sea')?.isSea() ?? false;
}
