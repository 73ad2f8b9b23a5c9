// Fewer, larger chunks (scripts/build.mjs). esbuild gives each set of code reached by a
// different set of entry points (src/main.ts and every target of an import(): the CLI, each
// command's implementation, each module behind src/cli/lazy.ts) a chunk of its own, so code that
// the lazily loaded modules share in slightly different ways ends up in dozens of small chunks,
// and a command loaded twenty to forty of them. Each costs about as much to load as a large one
// (resolve, read, check against the compile cache, link: 0.5-2M instructions on Node 24).
//
// What esbuild cannot know is the order things load in: every lazily loaded module is loaded by
// the CLI (src/cli/run.ts), after it. This plugin tells it, in the one way its splitter listens
// to, which is what each entry point reaches: a layer is a set of modules, and a lazily loaded
// module re-exports a namespace that holds every module of each layer it uses, so that all the
// modules of a layer are reached by the same entry points and the layer becomes one chunk.
//
// - The CLI's layer: every module of ours that src/cli/run.ts imports statically (the specs,
//   core, config, the output choice; commander comes with them). Every command loads it before
//   anything else anyway; every lazily loaded module, libraries included, gets it.
// - The other layers (GWCTL_LAYERS below): modules of ours that two or more lazily loaded modules
//   of ours share beyond that, each in the first layer whose test it passes. Modules that only one
//   of them reaches stay in its chunk (the HTTP client and undici, tables, the jq engine, the
//   config writer, each command's own code), as do those the build keeps apart.
//
// The price: a module that uses one module of a layer loads the whole layer, and every export of
// a module in a layer is kept (a namespace object holds them all). So layers hold only our code
// (for a library such as zod that would undo the tree-shaking; the library code a layer's
// modules use follows them), and modules whose loading does real work (the zod schemas build
// their validators) are kept apart. Measured in docs/startup.md and
// docs/decisions/003-build-in-layers.md.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inlineBuiltinImports } from './lazy-requires.mjs';

const NAMESPACE = 'gwctl-layer';

/**
 * gwctl's layers, the same in the npm build (scripts/build.mjs) and in the standalone
 * executable's chunks (scripts/build-binary.mjs): see findLayers.
 */
const GWCTL_LAYERS = {
  cli: 'src/cli/run.ts',
  layers: [
    // The other helpers of commands/shared/ (paging, lists of interns, pickers, watches, actions
    // on many targets, the key check) and completions/: a read uses none of them.
    { name: 'helpers', test: (file) => /^src\/commands\/shared\/(?!(fetch|format|detail)\.ts$)|^src\/completions\//.test(file) },
    // What `gwctl mcp`'s entry shares with the MCP SDK's side (the stdin reader, what the server
    // says of itself): the entry answers the handshake before the SDK's side and the commands'
    // layer load, so it gets only this.
    { name: 'mcpOpening', test: (file) => /^src\/cli\/mcp\/(lines|identity)\.ts$/.test(file) },
    // The rest of what lazily loaded modules share: routes, commands/context.ts, fetch, format
    // and detail, the printers' common part, pacing, the schemas' common part.
    { name: 'commands', test: () => true },
  ],
  // The resources' zod schemas build their validators when loaded: only where they are used
  // (their common part is a few lines, and with it the zod code every schema uses joins a layer).
  keepApart: (file) => file.startsWith('src/api/schemas/') && file !== 'src/api/schemas/common.ts',
};

/**
 * Builds `options` (esbuild's, code-split, with `absWorkingDir`) in gwctl's layers: a first build
 * that writes nothing finds them, the second writes. Returns the second's result.
 */
export async function buildInLayers(build, options) {
  const layers = await findLayers(build, options, GWCTL_LAYERS);
  return build({ ...options, plugins: [sharedChunksPlugin(options.absWorkingDir, layers), ...options.plugins] });
}

/**
 * The layers of the build `options` describes (esbuild's `build` and options), found from a first
 * build of it that writes nothing. `cli`: the module every lazily loaded module loads after.
 * `layers`: `{ name, test(file) }` in order, the last taking whatever is left. `keepApart(file)`:
 * modules that no layer takes.
 */
async function findLayers(build, options, { cli, layers, keepApart }) {
  const { metafile } = await build({ ...options, write: false, metafile: true, logLevel: 'silent' });
  const inputs = metafile.inputs;
  const staticImports = (file) =>
    (inputs[file]?.imports ?? []).filter((i) => !i.external && i.kind !== 'dynamic-import').map((i) => i.path);
  const closure = (start) => {
    const seen = new Set([start]);
    const todo = [start];
    while (todo.length > 0) {
      for (const next of staticImports(todo.pop())) {
        if (!seen.has(next)) {
          seen.add(next);
          todo.push(next);
        }
      }
    }
    return seen;
  };
  const lazyTargets = new Set(
    Object.values(inputs).flatMap((input) => input.imports.filter((i) => i.kind === 'dynamic-import' && !i.external).map((i) => i.path)),
  );
  if (!lazyTargets.has(cli)) throw new Error(`build: ${cli} is not loaded with import(): update scripts/shared-chunks.mjs`);
  const ours = (file) => file.startsWith('src/');
  const cliClosure = closure(cli);
  const others = [...lazyTargets].filter((file) => file !== cli);
  const oursLazy = others.filter(ours);
  // Whatever a library loaded lazily (prompts, the spinner) reaches is left where esbuild puts it.
  const foreign = new Set(others.filter((file) => !ours(file)).flatMap((entry) => [...closure(entry)]));

  const reached = new Map(oursLazy.map((entry) => [entry, closure(entry)]));
  const reachCount = new Map();
  for (const files of reached.values()) for (const file of files) reachCount.set(file, (reachCount.get(file) ?? 0) + 1);
  const shared = [...reachCount]
    .filter(([file, n]) => n >= 2 && ours(file) && !cliClosure.has(file) && !foreign.has(file) && !keepApart(file))
    .map(([file]) => file);
  const members = new Map(layers.map(({ name }) => [name, []]));
  for (const file of shared) members.get((layers.find(({ test }) => test(file)) ?? layers.at(-1)).name).push(file);

  // A layer goes to every lazily loaded module that reaches one of its modules, also through
  // another layer it gets: repeated until nothing changes.
  const getting = new Map(oursLazy.map((entry) => [entry, new Set()]));
  for (let changed = true; changed;) {
    changed = false;
    for (const entry of oursLazy) {
      const files = new Set(reached.get(entry));
      for (const name of getting.get(entry)) for (const file of members.get(name)) for (const f of closure(file)) files.add(f);
      for (const [name, modules] of members) {
        if (!getting.get(entry).has(name) && modules.some((file) => files.has(file))) {
          getting.get(entry).add(name);
          changed = true;
        }
      }
    }
  }
  const entries = new Map([cli, ...others].map((entry) => [entry, ['cli', ...(getting.get(entry) ?? [])]]));
  // The CLI's layer leaves out the lazily loaded modules it imports itself (their chunk is theirs).
  members.set(
    'cli',
    [...cliClosure].filter((file) => ours(file) && file !== cli && !lazyTargets.has(file)),
  );
  return { entries, members };
}

/** The esbuild plugin: each lazily loaded module re-exports, as namespaces, the layers it gets. */
function sharedChunksPlugin(root, { entries, members }) {
  const layersOf = new Map([...entries].map(([file, names]) => [path.join(root, file), names]));
  return {
    name: 'gwctl-shared-chunks',
    setup(build) {
      build.onResolve({ filter: /^gwctl-layer:/ }, (args) => ({ path: args.path.slice('gwctl-layer:'.length), namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: members
          .get(args.path)
          .map((file, i) => `export * as m${i} from ${JSON.stringify(path.join(root, file))};`)
          .join('\n'),
        resolveDir: root,
        loader: 'js',
      }));
      build.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
        const names = layersOf.get(args.path);
        if (!names) return undefined;
        // This load takes the file's place for the plugins after it: do builtinModulePlugin's rewrite here.
        const read = await readFile(args.path, 'utf8');
        const source = inlineBuiltinImports(read) ?? read;
        const exports = names.map((name) => `export * as __gwctlLayer_${name} from 'gwctl-layer:${name}';`).join('\n');
        return { contents: `${source}\n${exports}\n`, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
      });
    },
  };
}
