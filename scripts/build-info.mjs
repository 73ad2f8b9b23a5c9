// What a build writes into gwctl for `gwctl version`: the package's version, the commit it was
// built from and when. The npm build, the standalone executables and the tests' in-process runs
// take their defines from here, so all three say the same thing in the same form.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** esbuild `define`s (each value a JavaScript literal) for a build of the checkout at root. */
export function buildDefines(root) {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return {
    __GWCTL_VERSION__: JSON.stringify(version),
    __GWCTL_COMMIT__: JSON.stringify(commitOf(root)),
    __GWCTL_BUILT__: JSON.stringify(builtAt()),
  };
}

/** The commit checked out, or "unknown" outside a git checkout (a build from an unpacked tarball). */
function commitOf(root) {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/**
 * The build's time in UTC to the second; SOURCE_DATE_EPOCH, the reproducible-builds convention,
 * fixes it so that two builds of one commit can be byte for byte the same.
 */
function builtAt() {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  const date = epoch && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : new Date();
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
