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
