// The one lazy-loading seam: every dynamic import() is here or in commands.generated.ts (a lint
// rule keeps it so; the entry's import of the CLI aside). Layers below get heavy libraries passed in.
import { loadKeyringAddon } from './keyring-addon.js';

/** Heavy modules, each behind its adapter. */
export const load = {
  prompts: () => import('@inquirer/prompts'),
  spinner: () => import('ora').then((m) => m.default),
  tables: () => import('../output/table.js'),
  configStore: () => import('../config/store.js'),
  apiClient: () => import('../api/client.js'),
  /** zod's schema compiler, for a schema that checks many items (commands/shared/fetch.ts). */
  schemaCompiler: () => import('../api/schemas/compile.js'),
  /** undici's ProxyAgent, only when a proxy variable is set (api/transport-network.ts). */
  proxyTransport: () => import('../api/transport-proxy.js'),
  sandbox: () => import('../sandbox/server.js'),
  completionScripts: () => import('./completion-tree.js'),
  /** `gwctl mcp`'s entry, which answers the handshake before the SDK loads, with loaders of the SDK side and the --http side. */
  mcp: () =>
    import('./mcp/serve.js').then((entry) => ({
      serveMcp: (options: Parameters<typeof entry.serveMcp>[0], deps: Parameters<typeof entry.serveMcp>[1]) =>
        entry.serveMcp(options, deps, { server: () => import('./mcp/server.js'), http: () => import('./mcp/http.js') }),
    })),
  /** The one write path, for `gwctl api` on a write operation's route (cli/deps.ts). */
  writes: () => import('../commands/shared/write.js'),
  /** `gwctl help --json`: the whole description, built only when asked for. */
  helpJson: () => import('./help-json.js'),
  /** The printer of the run's output form (cli/output-choice.ts): only the one chosen loads. */
  printers: {
    jq: () => import('../output/printers/jq.js'),
    jsonl: () => import('../output/printers/jsonl.js'),
    json: () => import('../output/printers/json.js'),
    terminal: () => import('../output/printers/terminal.js'),
    rows: () => import('../output/printers/rows.js'),
  },
  /** The --jq engine (jq as WebAssembly): tens of milliseconds, so only under --jq. */
  jq: () => import('../output/jq.js'),
  /** The OS credential store's add-on (@napi-rs/keyring), only for a key kept there; synchronous, as settings are (keyring-addon.ts). */
  keyring: loadKeyringAddon,
};
