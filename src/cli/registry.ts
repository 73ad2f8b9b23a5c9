// Every command of the tool, as specs (data): help, completion and the parser read these
// without loading any implementation. Only this layer knows the whole list. Lookups by words a
// person typed go through Maps, so `gwctl constructor` is an unknown command like any other.
import type { AnySpec } from '../core/spec.js';
import { spec as api } from '../commands/api.js';
import { spec as authLogin } from '../commands/auth/login.js';
import { spec as authLogout } from '../commands/auth/logout.js';
import { spec as authStatus } from '../commands/auth/status.js';
import { spec as batchesDelete } from '../commands/batches/delete.js';
import { spec as batchesGet } from '../commands/batches/get.js';
import { spec as budgetsLs } from '../commands/budgets/ls.js';
import { spec as byokLs } from '../commands/byok/ls.js';
import { spec as complete } from '../commands/complete.js';
import { spec as completion } from '../commands/completion.js';
import { spec as configGet } from '../commands/config/get.js';
import { spec as configList } from '../commands/config/list.js';
import { spec as configPath } from '../commands/config/path.js';
import { spec as configSet } from '../commands/config/set.js';
import { spec as configUnset } from '../commands/config/unset.js';
import { spec as endpointsGet } from '../commands/endpoints/get.js';
import { spec as internsGet } from '../commands/interns/get.js';
import { spec as internsLs } from '../commands/interns/ls.js';
import { spec as internsSuspend } from '../commands/interns/suspend.js';
import { spec as internsWait } from '../commands/interns/wait.js';
import { spec as presetsCreate } from '../commands/presets/create.js';
import { spec as sandbox } from '../commands/sandbox.js';
import { spec as toolsGet } from '../commands/tools/get.js';
import { spec as vaultSecrets } from '../commands/vault/secrets.js';

/** The groups and their one-line summaries, in help order. */
export const groupSummaries: ReadonlyMap<string, string> = new Map([
  ['endpoints', 'Private endpoints: customer-owned deployments with negotiated prices'],
  ['presets', 'Presets: named, versioned request configuration'],
  ['batches', 'Batches: asynchronous groups of chat-completion requests'],
  ['interns', 'Interns: provisioned agent runtimes in a workspace'],
  ['vault', "Vault: metadata of an intern's host-bound secrets (never their values)"],
  ['byok', 'Provider keys (BYOK) stored for upstream providers'],
  ['budgets', 'Workspace budgets: spending limits'],
  ['tools', 'Server tools the service runs for a model'],
  ['auth', 'Store, remove and show credentials'],
  ['config', 'Profile settings'],
]);

const ALL: readonly AnySpec[] = [
  endpointsGet,
  presetsCreate,
  batchesGet,
  batchesDelete,
  internsLs,
  internsGet,
  internsSuspend,
  internsWait,
  vaultSecrets,
  byokLs,
  budgetsLs,
  toolsGet,
  authLogin,
  authLogout,
  authStatus,
  configGet,
  configSet,
  configUnset,
  configList,
  configPath,
  api,
  sandbox,
  completion,
  // Hidden: candidates for the completion scripts (profiles, recent ids), from local files only.
  complete,
];

/** Every command by its key (`interns ls`, `sandbox`), in help order. */
export const commands: ReadonlyMap<string, AnySpec> = new Map(ALL.map((spec) => [spec.path.join(' '), spec]));

/** Verb aliases the contract promises (`ls` also answers to `list`). */
export const verbAliases: ReadonlyMap<string, string> = new Map([['list', 'ls']]);
