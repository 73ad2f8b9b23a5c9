// The zsh completion script (`_gwctl`, for a folder on $fpath, or sourced after compinit): the
// same walk as bash's over the words typed so far, then commands and options offered with
// their descriptions, values as plain matches and comma lists one value at a time.
import { argFunction, entries, header, offerIn, script, shQuote, subcommandFunction, takesValueFunction, valueFunction, wordWalk } from './shared.js';
import type { CompletionTree, ValueSource } from './tree.js';

const INSTALL = [
  'gwctl completion zsh > "${fpath[1]}/_gwctl"   (then start a new shell)',
  'or, in ~/.zshrc after compinit: source <(gwctl completion zsh)',
];

export function zshScript(tree: CompletionTree): string {
  const all = entries(tree);
  const lines: string[] = ['#compdef gwctl', ...header('zsh', INSTALL), ''];

  lines.push(
    ...subcommandFunction(tree, '# The command path after a word: __gwctl_sub PATH WORD sets REPLY.', 'REPLY'),
    ...takesValueFunction(tree),
    ...valueFunction(
      tree,
      (o) => `${offer(o.value!.source, o.value!.name)}; return`,
      (o) => offer(o.value!.source, o.value!.name),
      '    *) _message -e values "${2#--} value" ;;',
    ),
    ...argFunction(tree, (arg) => offer(arg.source, arg.name)),
  );

  lines.push(
    '# Subcommands and options of a path, as name:description: __gwctl_names PATH sets cmds and opts.',
    '__gwctl_names() {',
    `  local -a globals=(${tree.globalOptions.map((o) => shQuote(`${o.long}:${o.description}`)).join(' ')})`,
    '  case $1 in',
  );
  for (const { key, node } of all) {
    const cmds = node.commands.map((c) => shQuote(`${c.name.replace(/:/g, '\\:')}:${c.description}`)).join(' ');
    const opts = node.options.map((o) => shQuote(`${o.long}:${o.description}`)).join(' ');
    lines.push(`    ${shQuote(key)}) cmds=(${cmds}) opts=(${opts}) ;;`);
  }
  lines.push('  esac', '  opts+=($globals)', '}', '');

  lines.push(
    MAIN_START,
    // zsh's $path is its PATH as an array: the command path is $cmdpath there.
    ...wordWalk({ words: '${words[i]}', from: 2, to: 'CURRENT', path: 'cmdpath', result: 'REPLY', splitsEquals: false, count: 'nargs+=1' }),
    MAIN_END,
  );
  return `${lines.join('\n')}\n`;
}

function offer(source: ValueSource, name: string): string {
  return offerIn(source, { words: (helper, words) => `${helper} ${shQuote(name)} ${words.join(' ')}`, files: '_files' });
}

const MAIN_START = script`__gwctl_words() {
  local tag=$1
  local -a __gwctl_vals=("@{(@)argv[2,-1]}")
  _wanted values expl "$tag" compadd -a __gwctl_vals
}

# A comma-separated list: completes the value after the last comma, keeping what stands before
# it; the comma after a value goes away when a space is typed.
__gwctl_list() {
  local tag=$1
  local -a __gwctl_vals=("@{(@)argv[2,-1]}")
  compset -P '*,'
  _wanted values expl "$tag" compadd -q -S , -a __gwctl_vals
}

# Profiles and recently listed ids, from local files only (gwctl __complete never uses the network).
# An id comes with its name after a tab: shown beside it, as id:name for _describe.
__gwctl_dynamic() {
  local gw=@{words[1]/#\~/$HOME} line id
  local -a __gwctl_vals
  for line in @{(f)"$("$gw" __complete "$1" 2>/dev/null)"}; do
    id=@{line%%$'\t'*}
    id=@{id//:/\\:}
    [[ $line == *$'\t'* ]] && __gwctl_vals+=("$id:@{line#*$'\t'}") || __gwctl_vals+=("$id")
  done
  _describe -t values "$1" __gwctl_vals
}

_gwctl() {
  local cur=@{words[CURRENT]} cmdpath= w want= ended= REPLY
  local -i i nargs=0
  local -a cmds opts expl`;

const MAIN_END = script`  if [[ -n $want ]]; then
    __gwctl_value "$cmdpath" "$want"
    return
  fi
  if [[ -z $ended && $cur == --*=* ]]; then
    w=@{cur%%=*}
    compset -P '*='
    __gwctl_takes_value "$cmdpath" "$w" && __gwctl_value "$cmdpath" "$w"
    return
  fi
  __gwctl_names "$cmdpath"
  if [[ -z $ended && $cur == -* ]]; then
    _describe -t options option opts
  elif (( $#cmds )); then
    _describe -t commands command cmds
  else
    __gwctl_arg "$cmdpath" $nargs
  fi
}

if [[ $funcstack[1] == _gwctl ]]; then
  # Autoloaded from $fpath: this file is the body of _gwctl.
  _gwctl "$@"
else
  compdef _gwctl gwctl
fi`;
