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
 * The code caches of each chunk: V8 takes one only under the V8 flags it was made with, and gwctl
 * sets `--liftoff-only` itself when it makes its first HTTP client or starts jq
 * (keepWasmOnBaselineTier in src/core/v8-flags.ts), so each chunk has a cache for the flags a
 * run starts with and one for after that change (`--jq` loads most of its chunks after it).
 * scripts/chunk-code-cache.mjs makes both.
 */
export const CODE_CACHES = [
  { suffix: '.cache', v8Flags: [] },
  { suffix: '.liftoff.cache', v8Flags: ['--liftoff-only'] },
];

/**
 * The executable's main script: the loader, run at once with the entry chunk (src/main.ts),
 * which it holds itself so that `--version` reads no asset. `codeCache`: whether every chunk has
 * its CODE_CACHES beside it.
 */
export async function mainScript(code, target, { codeCache }) {
  const caches = codeCache ? CODE_CACHES.map(({ suffix }) => suffix) : [];
  const script = `"use strict";(${runFromAssets.toString()})(${await chunkScript(code, target)}, require, ${JSON.stringify(caches)});\n`;
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
 * cache when it has one: `caches` are the asset suffixes of CODE_CACHES, the first made under the
 * V8 flags a run starts with, the second under those after gwctl changed them (V8's version tag
 * of cached data, which covers the flags, differs from the one at the first chunk). V8 checks a
 * cache and compiles the source instead when it does not fit, so a cache that does not fit
 * (another change of flags, a watch's) costs time, never behaviour. Exported for
 * scripts/chunk-code-cache.mjs, which runs chunks through it to make their caches.
 */
export function runFromAssets(main, nodeRequire, caches) {
  const { getRawAsset } = nodeRequire('node:sea');
  const { Script } = nodeRequire('node:vm');
  const modules = new Map();
  let startTag;
  const cacheSuffix = () => {
    const tag = nodeRequire('node:v8').cachedDataVersionTag();
    startTag ??= tag;
    return caches[tag === startTag ? 0 : 1];
  };
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
      ...(caches.length > 0 ? { cachedData: Buffer.from(getRawAsset(`${key}${cacheSuffix()}`)) } : {}),
    });
    script.runInThisContext()(module.exports, requireChunk, module);
    return module.exports;
  }
  main({}, requireChunk, { exports: {} });
}
