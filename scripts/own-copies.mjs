// The MCP SDK (@modelcontextprotocol/server and its core; loaded only by `gwctl mcp`) gets its own copy of the libraries it shares with the
// rest of the bundle (zod, ajv). esbuild tree-shakes a library once for the whole build: the
// parts of zod the SDK uses (JSON Schema conversion, zod/mini) would join the zod code of the
// schemas, in the chunk every read loads, and ajv (the config writer's, through conf) would
// become a chunk of its own for `auth` and `config`. A copy in a namespace of its own is a
// separate module graph, which only the SDK's chunk reaches. (Measured in
// docs/decisions/010-mcp-sdk-own-copies.md.)
//
// Ajv is left out: the SDK checks JSON Schema only for the answer to a form a server asks a
// person to fill in (elicitation), and gwctl's forms are flat, checked by FORM_CHECKER
// (src/cli/mcp/asking.ts). The SDK bundles Ajv inside its runtime shim module
// (`@modelcontextprotocol/server/_shims`), which it imports for its default checker and for
// `process`; that module gets a stand-in whose default checker refuses to be built, so a future
// SDK that did build it fails loudly in the MCP tests instead of costing every `gwctl mcp` start
// (docs/startup.md).
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const NAMESPACE = 'mcp-own-copy';
const SHARED = /^zod(\/.*)?$/;
const STAND_IN = 'gwctl-mcp-left-out';
const SDK = /[\\/]node_modules[\\/]@modelcontextprotocol[\\/](server|core)[\\/]/;
const SHIMS = /^@modelcontextprotocol\/server\/_shims$/;

export function ownCopiesPlugin() {
  return {
    name: 'gwctl-mcp-own-copies',
    setup(build) {
      const copy = async (args) => {
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        if (resolved.external) return resolved;
        return { path: resolved.path, namespace: NAMESPACE };
      };
      // The runtime shim, which carries Ajv as the default JSON Schema checker: the stand-in.
      build.onResolve({ filter: SHIMS }, (args) => ({ path: args.path, namespace: STAND_IN }));
      build.onLoad({ filter: /.*/, namespace: STAND_IN }, () => ({
        contents: [
          "export { default as process } from 'node:process';",
          `export class DefaultJsonSchemaValidator { constructor() { throw new Error("the SDK's JSON Schema checker (Ajv) is left out of gwctl's build"); } }`,
        ].join('\n'),
        loader: 'js',
      }));
      // A shared library imported by the SDK: the copy.
      build.onResolve({ filter: SHARED }, (args) => (args.namespace === 'file' && SDK.test(args.importer) ? copy(args) : undefined));
      // Everything a copied module imports stays in the copy (built-ins stay built-ins).
      build.onResolve({ filter: /.*/, namespace: NAMESPACE }, (args) =>
        args.path.startsWith('node:') ? { path: args.path, external: true } : copy(args),
      );
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => ({
        contents: await readFile(args.path, 'utf8'),
        loader: args.path.endsWith('.json') ? 'json' : 'js',
        resolveDir: path.dirname(args.path),
      }));
    },
  };
}
