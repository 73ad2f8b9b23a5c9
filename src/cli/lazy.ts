// The one lazy-loading seam: every dynamic import() of gwctl is here (a lint rule keeps it so;
// the only other is the entry's import of the CLI in src/main.ts, which keeps --version bare).
// Command implementations load only when their command runs; heavy libraries (prompts,
// spinner, tables, the config writer, the HTTP client, the sandbox, completion scripts) only
// when used. Everything below this layer gets them passed in.
import type { AnySpec } from '../core/spec.js';
import type { RunFor } from '../commands/context.js';

type Implementation = () => Promise<{ run: RunFor<AnySpec> }>;

/** Command implementations by command key; each imports what it needs statically. */
export const implementations: ReadonlyMap<string, Implementation> = new Map<string, Implementation>([
  ['endpoints get', () => import('../commands/endpoints/get-run.js')],
  ['presets create', () => import('../commands/presets/create-run.js')],
  ['batches get', () => import('../commands/batches/get-run.js')],
  ['batches delete', () => import('../commands/batches/delete-run.js')],
  ['interns ls', () => import('../commands/interns/ls-run.js')],
  ['interns get', () => import('../commands/interns/get-run.js')],
  ['interns suspend', () => import('../commands/interns/suspend-run.js')],
  ['interns wait', () => import('../commands/interns/wait-run.js')],
  ['vault secrets', () => import('../commands/vault/secrets-run.js')],
  ['byok ls', () => import('../commands/byok/ls-run.js')],
  ['budgets ls', () => import('../commands/budgets/ls-run.js')],
  ['tools get', () => import('../commands/tools/get-run.js')],
  ['auth login', () => import('../commands/auth/login-run.js')],
  ['auth logout', () => import('../commands/auth/logout-run.js')],
  ['auth status', () => import('../commands/auth/status-run.js')],
  ['config get', () => import('../commands/config/get-run.js')],
  ['config set', () => import('../commands/config/set-run.js')],
  ['config unset', () => import('../commands/config/unset-run.js')],
  ['config list', () => import('../commands/config/list-run.js')],
  ['config path', () => import('../commands/config/path-run.js')],
  ['api', () => import('../commands/api-run.js')],
  ['sandbox', () => import('../commands/sandbox-run.js')],
  ['completion', () => import('../commands/completion-run.js')],
  ['__complete', () => import('../commands/complete-run.js')],
]);

/** Heavy modules, each behind its adapter. */
export const load = {
  prompts: () => import('@inquirer/prompts'),
  spinner: () => import('ora').then((m) => m.default),
  tables: () => import('../output/table.js'),
  configStore: () => import('../config/store.js'),
  apiClient: () => import('../api/client.js'),
  sandbox: () => import('../sandbox/server.js'),
  completionScripts: () => import('./completion-tree.js'),
  /** The --jq engine (jq as WebAssembly): tens of milliseconds, so only under --jq. */
  jq: () => import('../output/jq.js'),
};
