#!/usr/bin/env node
// Installs Verdaccio, the npm registry test/release/registry.test.ts runs on loopback, into
// .cache/verdaccio/: `node scripts/fetch-verdaccio.mjs` (CI runs it after scripts/fetch-node.mjs).
// Verdaccio and its libraries need Node 22 or later, so they are no dependency of the checkout:
// there `npm ci` on Node 20 would print an engine warning for each. The versions are pinned by
// scripts/verdaccio/package-lock.json, installed by `npm ci` run on a Node 22+ (this one, or one
// of .cache/node/); an install already there from the same lockfile is kept. Prints the path of
// Verdaccio's bin on stdout.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const pinned = path.join(root, 'scripts', 'verdaccio');
const target = path.join(root, '.cache', 'verdaccio');
const bin = path.join(target, 'node_modules', 'verdaccio', 'bin', 'verdaccio');

/** A Node of 22 or later to run npm with: this one, or one fetched into .cache/node/. */
function modernNode() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  return ['24', '22', '26'].map((major) => path.join(root, '.cache', 'node', major, 'bin', 'node')).find((file) => existsSync(file));
}

const lock = (dir) => (existsSync(path.join(dir, 'package-lock.json')) ? readFileSync(path.join(dir, 'package-lock.json'), 'utf8') : '');

if (existsSync(bin) && lock(target) === lock(pinned)) {
  console.log(bin);
  process.exit(0);
}
const node = modernNode();
if (!node) {
  console.error('fetch-verdaccio: Verdaccio needs Node 22 or later: run node scripts/fetch-node.mjs 24 first');
  process.exit(1);
}
// Installed beside the final folder and swapped in, so an interrupted run leaves no half install.
const work = `${target}.new`;
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
try {
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(path.join(pinned, file), path.join(work, file));
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: work,
    // npm (a script run by `node` from PATH) on the Node 22+ found above.
    env: { ...process.env, PATH: [path.dirname(node), process.env.PATH ?? '/usr/bin:/bin'].join(path.delimiter) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  rmSync(target, { recursive: true, force: true });
  renameSync(work, target);
} catch (error) {
  rmSync(work, { recursive: true, force: true });
  console.error(`fetch-verdaccio: could not install Verdaccio: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
console.error(`fetch-verdaccio: Verdaccio -> ${path.relative(root, bin)}`);
console.log(bin);
