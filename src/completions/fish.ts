// The fish completion script: `complete` rules whose conditions ask one helper which command
// path the words typed so far name (global options may stand anywhere and their values are
// skipped), so every command, flag and value is declared once, with its description.
import { entries, header, optionNames, script, valueOptions } from './shared.js';
import type { CompletionTree, OptionNode, ValueSource } from './tree.js';

const INSTALL = [
  'gwctl completion fish > ~/.config/fish/completions/gwctl.fish',
  'or, for the current shell: gwctl completion fish | source',
];

/** A word for fish, in single quotes. */
export function fishQuote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function fishScript(tree: CompletionTree): string {
  const all = entries(tree);
  const { global, byPath } = valueOptions(tree);
  const lines: string[] = [...header('fish', INSTALL), ''];

  lines.push('# The command path after a word: __gwctl_sub PATH WORD prints it.', 'function __gwctl_sub --argument-names cmdpath word', '    switch "$cmdpath|$word"');
  for (const { key, node } of all) {
    for (const child of node.commands) {
      const target = key ? `${key} ${child.name}` : child.name;
      lines.push(`        case ${[child.name, ...child.aliases].map((n) => fishQuote(`${key}|${n}`)).join(' ')}`, `            echo ${fishQuote(target)}`);
    }
  }
  lines.push('        case \'*\'', '            return 1', '    end', 'end', '');

  lines.push('# Whether an option takes a value: __gwctl_takes_value PATH OPTION.', 'function __gwctl_takes_value --argument-names cmdpath opt', '    switch $opt');
  lines.push(`        case ${global.flatMap(optionNames).join(' ')}`, '            return 0', '    end', '    switch "$cmdpath|$opt"');
  for (const [key, o] of byPath) lines.push(`        case ${optionNames(o).map((n) => fishQuote(`${key}|${n}`)).join(' ')}`, '            return 0');
  lines.push('    end', '    return 1', 'end', '');

  lines.push(MAIN, '', 'complete -c gwctl -f', '');

  lines.push('# Options valid everywhere');
  for (const o of tree.globalOptions) lines.push(rule('', o));
  for (const { key, node } of all) {
    const rules: string[] = [];
    const at = `-n ${fishQuote(`__gwctl_is ${fishQuote(key)}`)}`;
    for (const child of node.commands) rules.push(`complete -c gwctl ${at} -a ${fishQuote(child.name)} -d ${fishQuote(child.description)}`);
    for (const o of node.options) rules.push(rule(at, o));
    node.args.forEach((arg, i) => {
      if (arg.source.kind === 'none') return;
      const cond = `-n ${fishQuote(`__gwctl_arg ${fishQuote(key)} ${i}${arg.many ? '+' : ''}`)}`;
      rules.push(`complete -c gwctl ${cond} ${values(arg.source)} -d ${fishQuote(arg.description)}`);
    });
    if (rules.length) lines.push('', `# gwctl ${key}`.trimEnd(), ...rules);
  }
  return `${lines.join('\n')}\n`;
}

function rule(at: string, o: OptionNode): string {
  const names = [o.short ? `-s ${o.short.slice(1)}` : '', `-l ${o.long.slice(2)}`].filter(Boolean).join(' ');
  const value = o.value ? ` ${values(o.value.source)}` : '';
  return `complete -c gwctl${at ? ` ${at}` : ''} ${names}${value} -d ${fishQuote(o.description)}`;
}

function values(source: ValueSource): string {
  switch (source.kind) {
    case 'words':
      return source.list
        ? `-x -a ${fishQuote(`(__gwctl_list ${source.words.join(' ')})`)}`
        : `-x -a ${fishQuote(source.words.join(' '))}`;
    case 'dynamic':
      return `-x -a ${fishQuote(`(__gwctl_dynamic ${source.name})`)}`;
    case 'file':
      return '-r -F';
    case 'none':
      return '-x';
  }
}

const MAIN = script`# "PATH|N": the command path the words before the cursor name, and how many positional
# arguments follow it. Remembered for the line being completed.
function __gwctl_state
    set -l tokens (commandline -opc)
    set -l line (string join \n -- $tokens)
    if set -q __gwctl_state_line; and test "$__gwctl_state_line" = "$line"
        echo $__gwctl_state_value
        return
    end
    set -l cmdpath ''
    set -l want 0
    set -l ended 0
    set -l nargs 0
    for w in $tokens[2..-1]
        if test $want = 1
            set want 0
            continue
        end
        if test $ended = 0
            switch $w
                case --
                    set ended 1
                    continue
                case '-*=*'
                    continue
                case '-*'
                    __gwctl_takes_value "$cmdpath" $w; and set want 1
                    continue
            end
        end
        set -l next
        if test $ended = 0; and set next (__gwctl_sub "$cmdpath" $w)
            set cmdpath $next
            set nargs 0
        else
            set nargs (math $nargs + 1)
        end
    end
    set -g __gwctl_state_line $line
    set -g __gwctl_state_value "$cmdpath|$nargs"
    echo $__gwctl_state_value
end

# Whether the words before the cursor name exactly this command path.
function __gwctl_is --argument-names cmdpath
    string match -q -- "$cmdpath|*" (__gwctl_state)
end

# Whether the cursor is on positional argument N of this command path.
# N+ stands for position N and every one after it (an argument taking every remaining word).
function __gwctl_arg --argument-names cmdpath n
    set -l state (__gwctl_state)
    if string match -q -- '*+' $n
        set -l at (string split -m1 -r '|' -- $state)
        test (count $at) -eq 2; and test "$at[1]" = "$cmdpath"; and test "$at[2]" -ge (string trim -r -c + -- $n)
    else
        test "$state" = "$cmdpath|$n"
    end
end

# A comma-separated list: each value, after what stands before the last comma.
function __gwctl_list
    set -l token (commandline -ct | string replace -r -- '^--[^=]*=' '')
    set -l prefix (string match -r -- '^.*,' $token)
    for value in $argv
        echo "$prefix$value"
    end
end

# Profiles and recently listed ids, from local files only (gwctl __complete never uses the network).
function __gwctl_dynamic
    set -l gw (commandline -opc)[1]
    set gw (string replace -r -- '^~' $HOME $gw)
    $gw __complete $argv[1] 2>/dev/null
end`;
