#!/usr/bin/env node
// The package.json of the npm package: the checkout's without its scripts (`prepare`, which builds
// dist/ on `npm ci` in a clone, and the development scripts) and without `allowScripts`, which is
// for installing the checkout's own dependencies. npm 11 names a tarball's `prepare` among the
// install scripts it asks to allow, and a user installing gwctl has no use for the others.
//
// npm packs the package.json on disk, so `npm pack` and `npm publish` in the checkout run this as
// `prepack` (after building dist/: npm reads the manifest again after prepack and so finds no
// `prepare` to run), which keeps the checkout's file aside and writes the released one, and as
// `postpack`, which puts the checkout's back. A pack that failed in between leaves the checkout's
// in .cache/pack/; the next run of either puts it back first. The file put back keeps its time of
// modification: the release and the executable's tests take an executable built after the last
// change to package.json as fresh (scripts/release/project.mjs), and a pack changes nothing there.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The manifest as released: `manifest` (parsed) without what only the checkout uses. */
export function releasedManifest(manifest) {
  const released = { ...manifest };
  delete released.scripts;
  delete released.allowScripts;
  return released;
}

/** Writes the released package.json into `folder`, an unpacked package. */
export function writeReleasedManifest(folder) {
  const file = path.join(folder, 'package.json');
  writeFileSync(file, `${JSON.stringify(releasedManifest(JSON.parse(readFileSync(file, 'utf8'))), null, 2)}\n`);
}

const root = path.resolve(import.meta.dirname, '..', '..');
const manifest = path.join(root, 'package.json');
const kept = path.join(root, '.cache', 'pack', 'package.json');

/** The checkout's package.json back in its place, when a pack had set it aside. */
function restore() {
  if (existsSync(kept)) renameSync(kept, manifest);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const step = process.argv[2];
  restore();
  if (step === 'prepack') {
    mkdirSync(path.dirname(kept), { recursive: true });
    const text = readFileSync(manifest, 'utf8');
    const { atime, mtime } = statSync(manifest);
    writeFileSync(kept, text);
    utimesSync(kept, atime, mtime);
    writeFileSync(manifest, `${JSON.stringify(releasedManifest(JSON.parse(text)), null, 2)}\n`);
  } else if (step !== 'postpack') {
    console.error('usage: node scripts/release/pack-manifest.mjs prepack|postpack');
    process.exit(2);
  }
}
