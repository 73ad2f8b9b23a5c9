#!/usr/bin/env bash
# Every runtime of the figures table in bench/README.md, one after the other: the npm build on Node 20 and
# Node 24 (fetched into .cache/node/ by scripts/fetch-node.mjs) and the standalone binary when
# dist-bin/gwctl-linux-x64 exists (compared with bare Node of the line it was built with:
# GWCTL_BENCH_BINARY_NODE, default 24). Arguments go to each bench/run.sh (e.g. --quick).
# Then: node bench/report.mjs --write
set -euo pipefail
cd "$(dirname "$0")/.."
binary_node=${GWCTL_BENCH_BINARY_NODE:-24}
node scripts/fetch-node.mjs 20 24 "$binary_node" >/dev/null
bash bench/run.sh --node .cache/node/20/bin/node "$@"
bash bench/run.sh --node .cache/node/24/bin/node "$@"
if [ -x dist-bin/gwctl-linux-x64 ]; then
  bash bench/run.sh --binary dist-bin/gwctl-linux-x64 --node ".cache/node/$binary_node/bin/node" "$@"
else
  echo "bench: no dist-bin/gwctl-linux-x64 (npm run build:binary): the binary's column is left out"
fi
echo
node bench/report.mjs
