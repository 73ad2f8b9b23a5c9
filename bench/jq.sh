#!/usr/bin/env bash
# The targets of `--jq at the price of --json`, alone (a few minutes): one get with --jq against
# the same get with --json, for a filter gwctl runs itself and for one only jq runs, in one
# hyperfine run; and --all --jq over 100,000 interns against --all --json piped to jq, for an
# item-by-item filter and a whole-body one. Needs hyperfine and jq (Debian: apt-get install
# hyperfine jq). Run from the repository root after `npm ci`:
#   bash bench/jq.sh                                  # the npm build on the `node` on PATH
#   bash bench/jq.sh --node .cache/node/24/bin/node
# Results go to bench/results/node<major>/jq-*.json; bench/README.md cites them.
set -euo pipefail
cd "$(dirname "$0")/.."

source bench/node.sh
timed_bench jq.sh 30 5 5 2 "$@"
source bench/lib.sh
need hyperfine jq
echo "== --jq on Node $("$node_bin" --version), $(jq --version)"

serve_fixture
echo "== one get: --json, --jq with a filter of the subset, --jq with a filter only jq runs"
hyperfine -N --warmup 5 --runs "$runs" --export-json "$out/jq-get.json" \
  -n 'gwctl endpoints get <id> --json' "$gwctl endpoints get $fixture_id --json --base-url $fixture_base" \
  -n 'gwctl endpoints get <id> --jq .data.id' "$gwctl endpoints get $fixture_id --jq .data.id --base-url $fixture_base" \
  -n 'gwctl endpoints get <id> --jq FILTER (of the subset)' "$gwctl endpoints get $fixture_id --jq '.data | select(.status != \"x\") | \"\(.id)\t\(.name)\"' --base-url $fixture_base" \
  -n 'gwctl endpoints get <id> --jq (jq itself)' "$gwctl endpoints get $fixture_id --jq '.data.id | ltrimstr(\"x\")' --base-url $fixture_base"
node bench/ratios.mjs "$out/jq-get.json"

echo
echo "== --all over 100,000 interns: --jq against --json piped to jq"
serve_interns
for filter in '.data[] | select(.status=="failed") | .id' '[.data[] | select(.status=="failed")] | length'; do
  name=$([ "${filter:0:1}" = '[' ] && echo whole || echo items)
  hyperfine --warmup 1 --runs "$paging_runs" --export-json "$out/jq-list-$name.json" \
    -n "gwctl interns ls --all --json | jq -r '$filter'" "env GWCTL_API_KEY=$key $gwctl interns ls --all --json --base-url $base | jq -r '$filter'" \
    -n "gwctl interns ls --all --jq '$filter'" "env GWCTL_API_KEY=$key $gwctl interns ls --all --jq '$filter' --base-url $base"
  node bench/ratios.mjs "$out/jq-list-$name.json"
done
