// What the three shell generators share: the tree flattened into tables keyed by command path
// (`interns ls`), in a stable order, so each script is a plain lookup and the same tree always
// gives the same bytes.
import { walk, type ArgNode, type CommandNode, type CompletionTree, type OptionNode, type ValueSource } from './tree.js';

export interface PathEntry {
  /** `''` for the root, `interns`, `interns ls`, `help interns ls`. */
  key: string;
  node: CommandNode;
  /** The command's own options, then the global ones. */
  options: readonly OptionNode[];
}

export function entries(tree: CompletionTree): PathEntry[] {
  return walk(tree).map(([path, node]) => ({ key: path.join(' '), node, options: [...node.options, ...tree.globalOptions] }));
}

/** Options that take a value, as `[path key, option]`; global ones with key `null` (any path). */
export function valueOptions(tree: CompletionTree): { global: OptionNode[]; byPath: [string, OptionNode][] } {
  const global = tree.globalOptions.filter((o) => o.value);
  const byPath: [string, OptionNode][] = [];
  for (const { key, node } of entries(tree)) for (const o of node.options) if (o.value) byPath.push([key, o]);
  return { global, byPath };
}

/** Positional arguments that have something to offer, as `[path key, index, arg]`. */
export function completableArgs(tree: CompletionTree): [string, number, ArgNode][] {
  const out: [string, number, ArgNode][] = [];
  for (const { key, node } of entries(tree)) node.args.forEach((a, i) => a.source.kind !== 'none' && out.push([key, i, a]));
  return out;
}

export function optionNames(o: OptionNode): string[] {
  return o.short ? [o.short, o.long] : [o.long];
}

export function hasCandidates(source: ValueSource): boolean {
  return source.kind !== 'none';
}

/** A word for a POSIX shell, in single quotes. */
export function shQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** One line of a generated file's header, the same in every shell. */
export function header(shell: string, install: readonly string[]): string[] {
  return [
    `# ${shell} completion for gwctl.`,
    `# Generated from gwctl's command tree by 'gwctl completion ${shell}'; do not edit by hand.`,
    '# Install:',
    ...install.map((line) => `#   ${line}`),
    '# Ids complete from a cache of what gwctl printed in the last 10 minutes (gwctl __complete);',
    '# completing never makes a network call.',
  ];
}

/**
 * A fixed piece of shell script, written as a tagged template: `@{` stands for `${`, which a
 * template literal would otherwise take as its own substitution. Takes no substitutions.
 */
export function script(strings: TemplateStringsArray): string {
  return String.raw({ raw: strings.raw }).replace(/@\{/g, '${');
}
