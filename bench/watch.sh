#!/usr/bin/env bash
# Watching a big, busy list: `gwctl interns ls --watch --interval 2s --jsonl` for DURATION
# seconds (default 300) against `gwctl sandbox --interns 10000 --churn 600` (about ten changes a
# second, at pace 1), and its events checked against the sandbox's own record of what it
# changed (GET /_sandbox/changes):
#   - every change seen within one interval plus 1 s of when the sandbox made it, none missed,
#     none doubled (an event with no change behind it);
#   - peak RSS, and the last minute's RSS against the first's (VmRSS from /proc/PID/status, once
#     a second);
#   - CPU per poll (utime + stime from /proc/PID/stat, after the first minute, over the polls
#     the sandbox saw begin) against the CPU of one `interns ls --all --json` over the same list;
#   - the connections the sandbox accepted while watching (one, kept alive, is the aim).
# NODE (default: node on PATH) runs gwctl; the sandbox runs on the default node, as in the other
# scripts. Needs jq and curl. Run from the repository root after `npm ci`:
#   bash bench/watch.sh                         # DURATION=300 INTERVAL=2 INTERNS=10000 CHURN=600
#   NODE=.cache/node/24/bin/node DURATION=60 bash bench/watch.sh
# Results go to bench/results/watch-node<major>.json.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/results
for tool in jq curl; do command -v "$tool" >/dev/null || { echo "bench: $tool is not installed" >&2; exit 1; }; done
[ -d dist ] || node scripts/build.mjs
NODE=${NODE:-node}
DURATION=${DURATION:-300}
INTERVAL=${INTERVAL:-2}
INTERNS=${INTERNS:-10000}
CHURN=${CHURN:-600}
LS_RUNS=${LS_RUNS:-5}
major=$("$NODE" -p 'process.versions.node.split(".")[0]')

source bench/lib.sh
out="$tmp/sandbox"
serve "$out" ./bin/gwctl.js sandbox --port 0 --json --interns "$INTERNS" --churn "$CHURN"
base=$(jq -r .base_url "$out")
control=${base%/api/v1}/_sandbox
export GWCTL_BASE_URL=$base GWCTL_API_KEY=$(jq -r .keys.api "$out") GWCTL_MANAGEMENT_KEY=$(jq -r .keys.management "$out")
ticks=$(getconf CLK_TCK)
cpu_ms() { awk -v t="$ticks" '{ sub(/^.*\) /, ""); print ($12 + $13) * 1000 / t }' "/proc/$1/stat"; }
now_ms() { date +%s%3N; }

echo "== one interns ls --all --json over the same list, $LS_RUNS runs (Node $("$NODE" --version), load: $(cut -d' ' -f1-3 /proc/loadavg))"
: >"$tmp/ls-cpu"
for _ in $(seq "$LS_RUNS"); do
  /usr/bin/time -f '%U %S %M' -o "$tmp/ls-time" "$NODE" bin/gwctl.js interns ls --all --json >/dev/null
  awk '{ print ($1 + $2) * 1000, $3 }' "$tmp/ls-time" | tee -a "$tmp/ls-cpu"
done
/usr/bin/time -f '%U %S' -o "$tmp/version-time" "$NODE" bin/gwctl.js --version >/dev/null

echo "== interns ls --watch --interval ${INTERVAL}s --jsonl for ${DURATION}s ($INTERNS interns, $CHURN changes a minute)"
curl -s -X DELETE "$control/requests" >/dev/null
before=$(curl -s "$control/connections" | jq .accepted)
began=$(now_ms)
"$NODE" bin/gwctl.js interns ls --watch --interval "${INTERVAL}s" --jsonl >"$tmp/events.jsonl" 2>"$tmp/watch.err" &
pid=$!
: >"$tmp/samples"
end=$((began + DURATION * 1000))
while [ "$(now_ms)" -lt "$end" ] && kill -0 "$pid" 2>/dev/null; do
  rss=$(awk '/^VmRSS/ { print $2 }' "/proc/$pid/status")
  echo "$(now_ms) $rss $(cpu_ms "$pid")" >>"$tmp/samples"
  sleep 1
done
cpu_end=$(cpu_ms "$pid")
stopped=$(now_ms)
after=$(curl -s "$control/connections" | jq .accepted)
kill -INT "$pid"
wait "$pid" || true
curl -s "$control/changes" >"$tmp/changes.json"
curl -s "$control/requests" >"$tmp/requests.json"
echo "watch stderr: $(head -c 300 "$tmp/watch.err")"

node --input-type=module - "$tmp" "$began" "$stopped" "$cpu_end" "$before" "$after" "$INTERVAL" "$INTERNS" "$CHURN" "$("$NODE" --version)" "$major" <<'JS'
import { readFileSync, writeFileSync } from 'node:fs';
const [dir, beganText, stoppedText, cpuEndText, beforeText, afterText, intervalText, interns, churn, node, major] = process.argv.slice(2);
const [began, stopped, cpuEnd, before, after, interval] = [beganText, stoppedText, cpuEndText, beforeText, afterText, intervalText].map(Number);
const deadline = (interval + 1) * 1000;
const t = (iso) => Date.parse(iso);

const events = readFileSync(`${dir}/events.jsonl`, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
const records = JSON.parse(readFileSync(`${dir}/changes.json`, 'utf8')).data;
const logged = JSON.parse(readFileSync(`${dir}/requests.json`, 'utf8'));
const requests = logged.data ?? logged;
const samples = readFileSync(`${dir}/samples`, 'utf8').trim().split('\n').map((l) => l.split(' ').map(Number));
const ls = readFileSync(`${dir}/ls-cpu`, 'utf8').trim().split('\n').map((l) => l.split(' ').map(Number));
const [vu, vs] = readFileSync(`${dir}/version-time`, 'utf8').trim().split(' ').map(Number);

// The first poll's events are the list as it was (every item added); the check starts after it.
const first = t(events[0].at);
const later = events.filter((e) => t(e.at) > first);
const byId = (list, key) => {
  const map = new Map();
  for (const x of list) map.set(key(x), [...(map.get(key(x)) ?? []), x]);
  return map;
};
const eventsOf = byId(later, (e) => e.object.id);
const recordsOf = byId(records, (r) => r.id);

// A record is due when the watch ran for a whole deadline after it.
const due = records.filter((r) => t(r.at) > first && t(r.at) + deadline <= stopped);
const latencies = [];
let overtaken = 0;
const missed = [];
// Seen, rightly, but after the deadline: how late.
const late = [];
for (const r of due) {
  // The first event after it that shows it (or a later change of the same intern): a poll that
  // ends just after the change may have read that page before it.
  const state = (x) => (recordsOf.get(r.id) ?? []).filter((y) => y.seq >= r.seq && t(y.at) <= t(x.at)).at(-1);
  const showing = (x) => {
    const s = state(x);
    return s !== undefined && (s.type === 'deleted' ? x.type === 'deleted' : x.type !== 'deleted' && x.object.status === s.status);
  };
  const e = (eventsOf.get(r.id) ?? []).find((x) => t(x.at) >= t(r.at) && showing(x));
  const shows = e !== undefined;
  if (e && shows && t(e.at) - t(r.at) <= deadline) {
    latencies.push(t(e.at) - t(r.at));
    continue;
  }
  // Changed again before any poll could see it: the later change is the one to see.
  const next = (recordsOf.get(r.id) ?? []).find((x) => x.seq > r.seq);
  if (next && (!e || t(next.at) <= t(e.at)) && t(next.at) - t(r.at) < deadline) {
    overtaken++;
    continue;
  }
  if (e && shows) late.push(t(e.at) - t(r.at));
  else missed.push({ record: r, event: e ?? null });
}
// Doubled: an event (after the first poll) that repeats the intern's previous state; unrecorded:
// one with a real difference but no change in the sandbox's record since the previous event
// (the sandbox's own motion, which churn does not write down), with the fields that differed.
let doubled = 0;
const unrecorded = new Map();
const lastSeen = new Map(events.filter((e) => t(e.at) === first).map((e) => [e.object.id, e]));
for (const e of later) {
  const before = lastSeen.get(e.object.id);
  lastSeen.set(e.object.id, e);
  if (before && before.type === e.type && JSON.stringify(before.object) === JSON.stringify(e.object)) {
    doubled++;
    continue;
  }
  const since = before ? t(before.at) : first;
  if ((recordsOf.get(e.object.id) ?? []).some((r) => t(r.at) > since && t(r.at) <= t(e.at))) continue;
  const fields = before ? Object.keys(e.object).filter((k) => JSON.stringify(e.object[k]) !== JSON.stringify(before.object[k])) : ['(new)'];
  const key = `${e.type} ${fields.join(',')}`;
  unrecorded.set(key, (unrecorded.get(key) ?? 0) + 1);
}
late.sort((a, b) => a - b);
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))];

// Polls: reads of the list's first page, as the sandbox saw them.
const pollStarts = requests.filter((r) => r.path === '/api/v1/interns' && !('starting_after' in r.query)).map((r) => t(r.at));
// How long each reading took, as the sandbox saw it: from its first page to its last.
const listReads = requests.filter((r) => r.path === '/api/v1/interns').map((r) => ({ at: t(r.at), first: !('starting_after' in r.query) }));
const readings = [];
for (const r of listReads) {
  if (r.first) readings.push([r.at, r.at]);
  else if (readings.length) readings.at(-1)[1] = r.at;
}
const readMs = readings.map(([a, b]) => b - a).sort((a, b) => a - b);
const minute = 60_000;
const steady = samples.find(([at]) => at >= began + minute) ?? samples[0];
const steadyPolls = pollStarts.filter((at) => at >= steady[0]).length;
const rssIn = (from, to) => samples.filter(([at]) => at >= from && at < to).map(([, kb]) => kb / 1024);
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const firstMinute = mean(rssIn(began, began + minute));
const lastMinute = mean(rssIn(stopped - minute, stopped + 1));
const lsCpu = mean(ls.map(([ms]) => ms));
const perPoll = (cpuEnd - steady[2]) / steadyPolls;

const summary = {
  date: new Date().toISOString().slice(0, 10),
  node,
  load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  interns: Number(interns),
  churnPerMinute: Number(churn),
  intervalSeconds: interval,
  seconds: (stopped - began) / 1000,
  polls: pollStarts.length,
  secondsPerPoll: (pollStarts.at(-1) - pollStarts[0]) / 1000 / (pollStarts.length - 1),
  readingMs: { median: readMs[Math.floor(readMs.length / 2)], p90: readMs[Math.floor(readMs.length * 0.9)], max: readMs.at(-1) },
  changes: {
    recorded: records.length,
    due: due.length,
    seenInTime: latencies.length,
    overtaken,
    late: late.length,
    lateMs: { median: late[Math.floor(late.length / 2)] ?? null, max: late.at(-1) ?? null },
    missed: missed.length,
    doubled,
    unrecorded: Object.fromEntries(unrecorded),
    latencyMs: { median: pct(50), p99: pct(99), max: latencies.at(-1), deadline },
    missedSample: missed.slice(0, 5),
  },
  rssMb: {
    peak: Math.max(...samples.map(([, kb]) => kb)) / 1024,
    firstMinuteMean: firstMinute,
    lastMinuteMean: lastMinute,
    lastVsFirst: lastMinute / firstMinute,
    // Each whole minute's mean, to tell a trend from the first minute's ramp.
    perMinute: Array.from({ length: Math.floor((stopped - began) / minute) }, (_, m) => Math.round(mean(rssIn(began + m * minute, began + (m + 1) * minute)) * 10) / 10),
  },
  cpuMs: {
    perPollAfterFirstMinute: perPoll,
    wholeWatch: cpuEnd,
    lsAllJson: lsCpu,
    lsAllJsonPeakRssMb: Math.max(...ls.map(([, kb]) => kb)) / 1024,
    versionStartUp: (vu + vs) * 1000,
    perPollVsLs: perPoll / lsCpu,
    perPollVsLsWithoutStartUp: perPoll / (lsCpu - (vu + vs) * 1000),
  },
  connectionsWhileWatching: after - before - 1,
};
writeFileSync(`bench/results/watch-node${major}.json`, `${JSON.stringify(summary, null, 2)}\n`);
console.log(JSON.stringify(summary, null, 2));
JS
