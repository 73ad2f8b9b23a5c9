// Builds the undici floor (bench/undici-floor.mjs) the way gwctl's transport is built: one
// minified ESM bundle with the same build-time rewrites of undici's requires, so the floor and
// gwctl differ only in what gwctl adds. Used by bench/run.sh and bench/instructions.sh.
//   node bench/build-floor.mjs OUTFILE            # bench/undici-floor.mjs
//   node bench/build-floor.mjs OUTFILE --stack    # bench/stack-floor.mjs: OUTFILE turns Node's compile
//                                                 # cache on, as bin/gwctl.js does, and loads the bundle beside it
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { builtinModulePlugin, lazyRequirePlugin } from '../scripts/lazy-requires.mjs';

const [outfile, mode] = process.argv.slice(2);
const stack = mode === '--stack';
if (!outfile || (mode !== undefined && !stack)) {
  console.error('usage: node bench/build-floor.mjs OUTFILE [--stack]');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
await build({
  entryPoints: [fileURLToPath(new URL(stack ? 'stack-floor.mjs' : 'undici-floor.mjs', import.meta.url))],
  outfile: stack ? `${outfile}.bundle.mjs` : outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  minify: true,
  logLevel: 'error',
  plugins: [lazyRequirePlugin(root, { strict: false }), builtinModulePlugin()],
  banner: {
    js: "const require=(id)=>process.getBuiltinModule(id)??process.getBuiltinModule('node:module').createRequire(import.meta.url)(id);",
  },
});
if (stack) {
  const bundle = `./${path.basename(outfile)}.bundle.mjs`;
  await writeFile(outfile, `import module from 'node:module';\nmodule.enableCompileCache?.();\nawait import(${JSON.stringify(bundle)});\n`);
}
