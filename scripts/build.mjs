// Builds dist/: one code-split ESM bundle of src/main.ts and every library it uses.
// Splitting matters more than size: each command pulls in only the chunks it imports,
// so `gwctl --version` never parses the HTTP client and `endpoints get` never parses prompts.
import { build } from 'esbuild';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { builtinModulePlugin, lazyRequirePlugin } from './lazy-requires.mjs';
import { jqWasmPlugin } from './jq-wasm-plugin.mjs';
import { eagerCommonJsFactories } from './eager-compile.mjs';
import { buildInLayers } from './shared-chunks.mjs';
import { buildDefines } from './build-info.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const finalDir = path.join(root, 'dist');
// Build beside dist/ and swap it in at the end, so a test run that is using dist/ meanwhile
// never sees it half-written or missing.
const outdir = path.join(root, `dist.tmp-${process.pid}`);
await rm(outdir, { recursive: true, force: true });

// Bundled CommonJS libraries require() only Node built-ins (everything else is bundled), and
// process.getBuiltinModule hands those out without the module object, path resolution and
// import of node:module that createRequire(import.meta.url) costs on every chunk that loads.
// Anything else still goes through a real require, made on first use. esbuild puts the banner
// on every chunk; where it is not used it costs next to nothing (docs/startup.md).
const REQUIRE_BANNER =
  "const require=(id)=>process.getBuiltinModule(id)??process.getBuiltinModule('node:module').createRequire(import.meta.url)(id);";
// The --jq engine finds jq.wasm beside the chunk that holds it (scripts/jq-wasm-plugin.mjs).
const CHUNK_URL_BANNER = 'const __gwctlChunkUrl=import.meta.url;';

const options = {
  absWorkingDir: root,
  entryPoints: ['src/main.ts'],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.17',
  minify: true,
  legalComments: 'none',
  metafile: true,
  chunkNames: 'chunks/[name]-[hash]',
  define: buildDefines(root),
  // Some bundled libraries are CommonJS and call require() for Node built-ins.
  banner: { js: REQUIRE_BANNER + CHUNK_URL_BANNER },
  plugins: [jqWasmPlugin(), lazyRequirePlugin(root), builtinModulePlugin()],
  logLevel: 'warning',
};
// Fewer, larger chunks, in gwctl's layers: see scripts/shared-chunks.mjs.
const result = await buildInLayers(build, options);

// Bundled CommonJS module bodies are marked for eager compilation, so they come from Node's
// compile cache (scripts/eager-compile.mjs).
let eagerFactories = 0;
for (const output of Object.keys(result.metafile.outputs)) {
  if (!output.endsWith('.js')) continue;
  const file = path.join(root, output);
  const eager = eagerCommonJsFactories(await readFile(file, 'utf8'));
  eagerFactories += eager.count;
  await writeFile(file, eager.code);
}
// undici alone is some sixty CommonJS modules: none found means esbuild's wrapper has changed shape.
if (eagerFactories < 50)
  throw new Error(`build: only ${eagerFactories} CommonJS module bodies found to compile eagerly; update scripts/eager-compile.mjs`);

// The bundle carries other people's code: ship their licences with it.
const packages = new Set();
for (const input of Object.keys(result.metafile.inputs)) {
  const match = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g);
  if (match) packages.add(match[match.length - 1].replace(/^node_modules\//, '').replace(/\/$/, ''));
}
const notices = [];
for (const name of [...packages].sort()) {
  const dir = path.join(root, 'node_modules', name);
  const meta = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
  const licenceFile = ['LICENSE', 'LICENSE.md', 'license', 'license.md', 'LICENCE', 'LICENSE.txt']
    .map((f) => path.join(dir, f))
    .find((f) => existsSync(f));
  const text = licenceFile ? await readFile(licenceFile, 'utf8') : `License: ${meta.license ?? 'see package'}`;
  notices.push(`${name}@${meta.version}\n${'-'.repeat(40)}\n${text.trim()}\n`);
}
await writeFile(path.join(outdir, 'THIRD_PARTY_LICENSES.txt'), notices.join('\n'));

const oldDir = path.join(root, `dist.old-${process.pid}`);
await rename(finalDir, oldDir).catch(() => {});
await rename(outdir, finalDir);
await rm(oldDir, { recursive: true, force: true });
