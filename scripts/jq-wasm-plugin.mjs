// esbuild plugin for the --jq engine (jq-wasm: jq 1.8.1 compiled to WebAssembly by jq's
// maintainers). The package carries jq's WebAssembly inside its loader as 1.3 MB of base64 text,
// which every --jq run would parse and decode; the builds take it out into jq.wasm instead:
// - the loader (jq-wasm/dist/build/jq.js) loses the base64 text (gwctl hands the module its
//   WebAssembly itself, src/output/jq-engine.ts) and its one use of __dirname, which an ESM
//   bundle does not have;
// - src/output/jq-wasm-binary.ts becomes a module that reads jq.wasm: beside the chunk that
//   holds it in the npm build (the banner's `__gwctlChunkUrl`, the chunk's import.meta.url), an
//   asset in the standalone executable (`{ sea: true }`);
// - the npm build gets jq.wasm beside each output file that holds that module (needs
//   `metafile: true`), so dist/ is self-contained.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const LOADER = /[\\/]jq-wasm[\\/]dist[\\/]build[\\/]jq\.js$/;
const BINARY_MODULE = /(?:^|[\\/])src[\\/]output[\\/]jq-wasm-binary\.ts$/;
const BASE64 = /base64Decode\("([A-Za-z0-9+/=]+)"\)/;

/** jq's WebAssembly, as the package carries it. */
export async function jqWasmBytes() {
  const loader = await readFile(require.resolve('jq-wasm/dist/build/jq.js'), 'utf8');
  const base64 = BASE64.exec(loader)?.[1];
  if (!base64) throw new Error("jq-wasm's loader no longer holds jq's WebAssembly as base64: update scripts/jq-wasm-plugin.mjs");
  return Buffer.from(base64, 'base64');
}

/** `sea`: the standalone executable's build, where jq.wasm is the blob's asset `jq.wasm`. */
export function jqWasmPlugin({ sea = false } = {}) {
  return {
    name: 'jq-wasm',
    setup(build) {
      build.onLoad({ filter: LOADER }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        const uses = text.split('__dirname').length - 1;
        if (!BASE64.test(text) || uses !== 1) throw new Error("jq-wasm's loader has changed shape: update scripts/jq-wasm-plugin.mjs");
        return { contents: text.replace(BASE64, 'base64Decode("")').replace('__dirname', '"/"'), loader: 'js' };
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
