// The npm package as users get it: its package.json carries no script and no `allowScripts`
// (pack-manifest.mjs). `npm pack` of the checkout gives that package itself (its prepack step);
// packed with --ignore-scripts (dist/ already built) it would not, so the package is packed again
// from its unpacked folder with the released package.json, and the tarball is npm's own in every
// other respect.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeReleasedManifest } from './pack-manifest.mjs';

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
    writeReleasedManifest(folder);
    const released = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', path.resolve(destination)], folder);
    return path.join(destination, released.filename);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
