// The bash completion script: a walk over the words typed so far that finds the command path
// (global options may stand anywhere, and options' values are skipped), then a lookup of what
// that path offers. Works with or without the bash-completion package.
import { completableArgs, entries, header, optionNames, script, shQuote, valueOptions } from './shared.js';
import type { CompletionTree, ValueSource } from './tree.js';

const INSTALL = [
  'gwctl completion bash > ~/.local/share/bash-completion/completions/gwctl',
  'or, without the bash-completion package, in ~/.bashrc: source <(gwctl completion bash)',
];

export function bashScript(tree: CompletionTree): string {
  const all = entries(tree);
  const { global, byPath } = valueOptions(tree);
  const lines: string[] = [...header('bash', INSTALL), ''];

  // path + word → child path
  lines.push('# The command path after a word: __gwctl_sub PATH WORD sets __gwctl_r.', '__gwctl_sub() {', '  case "$1|$2" in');
  for (const { key, node } of all) {
    for (const child of node.commands) {
      const target = key ? `${key} ${child.name}` : child.name;
      const patterns = [child.name, ...child.aliases].map((n) => shQuote(`${key}|${n}`)).join('|');
      lines.push(`    ${patterns}) __gwctl_r=${shQuote(target)} ;;`);
    }
  }
  lines.push('    *) return 1 ;;', '  esac', '}', '');

  // options that take a value
  lines.push('# Whether an option takes a value: __gwctl_takes_value PATH OPTION.', '__gwctl_takes_value() {', '  case $2 in');
  lines.push(`    ${global.flatMap(optionNames).join('|')}) return 0 ;;`, '  esac', '  case "$1|$2" in');
  for (const [key, o] of byPath) lines.push(`    ${optionNames(o).map((n) => shQuote(`${key}|${n}`)).join('|')}) return 0 ;;`);
  lines.push('  esac', '  return 1', '}', '');

  // values of options
  lines.push('# Candidates for the value of an option: __gwctl_value PATH OPTION.', '__gwctl_value() {', '  case $2 in');
  for (const o of global) if (o.value!.source.kind !== 'none') lines.push(`    ${optionNames(o).join('|')}) ${offer(o.value!.source)} ;;`);
  lines.push('  esac', '  case "$1|$2" in');
  for (const [key, o] of byPath) {
    if (o.value!.source.kind !== 'none') lines.push(`    ${optionNames(o).map((n) => shQuote(`${key}|${n}`)).join('|')}) ${offer(o.value!.source)} ;;`);
  }
  lines.push('  esac', '}', '');

  // positional arguments
  lines.push('# Candidates for a positional argument: __gwctl_arg PATH INDEX.', '__gwctl_arg() {', '  case "$1|$2" in');
  for (const [key, i, arg] of completableArgs(tree)) lines.push(`    ${shQuote(`${key}|${i}`)}) ${offer(arg.source)} ;;`);
  lines.push('  esac', '}', '');

  // subcommands and options by path
  lines.push(
    '# Subcommands and options of a path: __gwctl_names PATH sets __gwctl_cmds and __gwctl_opts.',
    '__gwctl_names() {',
    `  __gwctl_opts=${shQuote(tree.globalOptions.map((o) => o.long).join(' '))}`,
    '  case $1 in',
  );
  for (const { key, node } of all) {
    const cmds = node.commands.map((c) => c.name).join(' ');
    const opts = node.options.map((o) => `${o.long} `).join('');
    lines.push(`    ${shQuote(key)}) __gwctl_cmds=${shQuote(cmds)}${opts ? ` __gwctl_opts=${shQuote(opts)}$__gwctl_opts` : ''} ;;`);
  }
  lines.push('  esac', '}', '');

  lines.push(MAIN);
  return `${lines.join('\n')}\n`;
}

function offer(source: ValueSource): string {
  switch (source.kind) {
    case 'words':
      return `${source.list ? '__gwctl_list' : '__gwctl_words'} ${shQuote(source.words.join(' '))}`;
    case 'dynamic':
      return `__gwctl_dynamic ${source.name}`;
    case 'file':
      return '__gwctl_files';
    case 'none':
      return ':';
  }
}

const MAIN = script`__gwctl_words() {
  local IFS=$' \t\n'
  COMPREPLY=($(compgen -W "$1" -- "$cur"))
}

# A comma-separated list: completes the value after the last comma, keeping what stands before it.
__gwctl_list() {
  local IFS=$' \t\n' prefix=
  [[ $cur == *,* ]] && prefix=@{cur%,*},
  COMPREPLY=($(compgen -P "$prefix" -W "$1" -- "@{cur##*,}"))
}

# Profiles and recently listed ids, from local files only (gwctl __complete never uses the network).
__gwctl_dynamic() {
  local IFS=$'\n' gw=@{COMP_WORDS[0]} found
  [[ $gw == \~/* ]] && gw=$HOME/@{gw#\~/}
  found=$("$gw" __complete "$1" 2>/dev/null) || return 0
  COMPREPLY=($(compgen -W "$found" -- "$cur"))
}

__gwctl_files() {
  local IFS=$'\n'
  compopt -o filenames 2>/dev/null
  COMPREPLY=($(compgen -f -- "$cur"))
}

_gwctl() {
  local cur=@{COMP_WORDS[COMP_CWORD]} path= w want= nargs=0 ended= i __gwctl_r __gwctl_cmds __gwctl_opts
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    w=@{COMP_WORDS[i]}
    if [[ -n $want ]]; then
      # bash splits --opt=value into --opt, =, value.
      [[ $w == = ]] && continue
      want=
      continue
    fi
    if [[ -z $ended ]]; then
      case $w in
        --) ended=1; continue ;;
        -*=*) continue ;;
        -*) __gwctl_takes_value "$path" "$w" && want=$w; continue ;;
      esac
    fi
    if [[ -z $ended ]] && __gwctl_sub "$path" "$w"; then
      path=$__gwctl_r
      nargs=0
    else
      nargs=$((nargs + 1))
    fi
  done
  if [[ -n $want ]]; then
    [[ $cur == = ]] && cur=
    __gwctl_value "$path" "$want"
    return 0
  fi
  if [[ -z $ended && $cur == --*=* ]]; then
    w=@{cur%%=*}
    cur=@{cur#*=}
    # Only when COMP_WORDBREAKS lacks '=': the word replaced is the whole --opt=value.
    __gwctl_takes_value "$path" "$w" && __gwctl_value "$path" "$w"
    ((@{#COMPREPLY[@]})) && COMPREPLY=("@{COMPREPLY[@]/#/$w=}")
    return 0
  fi
  __gwctl_names "$path"
  if [[ -z $ended && $cur == -* ]]; then
    __gwctl_words "$__gwctl_opts"
  elif [[ -n $__gwctl_cmds ]]; then
    __gwctl_words "$__gwctl_cmds"
  else
    __gwctl_arg "$path" "$nargs"
  fi
  return 0
}

complete -F _gwctl gwctl`;
