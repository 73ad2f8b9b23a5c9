#!/usr/bin/env bash
# Benchmarks behind the figures in the README. Needs hyperfine and /usr/bin/time (Debian:
# apt-get install hyperfine time). Run from the repository root after `npm ci`:
#   bash bench/run.sh            # start-up and paging
# Results (hyperfine JSON) go to bench/results/.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/results
command -v hyperfine >/dev/null || { echo "bench: hyperfine is not installed (apt-get install hyperfine)" >&2; exit 1; }
[ -d dist ] || node scripts/build.mjs

only=${1:-all}
NODE=${NODE:-node}
gwctl="$NODE ./bin/gwctl.js"

GWCTL_CONFIG_DIR=$(mktemp -d)
export GWCTL_CONFIG_DIR
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$GWCTL_CONFIG_DIR"; }
trap cleanup EXIT

port_file=$(mktemp)
node bench/fixture-server.mjs 0 >"$port_file" &
pids+=($!)
for _ in $(seq 50); do [ -s "$port_file" ] && break; sleep 0.1; done
port=$(cat "$port_file")
export GWCTL_MANAGEMENT_KEY=sk-bench-0123456789abcdef
sandbox_out=$(mktemp)
./bin/gwctl.js sandbox --port 0 --json --interns 100000 --batch-rate-limit 0 >"$sandbox_out" 2>/dev/null &
pids+=($!)
for _ in $(seq 100); do [ -s "$sandbox_out" ] && break; sleep 0.1; done
base=$(node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));console.log(r.base_url)' "$sandbox_out")
key=$(node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));console.log(r.keys.api)' "$sandbox_out")

# Peak resident set size of one command, in MB.
peak_mb() { local kb; kb=$( { /usr/bin/time -v "$@" >/dev/null; } 2>&1 | awk -F: '/Maximum resident set size/ {gsub(/ /,"",$2); print $2}'); echo $(( kb / 1024 )); }

if [ "$only" = all ]; then
echo "== start-up: gwctl --version and endpoints get --json against bare Node"
# The floor: one undici GET and nothing else, bundled like gwctl.
floor_dir=$(mktemp -d)
node --input-type=module -e "import{build}from'esbuild';import{lazyRequirePlugin,builtinModulePlugin}from'./scripts/lazy-requires.mjs';await build({entryPoints:['bench/undici-floor.mjs'],outfile:'$floor_dir/undici-floor.mjs',bundle:true,format:'esm',platform:'node',minify:true,logLevel:'error',plugins:[lazyRequirePlugin(process.cwd(),{strict:false}),builtinModulePlugin()],banner:{js:\"const require=(id)=>process.getBuiltinModule(id)??process.getBuiltinModule('node:module').createRequire(import.meta.url)(id);\"}})"
hyperfine -N --warmup 5 --runs 40 --export-json bench/results/startup.json \
  'node -e 0' \
  './bin/gwctl.js --version' \
  "./bin/gwctl.js endpoints get 5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11 --json --base-url http://127.0.0.1:$port/api/v1" \
  "node $floor_dir/undici-floor.mjs $port"
node bench/ratios.mjs bench/results/startup.json

echo
echo "== paging: interns ls --all --json over 100,000 interns, against a plain fetch loop"
hyperfine -N --warmup 1 --runs 5 --export-json bench/results/paging.json \
  "node bench/fetch-all.mjs $base $key 500" \
  "env GWCTL_API_KEY=$key ./bin/gwctl.js interns ls --all --json --base-url $base"
node bench/ratios.mjs bench/results/paging.json

echo
echo "== peak memory (maximum resident set size)"
entries=()
for cmd in "node bench/fetch-all.mjs $base $key 500" "env GWCTL_API_KEY=$key ./bin/gwctl.js interns ls --all --json --base-url $base"; do
  kb=$( { /usr/bin/time -v $cmd >/dev/null; } 2>&1 | awk -F: '/Maximum resident set size/ {gsub(/ /,"",$2); print $2}')
  echo "$(( kb / 1024 )) MB  $cmd"
  entries+=("{\"command\":\"$cmd\",\"mb\":$(( kb / 1024 ))}")
done
(IFS=,; echo "[${entries[*]}]") > bench/results/memory.json
fi

echo
echo "== --jsonl: interns ls --all --jsonl over 100,000 interns, against a plain fetch loop writing JSON Lines ($($NODE --version))"
hyperfine -N --warmup 1 --runs 5 --export-json bench/results/jsonl.json \
  "$NODE bench/fetch-all-jsonl.mjs $base $key 500" \
  "env GWCTL_API_KEY=$key $gwctl interns ls --all --jsonl --base-url $base"
node bench/ratios.mjs bench/results/jsonl.json
entries=()
for cmd in "$NODE bench/fetch-all-jsonl.mjs $base $key 500" "env GWCTL_API_KEY=$key $gwctl interns ls --all --jsonl --base-url $base"; do
  mb=$(peak_mb $cmd)
  echo "$mb MB  $cmd"
  entries+=("{\"command\":\"$cmd\",\"mb\":$mb}")
done
(IFS=,; echo "[${entries[*]}]") > bench/results/jsonl-memory.json

echo
echo "== --jq over 100,000 interns, against --json piped to jq ($(jq --version))"
filter='.data[] | select(.status=="failed") | .id'
hyperfine --warmup 1 --runs 5 --export-json bench/results/jq-list.json \
  "env GWCTL_API_KEY=$key $gwctl interns ls --all --json --base-url $base | jq -r '$filter'" \
  "env GWCTL_API_KEY=$key $gwctl interns ls --all --jq '$filter' --base-url $base"
node bench/ratios.mjs bench/results/jq-list.json

echo
echo "== --jq on a single get: what the engine adds"
hyperfine -N --warmup 5 --runs 40 --export-json bench/results/jq-get.json \
  "$gwctl endpoints get 5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11 --json --base-url http://127.0.0.1:$port/api/v1" \
  "$gwctl endpoints get 5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11 --jq .data.id --base-url http://127.0.0.1:$port/api/v1"
node bench/ratios.mjs bench/results/jq-get.json

[ "$only" = all ] || exit 0
echo
node bench/report.mjs >/dev/null && echo "README updated with these figures"
