// esbuild plugin for the --jq engine (jq-web): its loader finds jq.wasm beside itself through
// __dirname, which an ESM bundle does not have. The plugin gives the loader the directory of
// the chunk it ends up in (the banner's `__gwctlChunkUrl`, the chunk's import.meta.url), and
// copies jq.wasm there, so dist/ is self-contained.
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Needs `metafile: true`: jq.wasm goes beside each output file that holds the loader. */
export function jqWasmPlugin() {
  return {
    name: 'jq-wasm',
    setup(build) {
      build.onLoad({ filter: /[\\/]jq-web[\\/]jq\.js$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        // Not import.meta here: that would make esbuild take the CommonJS loader for an ES module.
        const here = 'require("node:path").dirname(require("node:url").fileURLToPath(new URL("./jq.wasm", __gwctlChunkUrl)))';
        return { contents: text.replaceAll('__dirname', here), loader: 'js' };
      });
      build.onEnd(async (result) => {
        if (result.errors.length || !result.metafile) return;
        const wasm = path.join(path.dirname(require.resolve('jq-web')), 'jq.wasm');
        const root = build.initialOptions.absWorkingDir ?? process.cwd();
        for (const [file, output] of Object.entries(result.metafile.outputs)) {
          if (!Object.keys(output.inputs).some((input) => /[\\/]jq-web[\\/]jq\.js$/.test(input))) continue;
          const dir = path.dirname(path.resolve(root, file));
          await mkdir(dir, { recursive: true });
          await copyFile(wasm, path.join(dir, 'jq.wasm'));
        }
      });
    },
  };
}
