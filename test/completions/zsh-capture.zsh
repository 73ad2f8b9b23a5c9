# Prints the completions zsh offers for command lines, one per line ("match -- description"),
# each line's answer after a line "@@", by typing the line and a Tab into an interactive zsh on
# a pseudo-terminal (zsh/zpty) whose completion system (compinit) has the directory $1 on $fpath.
#   zsh -f zsh-capture.zsh <fpath-dir> 'gwctl interns ls --st' 'gwctl int' ...
# Technique after zsh-capture-completion (Valodim): compadd is wrapped to print its matches,
# and the completion hooks print a NUL line before and after them, then exit the shell.
zmodload zsh/zpty || exit 3
fpath_dir=$1
shift

local line
setopt rcquotes
start() {
  zpty z zsh -f -i
  () {
    zpty -w z source $1
    repeat 4; do
      zpty -r z line
      [[ $line == ok* ]] && return
    done
    echo 'error initializing zsh' >&2
    exit 2
  } =( <<< '
  PROMPT=
  RPROMPT=
  fpath=('"${(q)fpath_dir}"' $fpath)
  autoload -Uz compinit && compinit -u -d "$HOME/.zcompdump-capture"
  bindkey ''^M'' undefined
  bindkey ''^J'' undefined
  bindkey ''^I'' complete-word
  null-line () { echo -E - $''\0'' }
  compprefuncs=( null-line )
  comppostfuncs=( null-line exit )
  zstyle '':completion:*'' list-grouped false
  zstyle '':completion:*'' insert-tab false
  zstyle '':completion:*'' list-separator ''''
  zmodload zsh/zutil
  compadd () {
    if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
      builtin compadd "$@"
      return $?
    fi
    typeset -a __hits __dscr __tmp
    if (( $@[(I)-d] )); then
      __tmp=${@[$[${@[(i)-d]}+1]]}
      if [[ $__tmp == \(* ]]; then
        eval "__dscr=$__tmp"
      else
        __dscr=( "${(@P)__tmp}" )
      fi
    fi
    builtin compadd -A __hits -D __dscr "$@"
    setopt localoptions norcexpandparam extendedglob
    typeset -A apre hpre hsuf asuf
    zparseopts -E P:=apre p:=hpre S:=asuf s:=hsuf
    [[ -n $__hits ]] || return
    local dscr
    for i in {1..$#__hits}; do
      (( $#__dscr >= $i )) && dscr=" -- ${${__dscr[$i]}##$__hits[$i] #}" || dscr=
      echo -E - $IPREFIX$apre$hpre$__hits[$i]$dscr
    done
  }
  echo ok')
}

integer tog
for request in "$@"; do
  echo @@
  start
  zpty -w z "$request"$'\t'
  tog=0
  while zpty -r z; do :; done | while IFS= read -r line; do
    if [[ $line == *$'\0\r' ]]; then
      (( tog++ )) && break || continue
    fi
    (( tog )) && echo -E - ${line%$'\r'}
  done
  zpty -d z
done
