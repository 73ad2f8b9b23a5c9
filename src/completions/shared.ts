// What the three shell generators share: the tree flattened into tables keyed by command path
// (`interns ls`), in a stable order, so each script is a plain lookup and the same tree always
// gives the same bytes.
import { walk, type ArgNode, type CompletionTree, type OptionNode, type ValueSource } from './tree.js';

/** Each command path (`''` for the root, `interns`, `interns ls`, `help interns ls`) with its node and options: its own, then the global ones. */
export function entries(tree: CompletionTree) {
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

/** A fixed piece of shell script as a tagged template, `@{` standing for `${`; takes no substitutions. */
export function script(strings: TemplateStringsArray): string {
  return String.raw({ raw: strings.raw }).replace(/@\{/g, '${');
}

/** How one shell names what the walk over the typed words reads and sets (see wordWalk). */
export interface WalkNames {
  /** The i-th typed word, as the shell spells it (`${words[i]}`). */
  words: string;
  /** The index of the first word after `gwctl`, and the variable holding the cursor's. */
  from: number;
  to: string;
  /** The variable holding the command path, and the one __gwctl_sub sets. */
  path: string;
  result: string;
  /** The shell passes `--opt=value` as `--opt`, `=`, `value`. */
  splitsEquals: boolean;
  /** The statement that counts one more positional argument. */
  count: string;
}

/** bash's and zsh's walk over the words before the cursor: the command path into `$want`, `$ended`, and positionals into `$nargs`. */
export function wordWalk(shell: WalkNames): string[] {
  const { path } = shell;
  return [
    `  for ((i = ${shell.from}; i < ${shell.to}; i++)); do`,
    `    w=${shell.words}`,
    '    if [[ -n $want ]]; then',
    ...(shell.splitsEquals ? ['      # bash splits --opt=value into --opt, =, value.', '      [[ $w == = ]] && continue'] : []),
    '      want=',
    '      continue',
    '    fi',
    '    if [[ -z $ended ]]; then',
    '      case $w in',
    '        --) ended=1; continue ;;',
    '        -*=*) continue ;;',
    `        -*) __gwctl_takes_value "$${path}" "$w" && want=$w; continue ;;`,
    '      esac',
    '    fi',
    `    if [[ -z $ended ]] && __gwctl_sub "$${path}" "$w"; then`,
    `      ${path}=$${shell.result}`,
    '      nargs=0',
    '    else',
    `      ${shell.count}`,
    '    fi',
    '  done',
  ];
}

// The case tables bash and zsh scripts share. They differ only in where a result goes and in
// how candidates are offered, which the callers pass in.

/** `__gwctl_sub PATH WORD`: the command path a word leads to, assigned to `result`. */
export function subcommandFunction(tree: CompletionTree, comment: string, result: string): string[] {
  const lines = [comment, '__gwctl_sub() {', '  case "$1|$2" in'];
  for (const { key, node } of entries(tree)) {
    for (const child of node.commands) {
      const target = key ? `${key} ${child.name}` : child.name;
      const patterns = [child.name, ...child.aliases].map((n) => shQuote(`${key}|${n}`)).join('|');
      lines.push(`    ${patterns}) ${result}=${shQuote(target)} ;;`);
    }
  }
  lines.push('    *) return 1 ;;', '  esac', '}', '');
  return lines;
}

/** `__gwctl_takes_value PATH OPTION`: whether the option at that path takes a value. */
export function takesValueFunction(tree: CompletionTree): string[] {
  const { global, byPath } = valueOptions(tree);
  const lines = ['# Whether an option takes a value: __gwctl_takes_value PATH OPTION.', '__gwctl_takes_value() {', '  case $2 in'];
  lines.push(`    ${global.flatMap(optionNames).join('|')}) return 0 ;;`, '  esac', '  case "$1|$2" in');
  for (const [key, o] of byPath) lines.push(`    ${optionNames(o).map((n) => shQuote(`${key}|${n}`)).join('|')}) return 0 ;;`);
  lines.push('  esac', '  return 1', '}', '');
  return lines;
}

/** `__gwctl_value PATH OPTION`: an option value's candidates, with the shell's code for global and own options, and a last case line. */
export function valueFunction(
  tree: CompletionTree,
  offerGlobal: (o: OptionNode) => string,
  offerAt: (o: OptionNode) => string,
  otherwise?: string,
): string[] {
  const { global, byPath } = valueOptions(tree);
  const lines = ['# Candidates for the value of an option: __gwctl_value PATH OPTION.', '__gwctl_value() {', '  case $2 in'];
  for (const o of global) if (o.value!.source.kind !== 'none') lines.push(`    ${optionNames(o).join('|')}) ${offerGlobal(o)} ;;`);
  lines.push('  esac', '  case "$1|$2" in');
  for (const [key, o] of byPath) {
    if (o.value!.source.kind !== 'none') lines.push(`    ${optionNames(o).map((n) => shQuote(`${key}|${n}`)).join('|')}) ${offerAt(o)} ;;`);
  }
  if (otherwise) lines.push(otherwise);
  lines.push('  esac', '}', '');
  return lines;
}

/** `__gwctl_arg PATH INDEX`: a positional argument's candidates, with the shell's code for a source. */
export function argFunction(tree: CompletionTree, offer: (arg: ArgNode) => string): string[] {
  const lines = ['# Candidates for a positional argument: __gwctl_arg PATH INDEX.', '__gwctl_arg() {', '  case "$1|$2" in'];
  for (const [key, i, arg] of completableArgs(tree)) lines.push(`    ${argPattern(key, i, arg)}) ${offer(arg)} ;;`);
  lines.push('  esac', '}', '');
  return lines;
}

/** The `case` pattern of a positional argument: `'path|0'`, or for one taking every remaining word any position from it on. */
export function argPattern(key: string, index: number, arg: ArgNode): string {
  if (!arg.many) return shQuote(`${key}|${index}`);
  // Variadic arguments come last and `case` takes the first match, so the earlier positions'
  // own patterns (listed before) win and every other position is theirs.
  return `${shQuote(`${key}|`)}*`;
}

/** What a value offers in bash's or zsh's script; the shell says how it spells fixed words (`__gwctl_words`, `__gwctl_list`) and files. */
export function offerIn(
  source: ValueSource,
  shell: { words: (helper: string, words: readonly string[]) => string; files: string },
): string {
  switch (source.kind) {
    case 'words':
      return shell.words(source.list ? '__gwctl_list' : '__gwctl_words', source.words);
    case 'dynamic':
      return `__gwctl_dynamic ${source.name}`;
    case 'file':
      return shell.files;
    case 'none':
      return ':';
  }
}
