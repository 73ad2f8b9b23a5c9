# Sourced by the bench scripts that take `--node PATH`, from the repository root.
# use_node PATH: checks that PATH runs, then sets node_bin (its real path) and major (its major
# version), which name the results folder (bench/results/node<major>/).
use_node() {
  [ -x "$1" ] || { echo "bench: no Node binary at $1 (node scripts/fetch-node.mjs 24)" >&2; exit 1; }
  node_bin=$(realpath "$1")
  major=$("$node_bin" -p 'process.versions.node.split(".")[0]')
}

# timed_bench SCRIPT RUNS PAGING_RUNS QUICK_RUNS QUICK_PAGING_RUNS ARG...: the set-up of a script
# that times gwctl against its baselines on one Node. Reads --node PATH and --quick from ARG, then
# sets node_bin, major, runs, paging_runs, out (the results folder, made) and gwctl (the npm build
# on that Node, built when dist/ is missing).
timed_bench() {
  local script=$1 quick_runs=$4 quick_paging=$5 given=node
  runs=$2
  paging_runs=$3
  shift 5
  while [ $# -gt 0 ]; do
    case $1 in
      --node) given=${2:?--node needs a path}; shift 2 ;;
      --quick) runs=$quick_runs; paging_runs=$quick_paging; shift ;;
      *) echo "bench: unknown argument $1 (see the head of bench/$script)" >&2; exit 2 ;;
    esac
  done
  use_node "$(command -v "$given")"
  out="bench/results/node$major"
  mkdir -p "$out"
  [ -d dist ] || node scripts/build.mjs
  gwctl="$node_bin $PWD/bin/gwctl.js"
}
