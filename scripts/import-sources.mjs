// The generators read values out of the TypeScript sources (the specs' operations, the schemas'
// fields): the modules an entry names, bundled into one module in memory and imported from it.
import * as esbuild from 'esbuild';

/** Imports `entry` (module source that re-exports the sources), resolved from `dir`; `name` names it in errors. */
export async function importSources(entry, dir, name) {
  const bundle = await esbuild.build({
    stdin: { contents: entry, resolveDir: dir, loader: 'ts', sourcefile: name },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
  });
  return import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
}
