// Every command of the tool, by name, loaded only when needed: running `gwctl endpoints get`
// loads that one file, while `gwctl --help` loads them all to show the whole tree.
import type { CommandSpec } from '../cli/command.js';

type Loader = () => Promise<{ command: CommandSpec }>;

export const groups: Readonly<Record<string, string>> = {
  endpoints: 'Private endpoints: customer-owned deployments with negotiated prices',
  presets: 'Presets: named, versioned request configuration',
  batches: 'Batches: asynchronous groups of chat-completion requests',
  interns: 'Interns: provisioned agent runtimes in a workspace',
  vault: "Vault: metadata of an intern's host-bound secrets (never their values)",
  byok: 'Provider keys (BYOK) stored for upstream providers',
  budgets: 'Workspace budgets: spending limits',
  tools: 'Server tools the service runs for a model',
  auth: 'Store, remove and show credentials',
  config: 'Profile settings',
};

export const loaders: Readonly<Record<string, Loader>> = {
  'endpoints get': () => import('./endpoints/get.js'),
  'presets create': () => import('./presets/create.js'),
  'batches get': () => import('./batches/get.js'),
  'batches delete': () => import('./batches/delete.js'),
  'interns ls': () => import('./interns/ls.js'),
  'interns get': () => import('./interns/get.js'),
  'interns suspend': () => import('./interns/suspend.js'),
  'vault secrets': () => import('./vault/secrets.js'),
  'byok ls': () => import('./byok/ls.js'),
  'budgets ls': () => import('./budgets/ls.js'),
  'tools get': () => import('./tools/get.js'),
  'auth login': () => import('./auth/login.js'),
  'auth logout': () => import('./auth/logout.js'),
  'auth status': () => import('./auth/status.js'),
  'config get': () => import('./config/get.js'),
  'config set': () => import('./config/set.js'),
  'config unset': () => import('./config/unset.js'),
  'config list': () => import('./config/list.js'),
  'config path': () => import('./config/path.js'),
  sandbox: () => import('./sandbox.js'),
  completion: () => import('./completion.js'),
  // Hidden: candidates for the completion scripts (profiles, recent ids), from local files only.
  __complete: () => import('../completions/command.js'),
};

/** Verb aliases the contract promises (`ls` also answers to `list`). */
export const verbAliases: Readonly<Record<string, string>> = { list: 'ls' };
