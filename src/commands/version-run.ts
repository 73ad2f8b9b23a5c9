import type { RunFor } from './context.js';
import type { spec } from './version.js';

/** What `gwctl version --json` prints, in this order. */
interface VersionInfo {
  version: string;
  commit: string;
  built: string;
  node: string;
  platform: string;
  executable: boolean;
}

export const run: RunFor<typeof spec> = async ({ deps }) => {
  const info: VersionInfo = {
    version: __GWCTL_VERSION__,
    commit: __GWCTL_COMMIT__,
    built: __GWCTL_BUILT__,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    executable: standaloneExecutable(),
  };
  const labels: Record<keyof VersionInfo, string> = {
    version: 'Version',
    commit: 'Commit',
    built: 'Built',
    node: 'Node.js',
    platform: 'Platform',
    executable: 'Executable',
  };
  const shown = (key: keyof VersionInfo): string =>
    key === 'executable' ? (info.executable ? 'yes (standalone, Node inside)' : 'no (npm package)') : String(info[key]);
  const keys = Object.keys(labels) as (keyof VersionInfo)[];
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
