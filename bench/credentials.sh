#!/usr/bin/env bash
# Credentials: config writes at once, and what each source of the key costs at start-up.
# Needs hyperfine, and for the keychain row dbus-run-session, gnome-keyring-daemon (Debian:
# apt-get install hyperfine dbus gnome-keyring). Run from the repository root after `npm ci`:
#   bash bench/credentials.sh                          # on .cache/node/24/bin/node
#   bash bench/credentials.sh --node .cache/node/20/bin/node
# 1. Concurrency: 16 writers (login, set, unset, logout; same and different profiles) and 8
#    readers at once, 3 rounds: every change that exited 0 is in the file, no reader failed.
# 2. Start-up of `endpoints get --json` against the fixture server with the key from the
#    environment, from a key command (`echo KEY`, beside `sh -c 'echo KEY'` alone), and from the
#    keychain (a private D-Bus session with gnome-keyring unlocked): hyperfine times, and, where
#    valgrind is installed, instructions of the gwctl process (bench/results/node<N>/instructions.txt).
set -euo pipefail
cd "$(dirname "$0")/.."

node_bin=.cache/node/24/bin/node
while [ $# -gt 0 ]; do
  case $1 in
    --node) node_bin=${2:?--node needs a path}; shift 2 ;;
    --inner) inner=1; shift ;;
    *) echo "bench: unknown argument $1 (see the head of bench/credentials.sh)" >&2; exit 2 ;;
  esac
done
source bench/node.sh
use_node "$node_bin"
[ -d dist ] || node scripts/build.mjs
gw="$node_bin bin/gwctl.js"

# Instructions of the gwctl process alone (callgrind; a key command's own process is not counted),
# which repeat within about 2 % where wall times on a busy machine do not: one line "name count".
instructions() {
  local name=$1
  shift
  command -v valgrind >/dev/null || return 0
  local n
  n=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null </dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  echo "instructions: $name $n" | tee -a "$BENCH_OUT/instructions.txt"
}

# Inside the private D-Bus session (the script runs itself there): the keychain row only.
if [ "${inner:-}" = 1 ]; then
  source bench/lib.sh
  serve_fixture
  printf bench-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
  echo "$GWCTL_MANAGEMENT_KEY" | env -u GWCTL_MANAGEMENT_KEY $gw auth login --with-token --no-verify >/dev/null 2>&1
  grep -q management-key-keychain "$GWCTL_CONFIG_DIR/config.json" || { echo "bench: the key did not go into the keychain" >&2; exit 1; }
  hyperfine -N --warmup 3 --runs 30 --export-json "$BENCH_OUT/startup-keychain.json" \
    -n "env" "$gw endpoints get $fixture_id --json --base-url $fixture_base" \
    -n "keychain" "env -u GWCTL_MANAGEMENT_KEY $gw endpoints get $fixture_id --json --base-url $fixture_base"
  for round in 1 2; do
    instructions env $gw endpoints get "$fixture_id" --json --base-url "$fixture_base"
    (unset GWCTL_MANAGEMENT_KEY && instructions keychain $gw endpoints get "$fixture_id" --json --base-url "$fixture_base")
  done
  exit 0
fi

out="bench/results/node$major"
mkdir -p "$out"
source bench/lib.sh

echo "== concurrency (Node $major): 16 writers + 8 readers at once, 3 rounds"
lost=0
failed_readers=0
failed_writers=0
for round in 1 2 3; do
  dir="$tmp/conc-$round"
  mkdir -p "$dir"
  pids=()
  names=()
  for i in $(seq 0 7); do
    (echo "sk-bench-$round-$i-0123456789" | GWCTL_CONFIG_DIR=$dir $gw auth login --with-token --insecure-storage --no-verify --profile "p$i" 2>/dev/null) &
    pids+=($!); names+=("login p$i")
    (GWCTL_CONFIG_DIR=$dir $gw config set workspace "ws-$i" --profile "p$i" 2>/dev/null) &
    pids+=($!); names+=("set p$i")
  done
  for i in $(seq 0 7); do
    (GWCTL_CONFIG_DIR=$dir $gw config list --json --profile "p$i" >"$dir/read-$i.json" 2>/dev/null) &
    pids+=($!); names+=("read $i")
  done
  for n in "${!pids[@]}"; do
    if ! wait "${pids[$n]}"; then
      case ${names[$n]} in read*) failed_readers=$((failed_readers + 1)) ;; *) failed_writers=$((failed_writers + 1)) ;; esac
    fi
  done
  for i in $(seq 0 7); do node -e 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))' "$dir/read-$i.json" || failed_readers=$((failed_readers + 1)); done
  missing=$(node -e '
    const c = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    let m = 0;
    for (let i = 0; i < 8; i++) {
      const p = c.profiles["p" + i] || {};
      if (p["management-key"] !== `sk-bench-${process.argv[2]}-${i}-0123456789`) m++;
      if (p.workspace !== "ws-" + i) m++;
    }
    console.log(m);' "$dir/config.json" "$round")
  lost=$((lost + missing))
done
echo "changes lost: $lost of 48; failed writers: $failed_writers; failed readers: $failed_readers"
printf '{"node":"%s","rounds":3,"writers":16,"readers":8,"lost":%d,"failed_writers":%d,"failed_readers":%d}\n' \
  "$major" "$lost" "$failed_writers" "$failed_readers" >"$out/concurrency.json"

echo "== start-up of endpoints get --json (Node $major)"
serve_fixture
hyperfine -N --warmup 3 --runs 30 --export-json "$out/startup-command.json" \
  -n "env" "$gw endpoints get $fixture_id --json --base-url $fixture_base" \
  -n "command" "env -u GWCTL_MANAGEMENT_KEY GWCTL_MANAGEMENT_KEY_COMMAND='echo $GWCTL_MANAGEMENT_KEY' $gw endpoints get $fixture_id --json --base-url $fixture_base" \
  -n "sh -c echo" "sh -c 'echo $GWCTL_MANAGEMENT_KEY'"
BENCH_OUT=$out
: >"$out/instructions.txt"
for round in 1 2; do
  instructions env $gw endpoints get "$fixture_id" --json --base-url "$fixture_base"
  (export GWCTL_MANAGEMENT_KEY_COMMAND="echo $GWCTL_MANAGEMENT_KEY" && unset GWCTL_MANAGEMENT_KEY &&
    instructions command $gw endpoints get "$fixture_id" --json --base-url "$fixture_base")
done

if command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  BENCH_OUT=$out dbus-run-session -- bash bench/credentials.sh --node "$node_bin" --inner 2>&1 | grep -v 'fd limit'
else
  echo "bench: dbus-run-session or gnome-keyring-daemon missing: no keychain row"
fi
