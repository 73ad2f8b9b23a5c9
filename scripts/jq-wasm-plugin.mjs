// esbuild plugin for the --jq engine (jq-wasm: jq 1.8.2 compiled to WebAssembly by jq's
// maintainers). The builds carry jq's WebAssembly as jq.wasm, changed in two ways, and its loader
// (jq-wasm's CommonJS entry, the Emscripten module and its handle) with two changes:
// - jq's stack is 32 MiB, checked where it ends (scripts/jq-wasm-stack.mjs), where the package's
//   1 MiB, unchecked, ends about 1,000 levels of nesting into jq's own data;
// - jq's heap may grow to 1 GiB (src/output/jq-engine.ts reads it back from the module) where the
//   package stops it at 256 MiB, too little for jq to sort a 30 MB body: the WebAssembly's
//   memory declares the larger maximum, and the loader's own bound on growth is raised to it;
// - the loader's one use of __dirname (where it would read the package's jq.wasm, which gwctl
//   never asks it to), which an ESM bundle does not have, becomes "/", and node:fs/promises,
//   which only that reading uses, is loaded when it is used: loading it costs jq's thread 27M
//   instructions and a collection of its old generation at every start;
// - src/output/jq-wasm-binary.ts becomes a module that reads jq.wasm: beside the chunk that
//   holds it in the npm build (the banner's `__gwctlChunkUrl`, the chunk's import.meta.url), an
//   asset in the standalone executable (`{ sea: true }`);
// - the npm build gets jq.wasm beside each output file that holds that module (needs
//   `metafile: true`), so dist/ is self-contained; the test runner reads dist/chunks/jq.wasm.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { withDeeperStack } from './jq-wasm-stack.mjs';

const require = createRequire(import.meta.url);
const LOADER = /[\\/]jq-wasm[\\/]dist[\\/]index\.cjs$/;
const BINARY_MODULE = /(?:^|[\\/])src[\\/]output[\\/]jq-wasm-binary\.ts$/;
/** The most jq's heap may grow to, in bytes and in WebAssembly pages of 64 KiB. */
const HEAP_MAX_BYTES = 1024 * 1024 * 1024;
const HEAP_MAX_PAGES = HEAP_MAX_BYTES / 65536;
/** jq's stack: 32 MiB, where the package has 1 MiB. jq printing an array nested 10,000 deep, its own limit, takes 15.6 MiB. */
const STACK_BYTES = 32 * 1024 * 1024;
/** jq's stack as jq-wasm builds it. */
const PACKAGE_STACK = 1024 * 1024;
/** The loader's bound on growth, as the package has it (256 MiB). */
const LOADER_HEAP_MAX = 'var getHeapMax = () => 268435456;';
/** Where the loader would find the package's own jq.wasm, and what it would read it with. */
const LOADER_DIRNAME = '(0, import_node_path.join)(__dirname, "build", "jq.wasm")';
const LOADER_FS_PROMISES = 'var import_promises = require("fs/promises");';

/** jq's WebAssembly, as the package carries it, with a stack of STACK_BYTES and memory allowed to grow to HEAP_MAX_BYTES. */
export async function jqWasmBytes() {
  const wasm = await readFile(require.resolve('jq-wasm/jq.wasm'));
  const deeper = withDeeperStack(wasm, STACK_BYTES - PACKAGE_STACK);
  if (deeper.stackBytes !== STACK_BYTES) throw new Error("jq's stack is no longer 1 MiB in the package: update scripts/jq-wasm-plugin.mjs");
  return withMemoryMax(deeper.wasm, HEAP_MAX_PAGES);
}

/**
 * The module with its one memory's maximum set to `pages`: the memory section (id 5) is
 * written again, as a count of one, limits with a maximum (flag 1), the minimum as it was.
 */
function withMemoryMax(wasm, pages) {
  const leb = (n) => {
    const out = [];
    do {
      let byte = n & 0x7f;
      n >>>= 7;
      if (n !== 0) byte |= 0x80;
      out.push(byte);
    } while (n !== 0);
    return out;
  };
  const readLeb = (at) => {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      byte = wasm[at++];
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    return { value, at };
  };
  for (let at = 8; at < wasm.length;) {
    const id = wasm[at];
    const size = readLeb(at + 1);
    const end = size.at + size.value;
    if (id === 5) {
      const count = readLeb(size.at);
      if (count.value !== 1 || wasm[count.at] !== 1)
        throw new Error("jq's WebAssembly memory has changed shape: update scripts/jq-wasm-plugin.mjs");
      const min = readLeb(count.at + 1);
      const body = [1, 1, ...leb(min.value), ...leb(pages)];
      return Buffer.concat([wasm.subarray(0, at), Buffer.from([5, ...leb(body.length), ...body]), wasm.subarray(end)]);
    }
    at = end;
  }
  throw new Error("jq's WebAssembly has no memory section: update scripts/jq-wasm-plugin.mjs");
}

/** `sea`: the standalone executable's build, where jq.wasm is the blob's asset `jq.wasm`. */
export function jqWasmPlugin({ sea = false } = {}) {
  return {
    name: 'jq-wasm',
    setup(build) {
      build.onLoad({ filter: LOADER }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        const once = (part) => text.split(part).length === 2;
        if (!once('__dirname') || !once(LOADER_DIRNAME) || !once(LOADER_HEAP_MAX) || !once(LOADER_FS_PROMISES))
          throw new Error("jq-wasm's loader has changed shape: update scripts/jq-wasm-plugin.mjs");
        const contents = text
          .replace('__dirname', '"/"')
          .replace(LOADER_HEAP_MAX, `var getHeapMax = () => ${HEAP_MAX_BYTES};`)
          .replace(LOADER_FS_PROMISES, 'var import_promises = { readFile: (...args) => require("fs/promises").readFile(...args) };');
        return { contents, loader: 'js' };
      });
      build.onLoad({ filter: BINARY_MODULE }, () => ({
        loader: 'js',
        contents: sea
          ? "export function jqWasmBinary() { return new Uint8Array(require('node:sea').getAsset('jq.wasm')); }"
          : "export function jqWasmBinary() { return require('node:fs').readFileSync(new URL('./jq.wasm', __gwctlChunkUrl)); }",
      }));
      if (sea) return;
      build.onEnd(async (result) => {
        if (result.errors.length || !result.metafile) return;
        const root = build.initialOptions.absWorkingDir ?? process.cwd();
        const bytes = await jqWasmBytes();
        for (const [file, output] of Object.entries(result.metafile.outputs)) {
          if (!Object.keys(output.inputs).some((input) => BINARY_MODULE.test(input))) continue;
          const dir = path.dirname(path.resolve(root, file));
          await mkdir(dir, { recursive: true });
          await writeFile(path.join(dir, 'jq.wasm'), bytes);
        }
      });
    },
  };
}
