// Builds the undici floor (bench/undici-floor.mjs) the way gwctl's transport is built: one
// minified ESM bundle with the same build-time rewrites of undici's requires, so the floor and
// gwctl differ only in what gwctl adds. Used by bench/run.sh and bench/instructions.sh.
//   node bench/build-floor.mjs OUTFILE
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { builtinModulePlugin, lazyRequirePlugin } from '../scripts/lazy-requires.mjs';

const outfile = process.argv[2];
if (!outfile) {
  console.error('usage: node bench/build-floor.mjs OUTFILE');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
await build({
  entryPoints: [fileURLToPath(new URL('undici-floor.mjs', import.meta.url))],
  outfile,
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
