// A shell-neutral description of the command tree, built from the command specs and the
// global options: what each shell's script is generated from, so no list of commands, flags
// or values is ever written by hand twice. The specs are given; this module never looks them up.
import type { ArgDefs, CompletionSource, OptionDef, OptionDefs } from '../core/options.js';
import { SHELLS } from '../core/shells.js';
import { allColumnNames, type AnySpec } from '../core/spec.js';

export type { Shell } from '../core/shells.js';

/** Where the candidates for an argument or option value come from. */
export type ValueSource =
  /** Fixed words; `list` when the value is a comma-separated list of them. */
  | { kind: 'words'; words: readonly string[]; list?: boolean }
  /** Asked of `gwctl __complete <name>` when completing: local files only, never the network. */
  | { kind: 'dynamic'; name: DynamicKind }
  | { kind: 'file' }
  /** Free text: nothing to offer. */
  | { kind: 'none' };

export type DynamicKind = 'profile' | 'intern' | 'batch';

export interface OptionNode {
  /** `-p` */
  short?: string;
  /** `--profile` */
  long: string;
  description: string;
  /** Set when the option takes a value. */
  value?: { name: string; source: ValueSource };
}

export interface ArgNode {
  name: string;
  description: string;
  source: ValueSource;
  /** Takes every remaining word (`<id...>`): its candidates stand at its position and after. */
  many?: boolean;
}

export interface CommandNode {
  name: string;
  aliases: readonly string[];
  description: string;
  /** The command's own options (global options are in the tree, valid everywhere). */
  options: readonly OptionNode[];
  args: readonly ArgNode[];
  commands: readonly CommandNode[];
}

export interface CompletionTree {
  root: CommandNode;
  /** Valid at every level, before or after the command. */
  globalOptions: readonly OptionNode[];
}

/** The global options as the program declares them, and the values some of them take. */
export type GlobalOption = Pick<OptionDef<unknown>, 'flags' | 'description' | 'complete'>;

export interface Constants {
  statuses: readonly string[];
  /** Where the known routes begin (`gwctl api <path>`). */
  routes: readonly string[];
  providers: readonly string[];
  settings: readonly string[];
}

export function sourceFor(hint: CompletionSource | undefined, constants: Constants): ValueSource {
  switch (hint) {
    case 'status':
      return { kind: 'words', words: constants.statuses, list: true };
    case 'provider':
      return { kind: 'words', words: constants.providers };
    case 'setting':
      return { kind: 'words', words: constants.settings };
    case 'route':
      return { kind: 'words', words: constants.routes };
    case 'shell':
      return { kind: 'words', words: SHELLS };
    case 'profile':
    case 'intern':
    case 'batch':
      return { kind: 'dynamic', name: hint };
    case 'file':
      return { kind: 'file' };
    default:
      return { kind: 'none' };
  }
}

/** `-p, --profile <name>` → short, long and value name. */
export function parseFlags(flags: string): { short?: string; long: string; value?: string } {
  const m = /^(?:(-[A-Za-z]),\s*)?(--[A-Za-z0-9-]+)(?:\s+[<[]([^>\]]+?)(?:\.\.\.)?[>\]])?$/.exec(flags.trim());
  if (!m) throw new Error(`cannot read option flags ${JSON.stringify(flags)}`);
  return { ...(m[1] ? { short: m[1] } : {}), long: m[2]!, ...(m[3] ? { value: m[3] } : {}) };
}

function optionNode(flags: string, description: string, source: ValueSource): OptionNode {
  const parsed = parseFlags(flags);
  return {
    ...(parsed.short ? { short: parsed.short } : {}),
    long: parsed.long,
    description,
    ...(parsed.value ? { value: { name: parsed.value, source } } : {}),
  };
}

const HELP_OPTION: OptionNode = { short: '-h', long: '--help', description: 'show help' };
const VERSION_OPTION: OptionNode = { short: '-V', long: '--version', description: 'print the version' };

export function buildTree(
  specs: readonly AnySpec[],
  groups: ReadonlyMap<string, string>,
  globals: readonly GlobalOption[],
  constants: Constants,
  helpTopics: readonly { name: string; description: string }[] = [],
  /** The option that picks columns: offered, with the command's column names, where a command has columns. */
  columnsOption?: GlobalOption,
): CompletionTree {
  const columnsOf = (spec: AnySpec): OptionNode[] => {
    const names = allColumnNames(spec);
    if (!columnsOption || names.length === 0) return [];
    return [optionNode(columnsOption.flags, columnsOption.description, { kind: 'words', words: names, list: true })];
  };
  const leaf = (spec: AnySpec): CommandNode => ({
    name: spec.path[spec.path.length - 1]!,
    aliases: spec.aliases ?? [],
    description: spec.summary,
    options: [
      ...Object.values(spec.options as OptionDefs).map((o) => optionNode(o.flags, o.description, sourceFor(o.complete, constants))),
      ...columnsOf(spec),
      HELP_OPTION,
    ],
    args: Object.values(spec.args as ArgDefs).map((a) => ({
      name: a.name,
      description: a.description,
      source: sourceFor(a.complete, constants),
      ...(a.variadic ? { many: true } : {}),
    })),
    commands: [],
  });
  const top: CommandNode[] = [];
  const groupNodes = new Map<string, CommandNode & { commands: CommandNode[] }>();
  for (const spec of specs) {
    // Hidden commands (`__complete`) are for the scripts themselves, not for people.
    if (spec.path[0].startsWith('_')) continue;
    if (spec.path.length === 1) {
      top.push(leaf(spec));
      continue;
    }
    const [group] = spec.path;
    let node = groupNodes.get(group);
    if (!node) {
      node = { name: group, aliases: [], description: groups.get(group) ?? group, options: [HELP_OPTION], args: [], commands: [] };
      groupNodes.set(group, node);
      top.push(node);
    }
    node.commands.push(leaf(spec));
  }
  // `gwctl help interns ls` and `gwctl help exit-codes`: the same names, without their options.
  const namesOnly = (node: CommandNode): CommandNode => ({ ...node, options: [], args: [], commands: node.commands.map(namesOnly) });
  const help: CommandNode = {
    name: 'help',
    aliases: [],
    description: 'show help for a command, or a topic such as exit-codes',
    options: [],
    args: [],
    commands: [
      ...top.map(namesOnly),
      ...helpTopics.map((t) => ({ name: t.name, aliases: [], description: t.description, options: [], args: [], commands: [] })),
    ],
  };
  const globalOptions = globals.map((g) => optionNode(g.flags, g.description, sourceFor(g.complete, constants)));
  return {
    root: { name: 'gwctl', aliases: [], description: 'gwctl', options: [VERSION_OPTION, HELP_OPTION], args: [], commands: [...top, help] },
    globalOptions,
  };
}

/** Every command path with its node, root first: `[[], root], [['interns'], ...], [['interns', 'ls'], ...]`. */
export function walk(tree: CompletionTree): [readonly string[], CommandNode][] {
  const out: [readonly string[], CommandNode][] = [];
  const visit = (path: readonly string[], node: CommandNode): void => {
    out.push([path, node]);
    for (const child of node.commands) visit([...path, child.name], child);
  };
  visit([], tree.root);
  return out;
}
