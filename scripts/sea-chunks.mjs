// The standalone executable in the npm build's shape (scripts/build-binary.mjs): a small main
// script, and every chunk of the code-split bundle an asset of the executable, compiled (with its
// V8 code cache, where the build made one) only when a run first uses it.
//
// A single executable's main script is one CommonJS script whose require() reaches only Node's
// built-in modules, and import() does not work at all once the main script has a code cache.
// So each ES module chunk of esbuild's split build becomes a CommonJS function
// `(function (exports, require, module) {...})`, its imports require() calls (import() a
// resolved promise of one), and the main script carries a loader that gives each chunk a
// require() reading the others from the assets: `vm.Script` with `cachedData`, the same compile
// Node does for a module with its compile cache.
import { transform } from 'esbuild';
import { eagerCommonJsFactories } from './eager-compile.mjs';

/** The asset that holds a chunk's script text; its code cache is `${key}.cache`. */
export const chunkAssetKey = (fileName) => `chunks/${fileName}`;

/**
 * An ES module chunk (imports of `./<file>.js`, as esbuild writes them into one folder) as
 * CommonJS code: imports become require() calls whose exports keep ES modules' live bindings
 * (esbuild's getters), import() a promise of the same. `target` is esbuild's (`node24`).
 */
async function asCommonJs(code, target) {
  const result = await transform(code, {
    format: 'cjs',
    platform: 'node',
    target,
    minify: true,
    legalComments: 'none',
    // import() of a chunk cannot work inside the executable: a resolved promise of require().
    supported: { 'dynamic-import': false },
    logLevel: 'warning',
  });
  // The bundled CommonJS libraries' module bodies compiled with the chunk, so that the code
  // cache holds them (as Node's compile cache does for the npm build: scripts/eager-compile.mjs).
  return eagerCommonJsFactories(result.code).code;
}

/**
 * Script text of a chunk: a function of exports, require and module, in strict mode as the ES
 * module it was. ASCII only (esbuild's default), so the executable reads it as Latin-1, a copy of
 * its bytes; anything else is refused here.
 */
export async function chunkScript(code, target) {
  const script = `(function (exports, require, module) {"use strict";${await asCommonJs(code, target)}\n})`;
  ascii(script);
  return script;
}

/**
 * The suffix of each chunk's code cache asset. V8 takes a cache only under the V8 flags it was
 * made with: these are made under the flags a run starts with, so a chunk loaded after gwctl sets
 * `--liftoff-only` (its first HTTP connection, or jq's engine) is compiled from its source
 * (docs/startup.md). scripts/chunk-code-cache.mjs makes them.
 */
export const CODE_CACHE = '.cache';

/**
 * The executable's main script: the loader, run at once with the entry chunk (src/main.ts),
 * which it holds itself so that `--version` reads no asset. `codeCache`: whether every chunk has
 * its CODE_CACHE beside it.
 */
export async function mainScript(code, target, { codeCache }) {
  const cache = codeCache ? CODE_CACHE : null;
  const script = `"use strict";(${runFromAssets.toString()})(${await chunkScript(code, target)}, require, ${JSON.stringify(cache)});\n`;
  ascii(script);
  return script;
}

function ascii(script) {
  const at = script.search(/[^\0-\x7f]/);
  if (at >= 0) throw new Error(`build: a chunk has a character outside ASCII at ${at}: ${JSON.stringify(script.slice(at - 20, at + 20))}`);
}

/**
 * Runs inside the executable as the text of its main script, so it uses nothing outside itself:
 * `main` is the entry chunk's function, `nodeRequire` the main script's require() (Node's
 * built-in modules). Each chunk is compiled and run once, on its first require(), with its code
 * cache when it has one (`cache`: the asset suffix of CODE_CACHE, or null). V8 checks a cache and
 * compiles the source instead when it does not fit (V8's flags changed since it was made), so a
 * cache that does not fit costs time, never behaviour. Exported for scripts/chunk-code-cache.mjs,
 * which runs chunks through it to make their caches.
 */
export function runFromAssets(main, nodeRequire, cache) {
  const { getRawAsset } = nodeRequire('node:sea');
  const { Script } = nodeRequire('node:vm');
  const modules = new Map();
  // esbuild writes a chunk's imports as `./<file>.js`: every chunk is in one folder.
  const requireChunk = (id) => (id.startsWith('./') ? load(id.slice(2)) : nodeRequire(id));
  function load(fileName) {
    let module = modules.get(fileName);
    if (module) return module.exports;
    module = { exports: {} };
    modules.set(fileName, module);
    const key = `chunks/${fileName}`;
    const script = new Script(Buffer.from(getRawAsset(key)).toString('latin1'), {
      filename: `gwctl:${fileName}`,
      ...(cache ? { cachedData: Buffer.from(getRawAsset(`${key}${cache}`)) } : {}),
    });
    script.runInThisContext()(module.exports, requireChunk, module);
    return module.exports;
  }
  main({}, requireChunk, { exports: {} });
}
