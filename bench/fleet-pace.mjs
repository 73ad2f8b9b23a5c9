// The pace of one fleet run as the sandbox saw it, from its request log (GET /_sandbox/requests):
// requests and 429s, the time to the first 429, the pauses (gaps between requests of 300 ms or
// more), the steady rate (accepted requests a second after the first pause), and the requests of
// each second. Tells a controller that holds back (pauses, a rate under the limit) from a machine
// that is slow (a rate at the limit, time lost elsewhere).
//   node bench/fleet-pace.mjs LOG.json [LIMIT_PER_SECOND]
import { readFileSync } from 'node:fs';

const logged = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const limit = Number(process.argv[3] ?? 50);
const requests = (logged.data ?? logged)
  .filter((r) => r.path.startsWith('/api/v1'))
  .map((r) => ({ at: Date.parse(r.at), status: r.status }));
const start = requests[0].at;
const end = requests.at(-1).at;
const throttled = requests.filter((r) => r.status === 429);
const pauses = [];
for (let i = 1; i < requests.length; i++) {
  const gap = requests[i].at - requests[i - 1].at;
  if (gap >= 300) pauses.push({ afterMs: requests[i - 1].at - start, ms: gap });
}
const perSecond = [];
for (const r of requests) perSecond[Math.floor((r.at - start) / 1000)] = (perSecond[Math.floor((r.at - start) / 1000)] ?? 0) + 1;
// After the first pause (the first 429's Retry-After), what the run kept up.
const settledFrom = pauses.length > 0 ? start + pauses[0].afterMs + pauses[0].ms : start;
const settled = requests.filter((r) => r.at >= settledFrom && r.status !== 429);
const settledRate = settled.length / Math.max(0.001, (end - settledFrom) / 1000);
console.log(
  JSON.stringify({
    requests: requests.length,
    throttled: throttled.length,
    seconds: (end - start) / 1000,
    firstThrottledAfterMs: throttled.length ? throttled[0].at - start : null,
    pausedMs: pauses.reduce((a, p) => a + p.ms, 0),
    pauses,
    settledRatePerSecond: Math.round(settledRate * 10) / 10,
    settledShareOfLimit: Math.round((settledRate / limit) * 1000) / 1000,
    perSecond: perSecond.map((n) => n ?? 0),
  }),
);
