// The one lazy-loading seam: every dynamic import() of gwctl is here or, for the command
// implementations, in its generated half, commands.generated.ts (a lint rule keeps it so; the
// only other is the entry's import of the CLI in src/main.ts, which keeps --version bare).
// Heavy libraries (prompts, spinner, tables, the config writer, the HTTP client, the sandbox,
// completion scripts) load only when used; everything below this layer gets them passed in.
import { loadKeyringAddon } from './keyring-addon.js';

/** Heavy modules, each behind its adapter. */
export const load = {
  prompts: () => import('@inquirer/prompts'),
  spinner: () => import('ora').then((m) => m.default),
  tables: () => import('../output/table.js'),
  configStore: () => import('../config/store.js'),
  apiClient: () => import('../api/client.js'),
  /** undici's ProxyAgent, only when a proxy variable is set (api/transport-network.ts). */
  proxyTransport: () => import('../api/transport-proxy.js'),
  sandbox: () => import('../sandbox/server.js'),
  completionScripts: () => import('./completion-tree.js'),
  /**
   * `gwctl mcp`: its entry, which answers the handshake before the MCP SDK loads, given the
   * loaders of the SDK's side (the tools made from the specs), loaded once a message needs it, and
   * of the HTTP side (Node's fetch classes and web server), which loads only with --http.
   */
  mcp: () =>
    import('./mcp/serve.js').then((entry) => ({
      serveMcp: (options: Parameters<typeof entry.serveMcp>[0], deps: Parameters<typeof entry.serveMcp>[1]) =>
        entry.serveMcp(options, deps, { server: () => import('./mcp/server.js'), http: () => import('./mcp/http.js') }),
    })),
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
  /**
   * The OS credential store's native add-on (@napi-rs/keyring), only for a key kept there.
   * Synchronous: a key kept in the store is read synchronously, as settings read it (only a key
   * command runs asynchronously; config/credentials.ts); see keyring-addon.ts.
   */
  keyring: loadKeyringAddon,
};
