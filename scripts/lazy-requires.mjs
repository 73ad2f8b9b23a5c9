// Rewrites applied while bundling (scripts/build.mjs, and the benchmark floor in bench/build-floor.mjs).
import { readFile } from 'node:fs/promises';
import path from 'node:path';

// Node built-ins that bundled libraries require at load time but a command rarely or never
// uses. Each rewrite moves one require to where the library actually uses it, so every command
// stops paying for loading it (figures beside each).
// The libraries are pinned exactly; if a rewrite no longer matches their source, the build fails
// here rather than silently loading the module again.
export const lazyRequires = [
  {
    // commander spawns a child only for executable subcommands, which gwctl has none of;
    // child_process pulls in dgram and the socket list with it. About 6M instructions of
    // `endpoints get` on Node 24 (1%).
    file: 'node_modules/commander/lib/command.js',
    from: "const childProcess = require('node:child_process');",
    to: "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };",
  },
  {
    // undici's HTTP/2 connector (and with it http2, tls and crypto) is needed only when a
    // server negotiates h2, which gwctl never allows. On Node 24 loading them is about 175M
    // instructions of `endpoints get` (35%), on Node 20 about 60M (7%).
    file: 'node_modules/undici/lib/dispatcher/client.js',
    from: "const connectH2 = require('./client-h2.js')",
    to: "const connectH2 = (...args) => require('./client-h2.js')(...args)",
  },
];

// node:http: undici requires it at load for two values it reads later, and loading it costs
// about 5M instructions of `endpoints get` on Node 24 (2 %) in the npm build, and was 24M (9 %)
// in the standalone executable when it started from a startup snapshot, which cannot hold the
// native parser state node:http creates when it loads. `maxHeaderSize` is http.maxHeaderSize of the Node the build
// is for (16 KiB on every supported line); a --max-http-header-size given to Node (NODE_OPTIONS
// or its command line) still takes effect, and then node:http is loaded.
export function httpLazyRequires({ maxHeaderSize }) {
  if (!Number.isInteger(maxHeaderSize) || maxHeaderSize <= 0) throw new Error(`build: bad http.maxHeaderSize ${maxHeaderSize}`);
  return [
    {
      file: 'node_modules/undici/lib/dispatcher/client.js',
      from: "const http = require('node:http')\n",
      to: '',
    },
    {
      file: 'node_modules/undici/lib/dispatcher/client.js',
      from: [
        'const getDefaultNodeMaxHeaderSize = http &&',
        '  http.maxHeaderSize &&',
        '  Number.isInteger(http.maxHeaderSize) &&',
        '  http.maxHeaderSize > 0',
        '  ? () => http.maxHeaderSize',
        "  : () => { throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid') }",
      ].join('\n'),
      to: `const getDefaultNodeMaxHeaderSize = () => [process.env.NODE_OPTIONS ?? '', ...process.execArgv].some((a) => a.includes('--max-http-header-size')) ? require('node:http').maxHeaderSize : ${maxHeaderSize}`,
    },
    {
      file: 'node_modules/undici/lib/core/util.js',
      from: "const { IncomingMessage } = require('node:http')\n",
      to: '',
    },
    {
      // Only a destroyed request body that is a server-side message gets here; gwctl sends none.
      file: 'node_modules/undici/lib/core/util.js',
      from: 'if (Object.getPrototypeOf(stream).constructor === IncomingMessage) {',
      to: "if (Object.getPrototypeOf(stream).constructor === require('node:http').IncomingMessage) {",
    },
  ];
}

/**
 * esbuild plugin applying the rewrites. `strict`: fail when a listed file is not in the bundle
 * (gwctl's builds); the benchmark floor bundles only undici and passes false. `maxHeaderSize`:
 * see httpLazyRequires; by default that of the Node running the build.
 */
export function lazyRequirePlugin(root, { strict = true, maxHeaderSize = process.getBuiltinModule('node:http').maxHeaderSize } = {}) {
  const all = [...lazyRequires, ...httpLazyRequires({ maxHeaderSize })];
  const byFile = new Map();
  for (const r of all) {
    const file = path.join(root, r.file);
    byFile.set(file, [...(byFile.get(file) ?? []), r]);
  }
  const applied = new Set();
  return {
    name: 'lazy-requires',
    setup(b) {
      b.onLoad({ filter: /node_modules[\\/](commander|undici)[\\/]lib[\\/].*\.js$/ }, async (args) => {
        const rewrites = byFile.get(args.path);
        if (!rewrites) return undefined;
        let contents = await readFile(args.path, 'utf8');
        for (const r of rewrites) {
          if (contents.split(r.from).length !== 2) {
            throw new Error(`build: ${r.file} no longer contains ${JSON.stringify(r.from)} exactly once; update scripts/lazy-requires.mjs`);
          }
          contents = contents.replace(r.from, r.to);
          applied.add(r);
        }
        return { contents, loader: 'js' };
      });
      b.onEnd(() => {
        const missed = all.filter((r) => !applied.has(r)).map((r) => r.file);
        if (strict && missed.length) throw new Error(`build: lazy-require rewrites not applied (file not bundled?): ${missed.join(', ')}`);
      });
    },
  };
}

/**
 * esbuild plugin: `import { readFileSync } from 'node:fs'` becomes a read of
 * `process.getBuiltinModule('node:fs')` (Node 20.16+). An ESM import of a built-in makes Node
 * build its ES module facade, which reads every export, getters included: for `node:fs` that
 * loads `fs/promises` and with it readline, the REPL history, the directory and watcher code and
 * the whole streams stack, about 17M instructions on Node 24 (10 % of `gwctl --help`) for two
 * functions. Each export of the shim is a pure read, so the bundle keeps only the names the
 * code imports, and only those are read at run time (no getter, no deprecation warning).
 */
export function builtinModulePlugin() {
  const namespace = 'gwctl-builtin';
  return {
    name: 'builtin-modules',
    setup(b) {
      // Simple import statements are rewritten in place, so a built-in costs no shim module (and
      // no shared chunk of its own: three fewer files on the help path). Other forms fall
      // through to the shim below.
      b.onLoad({ filter: /\.(ts|js|mjs)$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const contents = inlineBuiltinImports(source);
        if (contents === undefined) return undefined;
        return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
      });
      b.onResolve({ filter: /^node:/ }, (args) => (args.kind === 'import-statement' ? { path: args.path, namespace } : undefined));
      b.onLoad({ filter: /.*/, namespace }, async (args) => {
        const mod = process.getBuiltinModule(args.path);
        if (!mod) throw new Error(`build: ${args.path} is not a Node built-in`);
        const names = Object.keys(mod).filter((name) => name !== 'default' && !name.startsWith('__') && /^[A-Za-z_$][\w$]*$/.test(name));
        const contents = [
          `const __m = process.getBuiltinModule(${JSON.stringify(args.path)});`,
          'const __read = (name) => __m[name];',
          'export default __m;',
          ...names.map((name) => `export const ${name} = /* @__PURE__ */ __read(${JSON.stringify(name)});`),
        ].join('\n');
        return { contents, loader: 'js' };
      });
    },
  };
}

const BUILTIN_IMPORT = /^import\s+(?!type\s)([^'";]+?)\s+from\s+(['"])(node:[\w/]+)\2;?[ \t]*$/gm;

/**
 * `import x, { a, b as c } from 'node:y'` → `const x = globalThis.process.getBuiltinModule('node:y'), { a, b: c } = x;`
 * (through globalThis, since a library may name its own import `process`).
 * Built-ins have no load-order effects, so a const in place of a hoisted import is the same.
 * Undefined when the source has no such statement.
 */
export function inlineBuiltinImports(source) {
  let changed = false;
  const out = source.replace(BUILTIN_IMPORT, (whole, clause, _quote, id) => {
    const m = clause.match(/^(?:([A-Za-z_$][\w$]*)\s*,?\s*)?(?:\*\s+as\s+([A-Za-z_$][\w$]*)|\{([^}]*)\})?$/);
    if (!m) return whole;
    const [, name, star, names] = m;
    const mod = `globalThis.process.getBuiltinModule(${JSON.stringify(id)})`;
    const whole_ = name ?? star;
    const picks = (names ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '))
      .map((n) => n.replace(/\s+as\s+/, ': '));
    changed = true;
    if (whole_ && picks.length) return `const ${whole_} = ${mod}, { ${picks.join(', ')} } = ${whole_};`;
    if (whole_) return `const ${whole_} = ${mod};`;
    if (picks.length) return `const { ${picks.join(', ')} } = ${mod};`;
    return '';
  });
  return changed ? out : undefined;
}
