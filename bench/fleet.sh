#!/usr/bin/env bash
# Fleet actions: suspend 1,000 interns by selector (`interns suspend --status running --yes`)
# against the sandbox with 50 ms of injected latency on every request, at the default
# concurrency, at --concurrency 16, at --concurrency auto, at --concurrency 1, and against a
# shell loop that runs
# `gwctl interns suspend <id> --yes` once per intern. The loop is timed on a sample of SAMPLE
# interns (default 50) and scaled to the full count (its cost per intern does not depend on
# how many there are). Peak RSS of the default run is taken with /usr/bin/time -v. Each run
# against the rate limit also gives the CPU time of gwctl and of the sandbox, and its pace as the
# sandbox saw it (bench/fleet-pace.mjs: pauses, the rate kept, requests per second).
# Needs hyperfine, jq, curl and /usr/bin/time. Run from the repository root after `npm ci`:
#   bash bench/fleet.sh            # RUNS=3 SAMPLE=50 by default
# Results (hyperfine JSON and a summary) go to bench/results/fleet*.json.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/results
for tool in hyperfine jq curl; do command -v "$tool" >/dev/null || { echo "bench: $tool is not installed" >&2; exit 1; }; done
[ -d dist ] || node scripts/build.mjs
RUNS=${RUNS:-3}
SAMPLE=${SAMPLE:-50}
# About 54% of the sandbox's interns run: 1,850 of them give about 1,000 running ones.
INTERNS=${INTERNS:-1850}

source bench/lib.sh
out="$tmp/sandbox"
serve "$out" ./bin/gwctl.js sandbox --port 0 --json --interns "$INTERNS" --pace 0 --fault '* /interns delay=50'
base=$(jq -r .base_url "$out")
control=${base%/api/v1}/_sandbox
export GWCTL_BASE_URL=$base GWCTL_MANAGEMENT_KEY=$(jq -r .keys.management "$out") GWCTL_API_KEY=$(jq -r .keys.management "$out")
reset="curl -s -X POST $control/reset"

ids="$tmp/ids"
./bin/gwctl.js interns ls --status running --all --json | jq -r '.data[].id' >"$ids"
count=$(wc -l <"$ids")
head -n "$SAMPLE" "$ids" >"$ids.sample"
echo "== suspend $count interns by selector, 50 ms per request (sandbox at $base)"

hyperfine -N --runs "$RUNS" --prepare "$reset" --export-json bench/results/fleet.json \
  './bin/gwctl.js interns suspend --status running --yes' \
  './bin/gwctl.js interns suspend --status running --yes --concurrency 16' \
  './bin/gwctl.js interns suspend --status running --yes --concurrency 1' \
  './bin/gwctl.js interns suspend --status running --yes --concurrency auto'
node bench/ratios.mjs bench/results/fleet.json

echo
echo "== shell loop, one process per intern, on $SAMPLE interns (scaled to $count)"
hyperfine --runs "$RUNS" --prepare "$reset" --export-json bench/results/fleet-loop.json \
  "while read -r id; do ./bin/gwctl.js interns suspend \"\$id\" --yes >/dev/null; done < $ids.sample"

echo
echo "== peak memory of the default run"
$reset >/dev/null
kb=$( { /usr/bin/time -v ./bin/gwctl.js interns suspend --status running --yes >/dev/null; } 2>&1 | awk -F: '/Maximum resident set size/ {gsub(/ /,"",$2); print $2}')
echo "$(( kb / 1024 )) MB"

echo
echo "== against --rate-limit 50/1 (ideal: $count requests at 50 a second)"
RL_RUNS=${RL_RUNS:-2}
limited="$tmp/limited"
serve "$limited" ./bin/gwctl.js sandbox --port 0 --json --interns "$INTERNS" --pace 0 --fault '* /interns delay=50' --rate-limit 50/1
limited_pid=${server_pids[-1]}
ticks=$(getconf CLK_TCK)
# CPU time (user + system, ms) of a process so far, from /proc/PID/stat.
cpu_ms() { awk -v t="$ticks" '{ sub(/^.*\) /, ""); print ($12 + $13) * 1000 / t }' "/proc/$1/stat"; }
lbase=$(jq -r .base_url "$limited")
lcontrol=${lbase%/api/v1}/_sandbox
: >"$tmp/limited.jsonl"
for concurrency in auto 16; do
  for run in $(seq "$RL_RUNS"); do
    curl -s -X POST "$lcontrol/reset" >/dev/null
    sleep 1
    load=$(cut -d' ' -f1 /proc/loadavg)
    server_cpu=$(cpu_ms "$limited_pid")
    began=$(date +%s.%N)
    GWCTL_BASE_URL=$lbase /usr/bin/time -f '%U %S' -o "$tmp/client-time" ./bin/gwctl.js interns suspend --status running --yes --concurrency "$concurrency" --json >"$tmp/run.json" || true
    ended=$(date +%s.%N)
    server_cpu=$(echo "$(cpu_ms "$limited_pid") - $server_cpu" | bc)
    client_cpu=$(awk '{ print ($1 + $2) * 1000 }' "$tmp/client-time")
    curl -s "$lcontrol/requests" >"$tmp/log.json"
    requests=$(jq '[.data // . | .[] | select(.path | startswith("/api/v1"))] | length' "$tmp/log.json")
    # The pace as the sandbox saw it: pauses, the rate kept after the first one, requests per second.
    node bench/fleet-pace.mjs "$tmp/log.json" 50 >"$tmp/pace.json"
    jq -c --arg c "$concurrency" --argjson s "$(echo "$ended - $began" | bc)" --argjson r "$requests" \
      --argjson ccpu "$client_cpu" --argjson scpu "$server_cpu" --argjson load "$load" --slurpfile pace "$tmp/pace.json" \
      '{concurrency: $c, seconds: $s, requests: $r, targets: .summary.requested, failed: (.summary.failed + (.summary.untouched // 0)), throttled: .summary.throttled,
        clientCpuMs: $ccpu, sandboxCpuMs: $scpu, load: $load, pace: ($pace[0] | del(.perSecond))}' \
      "$tmp/run.json" | tee -a "$tmp/limited.jsonl"
    jq -c '.perSecond' "$tmp/pace.json"
  done
done

node --input-type=module - "$count" "$SAMPLE" "$(( kb / 1024 ))" "$tmp/limited.jsonl" <<'JS'
import { readFileSync, writeFileSync } from 'node:fs';
const [count, sample, mb] = process.argv.slice(2, 5).map(Number);
const limitedRuns = readFileSync(process.argv[5], 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
const limited = {};
for (const c of ['auto', '16']) {
  const runs = limitedRuns.filter((r) => r.concurrency === c);
  const mean = (f) => runs.reduce((a, r) => a + f(r), 0) / runs.length;
  const ideal = runs[0].targets / 50;
  limited[c] = {
    runs: runs.length,
    seconds: mean((r) => r.seconds),
    vsIdeal: mean((r) => r.seconds) / ideal,
    failed: mean((r) => r.failed),
    requests: mean((r) => r.requests),
    throttled: mean((r) => r.throttled),
    throttledShare: mean((r) => r.throttled / r.requests),
    clientCpuMs: mean((r) => r.clientCpuMs),
    sandboxCpuMs: mean((r) => r.sandboxCpuMs),
    pausedMs: mean((r) => r.pace.pausedMs),
    settledRatePerSecond: mean((r) => r.pace.settledRatePerSecond),
    load: runs.map((r) => r.load),
    each: runs.map((r) => ({ seconds: r.seconds, throttled: r.throttled, pausedMs: r.pace.pausedMs, settledRate: r.pace.settledRatePerSecond, firstThrottledAfterMs: r.pace.firstThrottledAfterMs })),
  };
}
const fleetRuns = JSON.parse(readFileSync('bench/results/fleet.json', 'utf8')).results;
const fleet = fleetRuns.map((r) => r.mean);
// CPU time of gwctl itself (user + system, hyperfine's means): the part a loaded machine cannot shrink.
const cpu = fleetRuns.map((r) => r.user + r.system);
const loopSample = JSON.parse(readFileSync('bench/results/fleet-loop.json', 'utf8')).results[0].mean;
const loop = (loopSample * count) / sample;
const summary = {
  date: new Date().toISOString().slice(0, 10),
  interns: count,
  node: process.version,
  load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  seconds: { default: fleet[0], concurrency16: fleet[1], concurrency1: fleet[2], auto: fleet[3], shellLoopScaled: loop, shellLoopSample: loopSample, sample },
  speedup: {
    defaultVsConcurrency1: fleet[2] / fleet[0],
    autoVsConcurrency1: fleet[2] / fleet[3],
    defaultVsShellLoop: loop / fleet[0],
    concurrency16VsShellLoop: loop / fleet[1],
  },
  cpuSeconds: { default: cpu[0], concurrency16: cpu[1], concurrency1: cpu[2], auto: cpu[3] },
  peakRssMb: mb,
  rateLimited50PerSecond: limited,
};
writeFileSync('bench/results/fleet-summary.json', `${JSON.stringify(summary, null, 2)}\n`);
console.log(JSON.stringify(summary, null, 2));
JS
