#!/usr/bin/env bash
# Start-up counted in instructions rather than time: valgrind's callgrind counts what a run
# executes, which repeats within about 2 % where times on a shared machine move by 10-20 %.
# Output goes where users read it: into a pipe (as a script reads it), and `--help` also to a
# terminal (a pseudo-terminal of 80 columns made by util-linux `script`); each path is set against
# its floor (the print floors, the plain undici floor: bench/build-floor.mjs).
# The commands are the script's; the build is the one in the repository the script sits in (to
# count another build, copy the tree with bench/ into a folder of its own, built with node scripts/build.mjs).
# Needs valgrind and script (Debian: apt-get install valgrind util-linux). Run from the repository root after `npm ci`:
#   bash bench/instructions.sh                                  # on .cache/node/24/bin/node
#   bash bench/instructions.sh --node .cache/node/20/bin/node
#   bash bench/instructions.sh --fixed-seeds     # V8 on one thread with fixed seeds: counts repeat
#                                                # to about 0.01 %, so a 1 % change shows in one run
#   bash bench/instructions.sh --targets         # only the paths the start-up targets name, and
#                                                # their floors (bench/mechanisms.sh uses it)
# Each command runs once to fill Node's compile cache, then once under callgrind. Results go to
# bench/results/node<major>/instructions.json; bench/README.md's start-up paragraph cites them.
set -euo pipefail
cd "$(dirname "$0")/.."

node_bin=.cache/node/24/bin/node
node_flags=()
targets_only=
while [ $# -gt 0 ]; do
  case $1 in
    --node) node_bin=${2:?--node needs a path}; shift 2 ;;
    # The compiler's background work then runs on the main thread, so counts are higher than
    # without: compare fixed-seed counts only with each other.
    --fixed-seeds) node_flags=(--hash-seed=1 --random-seed=1 --single-threaded); shift ;;
    --targets) targets_only=1; shift ;;
    *) echo "bench: unknown argument $1 (see the head of bench/instructions.sh)" >&2; exit 2 ;;
  esac
done
source bench/node.sh
use_node "$node_bin"
command -v valgrind >/dev/null || { echo "bench: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
out="bench/results/node$major"
[ ${#node_flags[@]} -eq 0 ] || out="$out/fixed-seeds"
[ -z "$targets_only" ] || out="$out/targets"
mkdir -p "$out"
[ -d dist ] || node scripts/build.mjs

source bench/lib.sh
need script
serve_fixture
node bench/build-floor.mjs "$tmp/undici-plain.cjs" --plain
node bench/build-floor.mjs "$tmp/undici-floor.mjs"
node bench/build-floor.mjs "$tmp/stack-floor.mjs" --stack
# The print floors write gwctl's own text (at a terminal --help is the same text: 80 columns, no colour).
"$node_bin" bin/gwctl.js --version >"$tmp/version.txt"
"$node_bin" bin/gwctl.js --help >"$tmp/help.txt"
node bench/build-floor.mjs "$tmp/print-version.mjs" --print "$tmp/version.txt"
node bench/build-floor.mjs "$tmp/print-help.mjs" --print "$tmp/help.txt"

entries=()
# count NAME NODE ARG...: NODE ARG... with stdout into a pipe and stdin from $count_stdin (a pipe
# too, as an MCP client gives it) or /dev/null; with count_tty=1, stdout on a terminal instead.
count() {
  local name=$1
  shift
  local node=$1
  shift
  set -- "$node" ${node_flags[@]+"${node_flags[@]}"} "$@"
  local counted=(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@")
  if [ -n "${count_tty:-}" ]; then
    # script runs the line in a shell on a new pseudo-terminal; the arguments need no quoting here.
    script -qec "stty cols 80 rows 24; $* >/dev/null 2>&1 </dev/null; ${counted[*]} 2>$tmp/callgrind.err </dev/null" /dev/null >/dev/null </dev/null
  elif [ -n "${count_stdin:-}" ]; then
    cat "$count_stdin" | "$@" 2>/dev/null | cat >/dev/null
    cat "$count_stdin" | "${counted[@]}" 2>"$tmp/callgrind.err" | cat >/dev/null
  else
    "$@" </dev/null 2>/dev/null | cat >/dev/null
    "${counted[@]}" </dev/null 2>"$tmp/callgrind.err" | cat >/dev/null
  fi
  local n
  n=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$tmp/callgrind.err")
  [ -n "$n" ] || { echo "bench: callgrind gave no count for $name" >&2; exit 1; }
  awk -v n="$n" -v name="$name" 'BEGIN { printf "%8.1fM  %s\n", n / 1e6, name }'
  entries+=("{\"command\":\"$name\",\"instructions\":$n}")
}

echo "== instructions on Node $("$node_bin" --version) (callgrind${node_flags[*]:+, ${node_flags[*]}}), stdout into a pipe"
count 'node -e 0' "$node_bin" -e 0
count 'print floor: the text of --version (bench/build-floor.mjs --print)' "$node_bin" "$tmp/print-version.mjs"
count 'print floor: the text of --help' "$node_bin" "$tmp/print-help.mjs"
count_tty=1 count 'print floor: the text of --help, at a terminal' "$node_bin" "$tmp/print-help.mjs"
count 'plain undici floor: one GET with undici, bundled plainly (bench/undici-plain.mjs)' "$node_bin" "$tmp/undici-plain.cjs" "$port"
[ -n "$targets_only" ] || count 'tuned undici floor: that GET bundled and tuned as gwctl (bench/undici-floor.mjs)' "$node_bin" "$tmp/undici-floor.mjs" "$port"
[ -n "$targets_only" ] || count 'the stack floor: the tuned GET with commander, zod and the printing (bench/stack-floor.mjs)' "$node_bin" "$tmp/stack-floor.mjs" endpoints get "$fixture_id" --base-url "$fixture_base"
count 'gwctl --version' "$node_bin" bin/gwctl.js --version
count 'gwctl --help' "$node_bin" bin/gwctl.js --help
count_tty=1 count 'gwctl --help, at a terminal' "$node_bin" bin/gwctl.js --help
[ -n "$targets_only" ] || count 'gwctl endpoints get --help' "$node_bin" bin/gwctl.js endpoints get --help
count 'gwctl endpoints get <id> --json' "$node_bin" bin/gwctl.js endpoints get "$fixture_id" --json --base-url "$fixture_base"
count 'gwctl endpoints get <id> --jq .data.id' "$node_bin" bin/gwctl.js endpoints get "$fixture_id" --jq .data.id --base-url "$fixture_base"
[ -n "$targets_only" ] || count 'gwctl endpoints get <id> --jq (outside the subset: jq itself)' "$node_bin" bin/gwctl.js endpoints get "$fixture_id" --jq '.data.id | ltrimstr("x")' --base-url "$fixture_base"
[ -n "$targets_only" ] || count 'gwctl api private-endpoints/<id>' "$node_bin" bin/gwctl.js api "private-endpoints/$fixture_id" --base-url "$fixture_base"
# gwctl mcp: start-up, the answer to one initialize read from stdin, and the end at stdin's end
# (the MCP SDK does not load: the opening is answered before it, and nothing after needs it).
if "$node_bin" bin/gwctl.js mcp --help >/dev/null 2>&1; then
  echo '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}' >"$tmp/initialize.jsonl"
  count_stdin="$tmp/initialize.jsonl" count 'gwctl mcp (answers initialize)' "$node_bin" bin/gwctl.js mcp
  # The 2026-07-28 revision's first request: server/discover, with the envelope in _meta.
  echo '{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"bench","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}}}' >"$tmp/discover.jsonl"
  [ -n "$targets_only" ] || count_stdin="$tmp/discover.jsonl" count 'gwctl mcp (answers server/discover)' "$node_bin" bin/gwctl.js mcp
fi
(IFS=,; echo "{\"node\":\"$("$node_bin" --version)\",\"date\":\"$(date -u +%F)\",\"results\":[${entries[*]}]}") >"$out/instructions.json"
echo "written to $out/instructions.json"
