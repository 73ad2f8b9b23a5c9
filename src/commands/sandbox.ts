import { option, ValueRefused } from '../core/options.js';
import { isLoopbackHost } from '../core/patterns.js';
import { defineSpec } from '../core/spec.js';
import { SANDBOX_CHURN, SANDBOX_PACE, SANDBOX_RATE_LIMIT } from '../core/environment.js';

export const DEFAULT_PORT = 4010;

/**
 * `N/SECONDS`: at most N requests per key in any window of that many seconds; `0` for no limit.
 * With `perMinuteAlone`, a bare `N` means N per 60 seconds (the batch limit's older form).
 */
export function requestsPerWindow(text: string, perMinuteAlone = false): { requests: number; windowMs: number } | null {
  const m = /^(\d{1,9})(?:\/(\d{1,6}))?$/.exec(text.trim());
  const example = perMinuteAlone ? '5/60' : '50/1';
  if (!m || (m[2] === undefined && !perMinuteAlone && m[1] !== '0') || (m[2] !== undefined && Number(m[2]) === 0)) {
    throw new ValueRefused(`use REQUESTS/SECONDS such as ${example}, or 0 for none`);
  }
  return Number(m[1]) === 0 ? null : { requests: Number(m[1]), windowMs: Number(m[2] ?? 60) * 1000 };
}

function loopbackHost(text: string): string {
  // The demo keys are published; a sandbox reachable from other machines would be an open door.
  if (!isLoopbackHost(text)) throw new ValueRefused('the sandbox listens on loopback only (127.0.0.1, ::1 or localhost)');
  return text;
}

export const spec = defineSpec({
  path: ['sandbox'],
  summary: 'Serve the built-in sandbox API on loopback until interrupted',
  description: [
    'Serves every operation of the management API under /api/v1 from seeded demo data, with fixed demo keys (printed when ready).',
    'States in motion move on with time (queued and provisioning interns start, suspended ones stop,',
    `batches advance and finish); --pace sets how fast. --sandbox takes the pace from ${SANDBOX_PACE.name}.`,
    'With --churn N, about N interns a minute (at pace 1) appear, change status or are destroyed, so that',
    `\`interns ls --watch\` has something to show (also ${SANDBOX_CHURN.name}, for --sandbox too); the example ids never churn.`,
    'With --json it prints exactly one line: {"base_url":...,"keys":{...},"examples":{...}}.',
    '',
    'Faults for testing retries: --fault "SPEC" (repeatable; also POST /_sandbox/faults at run time), where SPEC is',
    '[METHOD] /path [STATUS] [retry-after=S] [delay=MS|delay=Ns] [body=html|truncated|empty|not-json] [drop] [times=N].',
    'The control API (no key needed, sandbox only): GET /_sandbox, GET|POST|DELETE /_sandbox/faults,',
    'GET|DELETE /_sandbox/requests, POST /_sandbox/reset, GET /_sandbox/changes (what churn did),',
    'GET /_sandbox/connections (connections accepted).',
  ].join('\n'),
  args: {},
  options: {
    port: option.int('--port <n>', `port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)`, {
      min: 0,
      max: 65535,
      why: 'must be an integer from 0 to 65535',
    }),
    host: option.custom('--host <host>', 'loopback address to listen on (default 127.0.0.1)', loopbackHost),
    // Checked against the sandbox's own limits when it starts.
    interns: option.string('--interns <n>', 'how many interns to generate (default 300, up to 1000000)'),
    fault: option.strings('--fault <spec...>', 'inject a fault from the start, e.g. "GET /interns 503 retry-after=1 times=2" (repeatable)'),
    // Checked by the sandbox's own parser when it starts (commands never load the sandbox's code).
    pace: option.string('--pace <n>', 'how fast states in motion move: N times real time (default 1; 0 freezes; up to 1000)'),
    // Checked by the sandbox's own parser when it starts, as --pace.
    churn: option.string('--churn <n>', 'about N interns a minute appear, change status or disappear (default 0)'),
    batchRateLimit: option.custom(
      '--batch-rate-limit <n/seconds>',
      'rate limit of batch routes per key, e.g. 5/60 (default 600/60; 0 for none)',
      (text) => requestsPerWindow(text, true),
    ),
    rateLimit: option.custom(
      '--rate-limit <n/seconds>',
      `rate limit of every route per key, e.g. 50/1: 429 with Retry-After beyond it (default none; also ${SANDBOX_RATE_LIMIT.name})`,
      (text) => requestsPerWindow(text),
    ),
  },
  examples: [
    'gwctl sandbox --port 4010',
    'gwctl sandbox --port 0 --json',
    "gwctl sandbox --fault 'GET /interns 503 retry-after=1 times=2'",
    "gwctl sandbox --interns 100000 --fault '* /batches delay=2s'",
    'gwctl sandbox --pace 10        # states in motion move ten times faster',
    'gwctl sandbox --pace 0         # everything frozen, as in a test',
    'gwctl sandbox --rate-limit 50/1  # 429 beyond 50 requests a second per key',
    'gwctl sandbox --churn 60       # then, in another terminal: gwctl interns ls --watch',
  ],
});
