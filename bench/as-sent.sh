#!/usr/bin/env bash
# The targets of "What the API sent, as it sent it", alone (a few minutes): one get with --json
# against the undici floor, and --all --json and --all --jsonl over 100,000 interns against a
# plain fetch loop (bench/fetch-all.mjs, bench/fetch-all-jsonl.mjs), each in one hyperfine run,
# with the peak memory of each command. Needs hyperfine and /usr/bin/time (Debian: apt-get
# install hyperfine time). Run from the repository root after `npm ci`:
#   bash bench/as-sent.sh                                  # the npm build on the `node` on PATH
#   bash bench/as-sent.sh --node .cache/node/20/bin/node
# Results go to bench/results/node<major>/as-sent-*.json; bench/README.md cites them.
set -euo pipefail
cd "$(dirname "$0")/.."

source bench/node.sh
timed_bench as-sent.sh 30 3 5 1 "$@"
source bench/lib.sh
need hyperfine time
echo "== what the API sent, as sent: Node $("$node_bin" --version)"


serve_fixture
node bench/build-floor.mjs "$tmp/undici-floor.mjs"
echo "== one get: --json against one undici GET alone"
hyperfine -N --warmup 5 --runs "$runs" --export-json "$out/as-sent-get.json" \
  -n 'one undici GET alone (bench/undici-floor.mjs)' "$node_bin $tmp/undici-floor.mjs $port" \
  -n 'gwctl endpoints get <id> --json' "$gwctl endpoints get $fixture_id --json --base-url $fixture_base"
node bench/ratios.mjs "$out/as-sent-get.json"

echo
echo "== --all over 100,000 interns, against a plain fetch loop"
serve_interns
loop="$node_bin bench/fetch-all.mjs $base $key 500"
jsonl_loop="$node_bin bench/fetch-all-jsonl.mjs $base $key 500"
all_json="env GWCTL_API_KEY=$key $gwctl interns ls --all --json --base-url $base"
all_jsonl="env GWCTL_API_KEY=$key $gwctl interns ls --all --jsonl --base-url $base"
paging_pair "$out/as-sent-all-json.json" 'node bench/fetch-all.mjs BASE KEY 500' "$loop" 'gwctl interns ls --all --json' "$all_json"
paging_pair "$out/as-sent-all-jsonl.json" 'node bench/fetch-all-jsonl.mjs BASE KEY 500' "$jsonl_loop" 'gwctl interns ls --all --jsonl' "$all_jsonl"

echo
echo "== peak memory (maximum resident set size)"
peak_json "$out/as-sent-memory.json" "fetch loop|$loop" "gwctl interns ls --all --json|$all_json" \
  "fetch loop writing JSON Lines|$jsonl_loop" "gwctl interns ls --all --jsonl|$all_jsonl"
