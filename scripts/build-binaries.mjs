// Builds every standalone executable: `npm run build:binaries` writes
// dist-bin/gwctl-{linux-x64,linux-arm64,win-x64.exe,darwin-arm64}, each with its .sha256, and
// one LICENSES.txt for all of them. linux-x64 is the native build (npm run build:binary); the
// others are built on this machine for their platform (scripts/build-binary.mjs --target,
// scripts/targets.mjs). docs/install.md says how each is checked.
import { execFileSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TARGETS } from './targets.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist-bin');
const builder = path.join(root, 'scripts', 'build-binary.mjs');

execFileSync(process.execPath, [builder], { stdio: 'inherit' });
const sections = splitLicences(await readFile(path.join(outDir, 'LICENSES.txt'), 'utf8'));
for (const target of Object.keys(TARGETS)) {
  execFileSync(process.execPath, [builder, '--target', target], { stdio: 'inherit' });
  const own = path.join(outDir, `LICENSES-${target}.txt`);
  for (const [title, text] of splitLicences(await readFile(own, 'utf8'))) if (!sections.has(title)) sections.set(title, text);
  await rm(own);
}
// One licence file: each package (and each Node version) once, whichever executables hold it.
await writeFile(path.join(outDir, 'LICENSES.txt'), [...sections.values()].join('\n'));

/** The sections of a licence file ("name@version" or "Node.js vX", a rule, the text), by title. */
function splitLicences(text) {
  const sections = new Map();
  for (const part of text.split(/\n(?=[^\n]+\n-{40}\n)/)) sections.set(part.split('\n', 1)[0], part.endsWith('\n') ? part : `${part}\n`);
  return sections;
}
