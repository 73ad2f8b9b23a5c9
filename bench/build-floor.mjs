// Builds the floors gwctl's start-up is set against. Used by bench/run.sh and bench/instructions.sh.
//   node bench/build-floor.mjs OUTFILE --plain          # bench/undici-plain.mjs, bundled as a user's own script
//                                                       # would be: plain `esbuild --bundle --platform=node`
//   node bench/build-floor.mjs OUTFILE --print TEXTFILE # a script that writes TEXTFILE's text to stdout and
//                                                       # does nothing else (the floor of --version and --help)
//   node bench/build-floor.mjs OUTFILE                  # bench/undici-floor.mjs, bundled with gwctl's rewrites
//                                                       # of undici's requires (the tuned floor)
//   node bench/build-floor.mjs OUTFILE --stack          # bench/stack-floor.mjs: OUTFILE turns Node's compile
//                                                       # cache on, as bin/gwctl.js does, and loads the bundle beside it
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { builtinModulePlugin, lazyRequirePlugin } from '../scripts/lazy-requires.mjs';

const [outfile, mode, textFile, ...rest] = process.argv.slice(2);
if (!outfile || ![undefined, '--plain', '--print', '--stack'].includes(mode) || (mode === '--print') !== Boolean(textFile) || rest.length) {
  console.error('usage: node bench/build-floor.mjs OUTFILE [--plain | --print TEXTFILE | --stack]');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const here = (file) => fileURLToPath(new URL(file, import.meta.url));

if (mode === '--print') {
  // Run as gwctl's bin is (`node FILE`, an ES module), writing the same text, and nothing else.
  await writeFile(outfile, `process.stdout.write(${JSON.stringify(await readFile(textFile, 'utf8'))});\n`);
} else if (mode === '--plain') {
  // esbuild's own defaults for a Node script (CommonJS out, so the file is .cjs to Node).
  await build({ entryPoints: [here('undici-plain.mjs')], outfile, bundle: true, platform: 'node', logLevel: 'error' });
} else {
  const stack = mode === '--stack';
  await build({
    entryPoints: [here(stack ? 'stack-floor.mjs' : 'undici-floor.mjs')],
    outfile: stack ? `${outfile}.bundle.mjs` : outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    minify: true,
    logLevel: 'error',
    plugins: [gwctlExportsPlugin(), lazyRequirePlugin(root, { strict: false }), builtinModulePlugin()],
    banner: {
      js: "const require=(id)=>process.getBuiltinModule(id)??process.getBuiltinModule('node:module').createRequire(import.meta.url)(id);",
    },
  });
  if (stack) {
    const bundle = `./${path.basename(outfile)}.bundle.mjs`;
    await writeFile(
      outfile,
      `import module from 'node:module';\nmodule.enableCompileCache?.();\nawait import(${JSON.stringify(bundle)});\n`,
    );
  }
}

/**
 * `import { name } from 'gwctl:name'` resolves to the module of src/ that exports `name`, wherever
 * it lives today: the stack floor takes gwctl's own declarations without naming their files.
 */
function gwctlExportsPlugin() {
  return {
    name: 'gwctl-exports',
    setup(b) {
      b.onResolve({ filter: /^gwctl:/ }, async (args) => {
        const name = args.path.slice('gwctl:'.length);
        const declares = new RegExp(`^export (const|function|class) ${name}\\b`, 'm');
        for (const entry of await readdir(path.join(root, 'src'), { recursive: true })) {
          const file = path.join(root, 'src', entry);
          if (file.endsWith('.ts') && declares.test(await readFile(file, 'utf8'))) return { path: file };
        }
        return { errors: [{ text: `no module of src/ exports ${name}` }] };
      });
    },
  };
}
