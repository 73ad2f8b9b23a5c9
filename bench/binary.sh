#!/usr/bin/env bash
# Start-up of the standalone executable (dist-bin/gwctl-linux-x64) against bare Node of the
# version inside it, and against the npm build on that same Node. Needs hyperfine. Run from the
# repository root after `npm ci`:
#   bash bench/binary.sh              # builds dist-bin/ with Node 24 if it is not there
#   NODE_MAJOR=26 bash bench/binary.sh   # a binary built with --node-major 26
#   RUNS=100 bash bench/binary.sh         # more runs than 40
# Results (hyperfine JSON) go to bench/results/binary.json; the size to bench/results/binary-size.json.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/results
command -v hyperfine >/dev/null || { echo "bench: hyperfine is not installed (apt-get install hyperfine)" >&2; exit 1; }
major=${NODE_MAJOR:-24}
exe=dist-bin/gwctl-linux-x64
[ -x "$exe" ] || node scripts/build-binary.mjs --node-major "$major"
[ -d dist ] || node scripts/build.mjs
node=.cache/node/$major/bin/node
[ -x "$node" ] || { echo "bench: $node is missing (npm run build:binary -- --node-major $major fetches it)" >&2; exit 1; }

source bench/lib.sh
serve_fixture
get="endpoints get $fixture_id --json --base-url $fixture_base"

echo "== standalone executable: start-up against bare Node $("$node" --version), output into a pipe"
# The npm build runs once first so its compile cache is warm, as it is for a user.
"$node" bin/gwctl.js $get >/dev/null
# The print floor of --version on the same Node (bench/build-floor.mjs): what writing the line costs.
"$exe" --version >"$tmp/version.txt"
node bench/build-floor.mjs "$tmp/print-version.mjs" --print "$tmp/version.txt"
hyperfine -N --output=pipe --warmup 5 --runs "${RUNS:-40}" --export-json bench/results/binary.json \
  "$node -e 0" \
  "$exe --version" \
  "$node $tmp/print-version.mjs" \
  "$exe $get" \
  "$node bin/gwctl.js $get"
node bench/ratios.mjs bench/results/binary.json

bytes=$(stat -c %s "$exe")
echo
echo "size: $(( bytes / 1048576 )) MiB ($bytes bytes, stripped)"
echo "{\"bytes\":$bytes,\"node\":\"$("$node" --version)\"}" > bench/results/binary-size.json
