// The MCP SDK (loaded only by `gwctl mcp`) gets its own copy of the libraries it shares with the
// rest of the bundle (zod, ajv). esbuild tree-shakes a library once for the whole build: the
// parts of zod the SDK uses (JSON Schema conversion, zod/mini) would join the zod code of the
// schemas, in the chunk every read loads, and ajv (the config writer's, through conf) would
// become a chunk of its own for `auth` and `config`. A copy in a namespace of its own is a
// separate module graph, which only the SDK's chunk reaches. (Measured in bench/README.md,
// "gwctl mcp".)
//
// Ajv itself is not in the SDK's copy: the SDK checks JSON Schema only when a server asks the
// client for input (elicitation), which gwctl never does, and gwctl gives its server a checker of
// its own (NO_ELICITATION in src/cli/mcp/server.ts). The SDK's default checker module still
// imports Ajv; it gets a stand-in that refuses to be built, so a future SDK that did build it
// fails loudly in the MCP tests instead of costing every `gwctl mcp` start (bench/README.md).
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const NAMESPACE = 'mcp-own-copy';
const SHARED = /^(zod|ajv|ajv-formats)(\/.*)?$/;
const LEFT_OUT = /^ajv(-formats)?$/;
const STAND_IN = 'gwctl-mcp-left-out';
const SDK = `${path.sep}node_modules${path.sep}@modelcontextprotocol${path.sep}sdk${path.sep}`;

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
      // Ajv, imported by the SDK's default JSON Schema checker: the stand-in.
      build.onResolve({ filter: LEFT_OUT }, (args) =>
        args.namespace === 'file' && args.importer.includes(SDK) ? { path: args.path, namespace: STAND_IN } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: STAND_IN }, (args) => ({
        contents: `export default class LeftOut { constructor() { throw new Error(${JSON.stringify(`${args.path} is left out of gwctl's build`)}); } }`,
        loader: 'js',
      }));
      // A shared library imported by the SDK: the copy.
      build.onResolve({ filter: SHARED }, (args) => (args.namespace === 'file' && args.importer.includes(SDK) ? copy(args) : undefined));
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
