// `npm run release`: everything a release publishes, in dist-release/ (docs/install.md says how
// each is used and checked):
//   gwctl-<version>.tgz          the npm package (npm pack, which builds dist/ first)
//   gwctl-<platform>[.exe]       the four executables (npm run build:binaries), and LICENSES.txt
//   gwctl-<version>.cdx.json     the SBOM, CycloneDX (scripts/release/sbom.mjs)
//   gwctl-<version>.mcpb         the MCP bundle (scripts/release/mcpb.mjs)
//   server.json, gwctl.rb, gwctl.json, winget/   the managers' manifests (scripts/release/manifests.mjs)
//   SHA256SUMS                   every file above
//   SHA256SUMS.minisig           its minisign signature, with the key file GWCTL_RELEASE_KEY names
//
//   --executables=build      (default) build the executables unless dist-bin/ has all four, newer than
//                            src/ and package.json
//   --executables=existing   take those of dist-bin/ that are that new and build none (a quicker
//                            release for checks: the manifests then cover only those platforms)
//   --executables=none       none at all (the npm package, the bundle and the SBOM alone)
//   --out=DIR                write there instead of dist-release/ (a new or empty folder, or an earlier
//                            release, which is replaced as dist-release/ is)
// GWCTL_RELEASE_URL is where the files will be downloaded from (default: the repository's release).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { homebrewFormula, scoopManifest, serverJson, wingetManifests } from './release/manifests.mjs';
import { writeBundle } from './release/mcpb.mjs';
import { packRelease } from './release/npm-package.mjs';
import { EXECUTABLES, DEFAULT_OUT, PROJECT, ROOT, freshExecutables, releaseBase } from './release/project.mjs';
import { releaseSbom } from './release/sbom.mjs';

const BIN_DIR = path.join(ROOT, 'dist-bin');

function fail(message) {
  process.stderr.write(`release: ${message}\n`);
  process.exit(1);
}

function say(message) {
  process.stderr.write(`release: ${message}\n`);
}

/** The value of --name=VALUE, or undefined. */
const option = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
for (const arg of process.argv.slice(2)) if (!/^--(executables|out)=./.test(arg)) fail(`unknown argument ${JSON.stringify(arg)}`);
const mode = option('executables') ?? 'build';
if (!['build', 'existing', 'none'].includes(mode)) fail(`--executables takes build, existing or none, not ${JSON.stringify(mode)}`);
const OUT = path.resolve(option('out') ?? DEFAULT_OUT);
let base;
try {
  base = releaseBase();
} catch (error) {
  fail(error.message);
}
const keyFile = process.env.GWCTL_RELEASE_KEY;
if (keyFile && !existsSync(keyFile)) fail(`GWCTL_RELEASE_KEY names ${keyFile}, which does not exist`);
if (keyFile && spawnSync('minisign', ['-v'], { stdio: 'ignore' }).error) fail('GWCTL_RELEASE_KEY is set but minisign is not installed');

/** A folder as the person who ran the release would type it: relative below the current folder, else absolute. */
const shown = (dir) => (path.relative(process.cwd(), dir).startsWith('..') ? dir : path.relative(process.cwd(), dir) || '.');

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

// Only an earlier release (or nothing) is replaced: --out=. must not empty a checkout.
if (existsSync(OUT) && readdirSync(OUT).length && !existsSync(path.join(OUT, 'SHA256SUMS')))
  fail(`${shown(OUT)} is not empty and holds no earlier release (no SHA256SUMS): give an empty or new folder`);
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

// The npm package: npm pack runs the build, so the tarball holds this checkout's dist/.
const tarball = packRelease(ROOT, OUT);
say(`npm package ${path.basename(tarball)}`);

let executables = mode === 'none' ? [] : freshExecutables(BIN_DIR);
if (mode === 'build' && executables.length < EXECUTABLES.length) {
  execFileSync('npm', ['run', 'build:binaries'], { cwd: ROOT, stdio: ['ignore', process.stderr, 'inherit'] });
  executables = freshExecutables(BIN_DIR);
  if (executables.length < EXECUTABLES.length) fail('npm run build:binaries did not write every executable');
}
const missing = EXECUTABLES.filter((e) => !executables.includes(e));
if (missing.length)
  say(`without the executables ${missing.map((e) => e.file).join(', ')}${mode === 'none' ? '' : ' (not built, or older than src/)'}`);
for (const e of executables) copyFileSync(path.join(BIN_DIR, e.file), path.join(OUT, e.file));
if (executables.length) copyFileSync(path.join(BIN_DIR, 'LICENSES.txt'), path.join(OUT, 'LICENSES.txt'));
const withSums = executables.map((e) => ({ ...e, sha256: sha256(path.join(OUT, e.file)) }));

// The SBOM of what the tarball and the executables hold.
const sbomFile = `${PROJECT.name}-${PROJECT.version}.cdx.json`;
const sbom = releaseSbom({ executables: withSums, executablesLicences: path.join(BIN_DIR, 'LICENSES.txt') });
writeFileSync(path.join(OUT, sbomFile), `${JSON.stringify(sbom, null, 2)}\n`);

// The MCP bundle, from the package as packed.
const unpacked = mkdtempSync(path.join(os.tmpdir(), 'gwctl-release-'));
const bundleFile = `${PROJECT.name}-${PROJECT.version}.mcpb`;
try {
  execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
  writeBundle(path.join(unpacked, 'package'), path.join(OUT, bundleFile));
} finally {
  rmSync(unpacked, { recursive: true, force: true });
}
const bundle = { file: bundleFile, sha256: sha256(path.join(OUT, bundleFile)) };

// The managers' manifests.
const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
writeFileSync(path.join(OUT, 'server.json'), json(serverJson({ base, bundle })));
if (withSums.some((e) => e.os !== 'win32')) writeFileSync(path.join(OUT, 'gwctl.rb'), homebrewFormula({ base, executables: withSums }));
else say('no Homebrew formula: no macOS or Linux executable');
const windows = withSums.find((e) => e.os === 'win32');
if (windows) {
  writeFileSync(path.join(OUT, 'gwctl.json'), json(scoopManifest({ base, executable: windows })));
  mkdirSync(path.join(OUT, 'winget'));
  for (const [file, text] of Object.entries(wingetManifests({ base, executable: windows })))
    writeFileSync(path.join(OUT, 'winget', file), text);
} else say('no Scoop or winget manifest: no Windows executable');

// SHA256SUMS over every file (sha256sum -c reads it in the release's folder), then its signature.
const files = readdirSync(OUT, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative(OUT, path.join(entry.parentPath, entry.name)))
  .sort();
writeFileSync(path.join(OUT, 'SHA256SUMS'), files.map((file) => `${sha256(path.join(OUT, file))}  ${file}\n`).join(''));
if (keyFile) {
  const signed = spawnSync(
    'minisign',
    ['-S', '-s', keyFile, '-m', path.join(OUT, 'SHA256SUMS'), '-t', `gwctl ${PROJECT.version} SHA256SUMS`],
    { stdio: ['inherit', 'ignore', 'inherit'] },
  );
  if (signed.status !== 0) fail('minisign could not sign SHA256SUMS');
  say('signed: SHA256SUMS.minisig');
} else {
  say('unsigned: GWCTL_RELEASE_KEY names no key file, so there is no SHA256SUMS.minisig');
}
say(`${files.length + (keyFile ? 2 : 1)} files in ${shown(OUT)}/, for downloads under ${base}`);
