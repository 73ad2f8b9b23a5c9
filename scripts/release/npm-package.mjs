// The npm package as users get it. A checkout builds dist/ in its `prepare` script (so that
// `npm ci && npx gwctl` works in a clone), but npm 11 warns about that script when the package is
// installed from a file: the released package.json carries no install-time script. npm packs the
// checkout (running the build), then packs again from the unpacked package with that script
// removed, so the tarball is npm's own in every other respect.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Scripts npm runs when a package is installed (from a registry, a file or a git repository). */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];

/**
 * Packs `root` into `destination` as released; returns the tarball's path.
 * `build: false` packs the dist/ already built (the tests' setup built it).
 */
export function packRelease(root, destination, { build = true } = {}) {
  const npm = (args, cwd) => JSON.parse(execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }))[0];
  const staging = mkdtempSync(path.join(os.tmpdir(), 'gwctl-pack-'));
  try {
    const first = npm(['pack', '--json', '--pack-destination', staging, ...(build ? [] : ['--ignore-scripts'])], root);
    execFileSync('tar', ['-xzf', path.join(staging, first.filename), '-C', staging]);
    const folder = path.join(staging, 'package');
    const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
    for (const name of INSTALL_SCRIPTS) delete manifest.scripts?.[name];
    writeFileSync(path.join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const released = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', path.resolve(destination)], folder);
    return path.join(destination, released.filename);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
