// Every command of the tool, as specs (data): help, completion and the parser read these
// without loading any implementation. Only this layer knows the whole list. Lookups by words a
// person typed go through Maps, so `gwctl constructor` is an unknown command like any other.
import { usageError, type GwctlError } from '../core/errors.js';
import type { ArgDefs } from '../core/options.js';
import { commandName, type AnySpec } from '../core/spec.js';
import type { Command } from './command.js';
import { generatedCommands, type GroupName } from './commands.generated.js';

/** The groups and their summaries in help order; every folder of commands needs one, or it does not compile. */
const GROUPS: Readonly<Record<GroupName, string>> = {
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

export const groupSummaries: ReadonlyMap<string, string> = new Map(Object.entries(GROUPS));

/** What gwctl manages, in a sentence: the groups whose commands are API operations, in help order (`endpoints, …, BYOK, budgets and tools`). */
export function managedGroups(): string {
  const words = [...groupSummaries.keys()]
    .filter((group) => [...generatedCommands].some((c) => c.spec.path[0] === group && c.spec.operation !== undefined))
    .map((group) => (group === 'byok' ? 'BYOK' : group));
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** Help order: groups as above, verbs alphabetically; then top-level commands; hidden ones (`__complete`) last. */
function helpRank(spec: AnySpec): [number, string] {
  const key = commandName(spec);
  const group = [...groupSummaries.keys()].indexOf(spec.path[0]);
  if (spec.path.length === 2 && group >= 0) return [group, key];
  return [key.startsWith('__') ? groupSummaries.size + 1 : groupSummaries.size, key];
}

const ordered: readonly Command[] = [...generatedCommands].sort((a, b) => {
  const [ra, ka] = helpRank(a.spec);
  const [rb, kb] = helpRank(b.spec);
  return ra - rb || (ka < kb ? -1 : ka > kb ? 1 : 0);
});

/** Every command's spec by its key (`interns ls`, `sandbox`), in help order. */
export const commands: ReadonlyMap<string, AnySpec> = new Map(ordered.map((c) => [commandName(c.spec), c.spec]));

/** Every command's implementation loader by its key; each implementation imports what it needs statically. */
export const implementations: ReadonlyMap<string, Command['load']> = new Map(ordered.map((c) => [commandName(c.spec), c.load]));

/** Verb aliases the contract promises (`ls` also answers to `list`). */
export const verbAliases: ReadonlyMap<string, string> = new Map([['list', 'ls']]);

/** Groups the API cannot list: their `ls` is refused as unknown (exit 2) but says which command reads one, and what it takes. */
const UNLISTED: Readonly<Partial<Record<GroupName, { noun: string; read: string }>>> = {
  endpoints: { noun: 'private endpoints', read: 'endpoints get' },
  batches: { noun: 'batches', read: 'batches get' },
  tools: { noun: 'server tools', read: 'tools get' },
};

/** The refusal of `<group> ls` where the API has no list; undefined for any other words. */
export function unlistedGroup(words: readonly string[]): GwctlError | undefined {
  const [group, verb] = words;
  if (group === undefined || (verbAliases.get(verb ?? '') ?? verb) !== 'ls' || commands.has(`${group} ls`)) return undefined;
  const unlisted = UNLISTED[group as GroupName];
  const reader = unlisted && commands.get(unlisted.read);
  if (!unlisted || !reader) return undefined;
  const [arg] = Object.values(reader.args as ArgDefs);
  const takes = arg ? `; 'gwctl ${unlisted.read}' takes a ${arg.description}` : '';
  return usageError(`the API has no list of ${unlisted.noun}${takes}`, `see 'gwctl ${unlisted.read} --help'`);
}
