// The bash completion script: a walk over the words typed so far that finds the command path
// (global options may stand anywhere, and options' values are skipped), then a lookup of what
// that path offers. Works with or without the bash-completion package.
import {
  argFunction,
  entries,
  header,
  offerIn,
  script,
  shQuote,
  subcommandFunction,
  takesValueFunction,
  valueFunction,
  wordWalk,
} from './shared.js';
import type { CompletionTree, ValueSource } from './tree.js';

const INSTALL = [
  'gwctl completion bash > ~/.local/share/bash-completion/completions/gwctl',
  'or, without the bash-completion package, in ~/.bashrc: source <(gwctl completion bash)',
];

export function bashScript(tree: CompletionTree): string {
  const all = entries(tree);
  const lines: string[] = [...header('bash', INSTALL), ''];

  lines.push(
    ...subcommandFunction(tree, '# The command path after a word: __gwctl_sub PATH WORD sets __gwctl_r.', '__gwctl_r'),
    ...takesValueFunction(tree),
    ...valueFunction(tree, (o) => offer(o.value!.source), (o) => offer(o.value!.source)),
    ...argFunction(tree, (arg) => offer(arg.source)),
  );

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

  lines.push(
    MAIN_START,
    ...wordWalk({
      words: '${COMP_WORDS[i]}',
      from: 1,
      to: 'COMP_CWORD',
      path: 'path',
      result: '__gwctl_r',
      splitsEquals: true,
      count: 'nargs=$((nargs + 1))',
    }),
    MAIN_END,
  );
  return `${lines.join('\n')}\n`;
}

function offer(source: ValueSource): string {
  return offerIn(source, { words: (helper, words) => `${helper} ${shQuote(words.join(' '))}`, files: '__gwctl_files' });
}

const MAIN_START = script`__gwctl_words() {
  local IFS=$' \t\n'
  COMPREPLY=($(compgen -W "$1" -- "$cur"))
}

# A comma-separated list: completes the value after the last comma, keeping what stands before it,
# and adds no space after it, so that the list can go on with a comma.
__gwctl_list() {
  local IFS=$' \t\n' prefix=
  [[ $cur == *,* ]] && prefix=@{cur%,*},
  COMPREPLY=($(compgen -P "$prefix" -W "$1" -- "@{cur##*,}"))
  compopt -o nospace 2>/dev/null
}

# Profiles and recently listed ids, from local files only (gwctl __complete never uses the network).
# An id comes with its name after a tab, which bash cannot show beside it: the id is kept alone.
__gwctl_dynamic() {
  local IFS=$'\n' gw=@{COMP_WORDS[0]} found line
  local -a ids=()
  [[ $gw == \~/* ]] && gw=$HOME/@{gw#\~/}
  found=$("$gw" __complete "$1" 2>/dev/null) || return 0
  for line in $found; do ids+=("@{line%%$'\t'*}"); done
  COMPREPLY=($(compgen -W "@{ids[*]}" -- "$cur"))
}

__gwctl_files() {
  local IFS=$'\n'
  compopt -o filenames 2>/dev/null
  COMPREPLY=($(compgen -f -- "$cur"))
}

_gwctl() {
  local cur=@{COMP_WORDS[COMP_CWORD]} path= w want= nargs=0 ended= i __gwctl_r __gwctl_cmds __gwctl_opts
  COMPREPLY=()`;

const MAIN_END = script`  if [[ -n $want ]]; then
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
