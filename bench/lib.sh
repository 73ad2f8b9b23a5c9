# Sourced by the bench scripts, from the repository root: a scratch folder (which also holds
# gwctl's config, so no run reads the user's) and the servers a script starts, both gone on exit.
tmp=$(mktemp -d)
GWCTL_CONFIG_DIR="$tmp/config"
export GWCTL_CONFIG_DIR
server_pids=()
cleanup() {
  for p in "${server_pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT

# serve FILE COMMAND...: runs a server in the background, its stdout into FILE, and waits (10 s
# at most) until it has written its first answer there: the port (bench/fixture-server.mjs) or
# the address and keys (`gwctl sandbox --json`). The servers run on the default node whatever
# runtime is measured, so that every runtime talks to the same server.
serve() {
  local file=$1
  shift
  "$@" >"$file" 2>"$file.err" &
  server_pids+=($!)
  for _ in $(seq 100); do
    [ -s "$file" ] && return 0
    sleep 0.1
  done
  echo "bench: the server did not start: $*" >&2
  cat "$file.err" >&2
  exit 1
}

# serve_fixture: bench/fixture-server.mjs, which answers every request with one private endpoint.
# Sets port, fixture_base (the API's base URL on it) and fixture_id (the endpoint's id), and
# exports a management key for gwctl to send.
serve_fixture() {
  serve "$tmp/fixture-port" node bench/fixture-server.mjs 0
  port=$(cat "$tmp/fixture-port")
  fixture_base="http://127.0.0.1:$port/api/v1"
  fixture_id=5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11
  export GWCTL_MANAGEMENT_KEY=sk-bench-0123456789abcdef
}

# serve_interns: `gwctl sandbox` with 100,000 interns, no rate limit and no pace, for the paging
# figures. Sets base (the API's base URL) and key (its API key).
serve_interns() {
  serve "$tmp/sandbox" ./bin/gwctl.js sandbox --port 0 --json --interns 100000 --batch-rate-limit 0 --pace 0
  base=$(node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));console.log(r.base_url)' "$tmp/sandbox")
  key=$(node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));console.log(r.keys.api)' "$tmp/sandbox")
}

# need TOOL...: stops with how to install the first of the tools (hyperfine, time, jq, valgrind) missing.
need() {
  local tool
  for tool in "$@"; do
    case $tool in
      time) [ -x /usr/bin/time ] ;;
      *) command -v "$tool" >/dev/null ;;
    esac || { echo "bench: $tool is not installed (apt-get install $tool)" >&2; exit 1; }
  done
}

# peak_mb COMMAND...: the peak resident set size of one run of the command, in MB.
peak_mb() {
  local kb
  kb=$( { /usr/bin/time -v "$@" >/dev/null; } 2>&1 | awk -F: '/Maximum resident set size/ {gsub(/ /,"",$2); print $2}')
  echo $((kb / 1024))
}

# peak_json FILE 'NAME|COMMAND'...: the peak memory of one run of each command, printed a line
# each and written to FILE as [{"command":NAME,"mb":N},...]. COMMAND is split at spaces.
peak_json() {
  local file=$1 pair name mb entries=()
  shift
  for pair in "$@"; do
    name=${pair%%|*}
    mb=$(peak_mb ${pair#*|})
    echo "$mb MB  $name"
    entries+=("{\"command\":\"$name\",\"mb\":$mb}")
  done
  (IFS=,; echo "[${entries[*]}]") >"$file"
}

# paging_pair FILE NAME COMMAND NAME COMMAND: one hyperfine run over many pages (1 warm-up,
# $paging_runs runs) of a baseline and of gwctl, in that order, written to FILE; then the ratio.
paging_pair() {
  hyperfine -N --warmup 1 --runs "$paging_runs" --export-json "$1" -n "$2" "$3" -n "$4" "$5"
  node bench/ratios.mjs "$1"
}
