# Sourced by the bench scripts that take `--node PATH`, from the repository root.
# use_node PATH: checks that PATH runs, then sets node_bin (its real path) and major (its major
# version), which name the results folder (bench/results/node<major>/).
use_node() {
  [ -x "$1" ] || { echo "bench: no Node binary at $1 (node scripts/fetch-node.mjs 24)" >&2; exit 1; }
  node_bin=$(realpath "$1")
  major=$("$node_bin" -p 'process.versions.node.split(".")[0]')
}
