#!/usr/bin/env bash
# What each start-up mechanism saves on the paths the targets name (docs/startup.md, "The
# mechanisms"): for each, a copy of this tree with that one mechanism taken out of the build, built
# and counted by `bench/instructions.sh --fixed-seeds --targets` (output into a pipe, `--help` at a
# terminal too), beside the tree as it is. A mechanism's edit that no longer matches its build
# script fails the run, so a count is never of a build that still has the mechanism.
# Needs what bench/instructions.sh needs. Run from the repository root after `npm ci`:
#   bash bench/mechanisms.sh                                  # on .cache/node/24/bin/node
#   bash bench/mechanisms.sh --node .cache/node/20/bin/node
#   bash bench/mechanisms.sh --only layers,facades            # some of them
# Results: bench/results/node<major>/mechanisms.json (each build's counts), and a table on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."

node_bin=.cache/node/24/bin/node
only=
while [ $# -gt 0 ]; do
  case $1 in
    --node) node_bin=${2:?--node needs a path}; shift 2 ;;
    --only) only=${2:?--only needs names}; shift 2 ;;
    *) echo "bench: unknown argument $1 (see the head of bench/mechanisms.sh)" >&2; exit 2 ;;
  esac
done
source bench/node.sh
use_node "$node_bin"
node_abs=$(cd "$(dirname "$node_bin")" && pwd)/$(basename "$node_bin")

# Each mechanism: its name, then one or more edits of the build (file, text to find, its
# replacement) that take it out; node, below, fails when the text is no longer there.
names=(layers commander-child-process undici-h2 undici-http facades eager-compile)
edits_of() {
  case $1 in
    layers) e scripts/build.mjs 'const result = await buildInLayers(build, options);' 'const result = await build(options);' ;;
    commander-child-process) e scripts/lazy-requires.mjs 'const all = [...lazyRequires,' "const all = [...lazyRequires.filter((r) => !r.from.includes('child_process'))," ;;
    undici-h2) e scripts/lazy-requires.mjs 'const all = [...lazyRequires,' "const all = [...lazyRequires.filter((r) => !r.from.includes('client-h2'))," ;;
    undici-http) e scripts/lazy-requires.mjs 'const all = [...lazyRequires, ...httpLazyRequires({ maxHeaderSize })];' 'const all = [...lazyRequires];' ;;
    # The layers' own loader does the same rewrite for the files it wraps: both go.
    facades)
      e scripts/build.mjs 'lazyRequirePlugin(root), builtinModulePlugin()]' 'lazyRequirePlugin(root)]'
      e scripts/shared-chunks.mjs 'const source = inlineBuiltinImports(read) ?? read;' 'const source = read;'
      ;;
    eager-compile) e scripts/build.mjs '  await writeFile(file, eager.code);' '  void eager;' ;;
  esac
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# copy DIR: this tree as it is in the working copy (tracked files), with node_modules hard-linked.
copy() {
  mkdir -p "$1"
  git ls-files -z | xargs -0 cp --parents -t "$1"
  cp -al node_modules "$1/node_modules"
}
# e FILE FROM TO: the edit, in the copy being made ($into).
e() {
  (cd "$into" && edit "$@")
}
edit() {
  node -e '
    const fs = require("fs");
    const [file, from, to] = process.argv.slice(1);
    const text = fs.readFileSync(file, "utf8");
    if (!text.includes(from)) { console.error(`bench: ${file} no longer has: ${from}`); process.exit(1); }
    fs.writeFileSync(file, text.replace(from, to));
  ' "$@"
}
# count DIR [1]: DIR's build counted (bench/instructions.sh builds it when it has none; the copy
# as it is is counted twice, the second time without Node's compile cache, built once).
count() {
  (cd "$1" && env ${2:+NODE_DISABLE_COMPILE_CACHE=1} bash bench/instructions.sh --fixed-seeds --targets --node "$node_abs" >/dev/null)
  cat "$1/bench/results/node$major/fixed-seeds/targets/instructions.json"
}

echo "== start-up mechanisms taken out one at a time, Node $("$node_bin" --version), fixed seeds, into a pipe" >&2
copy "$work/as-is"
results="\"as-is\":$(count "$work/as-is")"
if [ -z "$only" ] || [[ ,$only, == *,compile-cache,* ]]; then
  # Node's compile cache is turned on at run time: the same build, with Node told not to.
  results="$results,\"compile-cache\":$(count "$work/as-is" 1)"
fi
for name in "${names[@]}"; do
  [ -z "$only" ] || [[ ,$only, == *,$name,* ]] || continue
  into="$work/$name"
  copy "$into"
  edits_of "$name"
  results="$results,\"$name\":$(count "$into")"
  rm -rf "$into"
done
out="bench/results/node$major/mechanisms.json"
echo "{\"node\":\"$("$node_bin" --version)\",\"date\":\"$(date -u +%F)\",\"builds\":{$results}}" >"$out"
node bench/mechanisms-report.mjs "$out"
