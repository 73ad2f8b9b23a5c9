#!/usr/bin/env bash
# Benchmarks behind the figures in bench/README.md, for one runtime per run. Needs hyperfine and
# /usr/bin/time (Debian: apt-get install hyperfine time). Run from the repository root after `npm ci`:
#   bash bench/run.sh                                  # the npm build on the `node` on PATH
#   bash bench/run.sh --node .cache/node/24/bin/node   # ... on another Node (or GWCTL_BENCH_NODE=PATH)
#   bash bench/run.sh --binary dist-bin/gwctl-linux-x64 --node .cache/node/24/bin/node
#                                                      # the standalone binary; --node is then the
#                                                      # bare Node it is compared with (same version)
#   bash bench/run.sh ... --quick                      # fewer runs, to try the script out
#   bash bench/run.sh ... --runs 100                   # more runs a start-up command (40 by default)
#   bash bench/run.sh ... --only-startup               # start-up, help and --jq on one get only (a few minutes)
# Results (hyperfine JSON, peak memory, what ran where) go to bench/results/<runtime>/, where
# <runtime> is node<major> or binary; `node bench/report.mjs` renders them as the table of bench/README.md.
# `bash bench/all.sh` does the whole set: Node 20, Node 24 and the binary when it is built.
set -euo pipefail
cd "$(dirname "$0")/.."

node_bin=${GWCTL_BENCH_NODE:-}
binary=''
startup_runs=40
# --only-startup: the start-up sections alone (a minute), without the 100,000-intern sandbox.
only_startup=''
paging_runs=5
while [ $# -gt 0 ]; do
  case $1 in
    --node) node_bin=${2:?--node needs a path}; shift 2 ;;
    --binary) binary=${2:?--binary needs a path}; shift 2 ;;
    --quick) startup_runs=5; paging_runs=2; shift ;;
    --runs) startup_runs=${2:?--runs needs a number}; shift 2 ;;
    --only-startup) only_startup=1; shift ;;
    *) echo "bench: unknown argument $1 (see the head of bench/run.sh)" >&2; exit 2 ;;
  esac
done
node_bin=$(command -v "${node_bin:-node}") || { echo "bench: no such Node binary: ${node_bin:-node}" >&2; exit 1; }
node_bin=$(realpath "$node_bin")
node_version=$("$node_bin" --version)
if [ -n "$binary" ]; then
  [ -x "$binary" ] || { echo "bench: no standalone binary at $binary (npm run build:binary)" >&2; exit 1; }
  binary=$(realpath "$binary")
  runtime=binary
  gwctl="$binary"
else
  runtime="node$(echo "$node_version" | sed -E 's/^v([0-9]+).*/\1/')"
  gwctl="$node_bin $PWD/bin/gwctl.js"
fi
out="bench/results/$runtime"
mkdir -p "$out"
source bench/lib.sh
need hyperfine time script
[ -d dist ] || node scripts/build.mjs
# What ran where, for the report's heading (with --only-startup too).
node -e '
const [runtime, node, nodeVersion, binary, startupRuns, pagingRuns] = process.argv.slice(1);
const os = require("os");
const info = {
  runtime, date: new Date().toISOString(), node, node_version: nodeVersion, binary: binary || null,
  // The standalone build is stripped as it is built (scripts/build-binary.mjs): this is what users download.
  binary_bytes: binary ? require("fs").statSync(binary).size : null,
  startup_runs: Number(startupRuns), paging_runs: Number(pagingRuns),
  // Other work on the machine moves the times: the report says how busy it was.
  load_average: os.loadavg()[0],
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model?.trim() ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.type()} ${os.release()}`,
};
require("fs").writeFileSync(`bench/results/${runtime}/runtime.json`, JSON.stringify(info, null, 2) + "\n");
' "$runtime" "$node_bin" "$node_version" "$binary" "$startup_runs" "$paging_runs"
echo "== $runtime: gwctl is \`$gwctl\`; bare Node, the floor and the fetch loop run on $node_bin ($node_version)"

echo "== start-up, output into a pipe (as a script reads it): --version and a get against their floors"
serve_fixture
# The floors (bench/build-floor.mjs): the print floor writes gwctl's text and does nothing else; the
# plain undici floor is one GET as a user's own script makes it, bundled plainly; the tuned floor is
# that GET bundled and tuned as gwctl's transport is, and the stack floor adds what commander and
# zod add to a read (bench/stack-floor.mjs): those two are figures to learn from, not targets.
$gwctl --version >"$tmp/version.txt"
$gwctl --help >"$tmp/help.txt"
node bench/build-floor.mjs "$tmp/print-version.mjs" --print "$tmp/version.txt"
node bench/build-floor.mjs "$tmp/print-help.mjs" --print "$tmp/help.txt"
node bench/build-floor.mjs "$tmp/undici-plain.cjs" --plain
node bench/build-floor.mjs "$tmp/undici-floor.mjs"
node bench/build-floor.mjs "$tmp/stack-floor.mjs" --stack
# bench/report.mjs finds each result by its name.
hyperfine -N --output=pipe --warmup 5 --runs "$startup_runs" --export-json "$out/startup.json" \
  -n 'node -e 0' "$node_bin -e 0" \
  -n 'print floor: --version' "$node_bin $tmp/print-version.mjs" \
  -n 'gwctl --version' "$gwctl --version" \
  -n 'plain undici floor' "$node_bin $tmp/undici-plain.cjs $port" \
  -n 'gwctl endpoints get <id> --json' "$gwctl endpoints get $fixture_id --json --base-url $fixture_base" \
  -n 'tuned undici floor' "$node_bin $tmp/undici-floor.mjs $port" \
  -n 'stack floor' "$node_bin $tmp/stack-floor.mjs endpoints get $fixture_id --base-url $fixture_base"
node bench/ratios.mjs "$out/startup.json"

echo
echo "== help into a pipe: gwctl --help and interns ls --help against the print floor of --help"
hyperfine -N --output=pipe --warmup 5 --runs "$startup_runs" --export-json "$out/help.json" \
  -n 'print floor: --help' "$node_bin $tmp/print-help.mjs" \
  -n 'gwctl --help' "$gwctl --help" \
  -n 'gwctl interns ls --help' "$gwctl interns ls --help"
node bench/ratios.mjs "$out/help.json"

echo
echo "== help at a terminal (a pseudo-terminal of 80 columns made by script): gwctl --help against its print floor"
# hyperfine runs inside script, so the commands' stdout (--output=inherit) is the terminal; script
# reads it off and throws it away.
script -qec "stty cols 80 rows 24; hyperfine -N --output=inherit --style none --warmup 5 --runs $startup_runs --export-json $out/help-terminal.json -n 'print floor: --help' '$node_bin $tmp/print-help.mjs' -n 'gwctl --help' '$gwctl --help'" /dev/null >/dev/null </dev/null
node bench/ratios.mjs "$out/help-terminal.json"

echo
echo "== --jq on a single get, into a pipe: what the engine adds"
hyperfine -N --output=pipe --warmup 5 --runs "$startup_runs" --export-json "$out/jq-get.json" \
  -n 'gwctl endpoints get <id> --json' "$gwctl endpoints get $fixture_id --json --base-url $fixture_base" \
  -n 'gwctl endpoints get <id> --jq .data.id' "$gwctl endpoints get $fixture_id --jq .data.id --base-url $fixture_base" \
  -n 'gwctl endpoints get <id> --jq (jq itself)' "$gwctl endpoints get $fixture_id --jq '.data.id | ltrimstr(\"x\")' --base-url $fixture_base"
node bench/ratios.mjs "$out/jq-get.json"
[ -z "$only_startup" ] || exit 0

echo
echo "== paging: interns ls --all --json over 100,000 interns, against a plain fetch loop"
serve_interns
loop="$node_bin bench/fetch-all.mjs $base $key 500"
ls_all="env GWCTL_API_KEY=$key $gwctl interns ls --all --json --base-url $base"
# Order: the fetch loop, then gwctl (bench/report.mjs reads them so).
paging_pair "$out/paging.json" 'node bench/fetch-all.mjs BASE KEY 500' "$loop" 'gwctl interns ls --all --json' "$ls_all"

echo
echo "== peak memory (maximum resident set size)"
peak_json "$out/memory.json" "node bench/fetch-all.mjs BASE KEY 500|$loop" "gwctl interns ls --all --json|$ls_all"

echo
echo "== --jsonl: interns ls --all --jsonl over 100,000 interns, against a plain fetch loop writing JSON Lines"
jsonl_loop="$node_bin bench/fetch-all-jsonl.mjs $base $key 500"
jsonl="env GWCTL_API_KEY=$key $gwctl interns ls --all --jsonl --base-url $base"
paging_pair "$out/jsonl.json" 'node bench/fetch-all-jsonl.mjs BASE KEY 500' "$jsonl_loop" 'gwctl interns ls --all --jsonl' "$jsonl"
peak_json "$out/jsonl-memory.json" "fetch loop writing JSON Lines|$jsonl_loop" "gwctl interns ls --all --jsonl|$jsonl"

if command -v jq >/dev/null; then
  echo
  echo "== --jq over 100,000 interns, against --json piped to jq ($(jq --version))"
  filter='.data[] | select(.status=="failed") | .id'
  hyperfine --warmup 1 --runs "$paging_runs" --export-json "$out/jq-list.json" \
    -n 'gwctl interns ls --all --json | jq -r FILTER' "env GWCTL_API_KEY=$key $gwctl interns ls --all --json --base-url $base | jq -r '$filter'" \
    -n 'gwctl interns ls --all --jq FILTER' "env GWCTL_API_KEY=$key $gwctl interns ls --all --jq '$filter' --base-url $base"
  node bench/ratios.mjs "$out/jq-list.json"
  echo "[{\"command\":\"gwctl interns ls --all --jq FILTER\",\"mb\":$(peak_mb env GWCTL_API_KEY=$key $gwctl interns ls --all --jq "$filter" --base-url $base)}]" > "$out/jq-memory.json"
  cat "$out/jq-memory.json"
fi


echo
echo "== gwctl api: --paginate against interns ls --all --json (same paging), and start-up against endpoints get"
api_all="env GWCTL_API_KEY=$key $gwctl api interns?limit=500 --paginate --base-url $base"
paging_pair "$out/api-paging.json" 'gwctl interns ls --all --json' "$ls_all" 'gwctl api interns --paginate' "$api_all"
peak_json "$out/api-memory.json" "gwctl interns ls --all --json|$ls_all" "gwctl api interns --paginate|$api_all"
hyperfine -N --output=pipe --warmup 5 --runs "$startup_runs" --export-json "$out/api-startup.json" \
  -n 'gwctl endpoints get <id> --json' "$gwctl endpoints get $fixture_id --json --base-url $fixture_base" \
  -n 'gwctl api private-endpoints/<id>' "$gwctl api private-endpoints/$fixture_id --base-url $fixture_base"
node bench/ratios.mjs "$out/api-startup.json"

echo
echo "results in $out/; the table of bench/README.md: node bench/report.mjs"
