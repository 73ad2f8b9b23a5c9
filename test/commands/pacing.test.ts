// The pace of a run against a server that pushes back (api/pacing.ts through interns suspend,
// batches delete and --all paging), in-process against the scripted server: a Retry-After pauses
// every worker, `--concurrency auto` comes down under 429s and goes back up, every target gets
// exactly one result whatever comes back, and bad --concurrency values send nothing.
// (Ctrl-C during a pause, with a real signal: test/e2e/fleet.test.ts.)
import { describe, expect, it } from 'vitest';
import { gwctl, type Clock } from '../kit/cli.js';
import { envelope, type Reply, type Seen } from '../kit/server.js';
import { serverForFile } from '../kit/scripted-runs.js';

const KEY = 'sk-api-pacing-0123456789abcdef';
const id = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ids = (count: number): string[] => Array.from({ length: count }, (_, i) => id(i + 1));
const internOf = (req: Seen): string => req.path.split('/')[4]!;

/** Time as it passes: pauses are really waited for, so the server sees when requests come. */
const realTime: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
    }),
};

const server = serverForFile();

const env = { GWCTL_API_KEY: KEY, GWCTL_MANAGEMENT_KEY: KEY };
const suspend = (targets: string[], extra: string[], clock?: Clock) =>
  gwctl(['interns', 'suspend', ...targets, '--yes', '--base-url', server.baseUrl, ...extra], { env, ...(clock ? { clock } : {}) });
const suspended = (delayMs = 0): Reply => ({ delayMs, body: { suspended: true } });
const tooMany = (retryAfter: string, delayMs = 0): Reply => ({
  status: 429,
  delayMs,
  headers: { 'retry-after': retryAfter },
  body: envelope(429, 'Rate limit exceeded'),
});

describe('a Retry-After pauses the whole run', () => {
  for (const concurrency of ['8', 'auto']) {
    it(`--concurrency ${concurrency}: no worker sends anything until the time given has passed; the target is retried after it`, async () => {
      // The 7th request is answered 429 1.5 seconds after it came, and every request that comes
      // meanwhile is held until 300 ms after that: so when the 429 arrives, every worker is waiting
      // for an answer, and whatever reaches the server afterwards was sent after the 429.
      let answeredAt = 0;
      let answered: Promise<void> | undefined;
      const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
      server.handle(async (req, index) => {
        if (index === 6) {
          answered = sleep(1500).then(() => void (answeredAt = Date.now()));
          await answered;
          return tooMany('1');
        }
        if (answered && answeredAt === 0) {
          await answered;
          await sleep(300);
        }
        return suspended(30);
      });
      const r = await suspend(ids(30), ['--concurrency', concurrency, '--json'], realTime);
      expect(r.code).toBe(0);
      const body = JSON.parse(r.stdout) as { data: { id: string; ok: boolean }[]; summary: Record<string, number> };
      expect(body.data.map((d) => [d.id, d.ok])).toEqual(ids(30).map((i) => [i, true]));
      expect(body.summary).toEqual({ requested: 30, succeeded: 30, failed: 0, throttled: 1 });
      const later = server.requests.filter((s) => s.at > answeredAt);
      expect(later.length).toBeGreaterThan(0);
      for (const s of later) expect(s.at - answeredAt).toBeGreaterThanOrEqual(995);
      expect(server.requests.filter((s) => internOf(s) === internOf(server.requests[6]!))).toHaveLength(2);
    });
  }

  it('--all paging goes through the same pause: no page is asked for during it', async () => {
    let answeredAt = 0;
    server.handle((req, index) => {
      const page = Number(req.query.get('starting_after') ?? 0);
      if (index === 1) {
        answeredAt = Date.now();
        return tooMany('1');
      }
      const last = page >= 3;
      return {
        body: { data: [{ id: id(page + 1), name: `n${page}`, status: 'running' }], has_more: !last, next_cursor: String(page + 1) },
      };
    });
    const r = await gwctl(['interns', 'ls', '--all', '--limit', '1', '--base-url', server.baseUrl, '--json'], { env, clock: realTime });
    expect(r.code).toBe(0);
    const later = server.requests.filter((s) => s.at > answeredAt + 50);
    expect(later.length).toBeGreaterThan(0);
    for (const s of later) expect(s.at - answeredAt).toBeGreaterThanOrEqual(995);
  });
});

describe('--concurrency auto', () => {
  it('comes down under 429s and goes back up once answers come back clean', async () => {
    // At each request's arrival: how many were in flight (itself included), and whether it was throttled.
    const seen: { inFlight: number; throttled: boolean }[] = [];
    server.handle((req, index) => {
      const throttled = index >= 4 && index < 16;
      seen.push({ inFlight: server.inFlight(), throttled });
      return throttled ? tooMany('0', 20) : suspended(40);
    });
    const r = await suspend(ids(80), ['--concurrency', 'auto', '--json']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { summary: Record<string, number> };
    expect(body.summary).toEqual({ requested: 80, succeeded: 80, failed: 0, throttled: 12 });
    // It starts at 4 ...
    expect(Math.max(...seen.slice(0, 4).map((s) => s.inFlight))).toBe(4);
    // ... is down to one request at a time by the end of the 429s ...
    const lastThrottled = seen.findLastIndex((s) => s.throttled);
    expect(seen[lastThrottled]!.inFlight).toBe(1);
    // ... and above where it started once the answers are clean again.
    expect(Math.max(...seen.slice(lastThrottled + 1).map((s) => s.inFlight))).toBeGreaterThan(4);
    expect(Math.max(...seen.map((s) => s.inFlight))).toBeLessThanOrEqual(16);
  });

  it('a fixed number stays that number under 429s', async () => {
    const inFlight: number[] = [];
    server.handle((req, index) => {
      inFlight.push(server.inFlight());
      return index % 3 === 0 ? tooMany('0', 20) : suspended(20);
    });
    const r = await suspend(ids(40), ['--concurrency', '4']);
    expect(r.code).toBe(0);
    expect(Math.max(...inFlight)).toBe(4);
    expect(inFlight.slice(-12).some((n) => n === 4)).toBe(true);
  });
});

describe('every target gets exactly one result', () => {
  it('under a burst of 503s: retried or failed, never lost or doubled', async () => {
    server.handle((req, index) =>
      index < 40 ? { status: 503, headers: { 'retry-after': '0' }, body: envelope(503, 'Service Unavailable') } : suspended(5),
    );
    const r = await suspend(ids(25), ['--concurrency', 'auto', '--retries', '1']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.split('\t')[0])).toEqual(ids(25));
    for (const line of lines) expect(line).toMatch(/\t(suspended\t0|HTTP 503: Service Unavailable \(after 2 attempts\)\t7)$/);
    const failed = lines.filter((l) => l.endsWith('\t7')).length;
    expect(r.code).toBe(failed ? 8 : 0);
    // Each target was sent at most twice (one retry), and the 429s and 503s were counted.
    const perTarget = new Map<string, number>();
    for (const s of server.requests) perTarget.set(internOf(s), (perTarget.get(internOf(s)) ?? 0) + 1);
    for (const n of perTarget.values()) expect(n).toBeLessThanOrEqual(2);
  });

  it('a 401 midway under 429s: stops starting, one line per target, exit 4', async () => {
    server.handle((req, index) => {
      if (internOf(req) === id(9)) return { status: 401, body: envelope(401, 'Invalid key') };
      return index % 4 === 1 ? tooMany('0', 10) : suspended(10);
    });
    const r = await suspend(ids(40), ['--concurrency', 'auto', '--json']);
    expect(r.code).toBe(4);
    const body = JSON.parse(r.stdout) as {
      data: { id: string; exit_code: number; untouched?: boolean }[];
      summary: Record<string, number>;
    };
    expect(body.data.map((d) => d.id)).toEqual(ids(40));
    const untouched = body.data.filter((d) => d.untouched);
    expect(untouched.length).toBeGreaterThan(0);
    for (const d of untouched) expect(d.exit_code).toBe(4);
    // No untouched target was sent.
    const sent = new Set(server.requests.map(internOf));
    for (const d of untouched) expect(sent.has(d.id)).toBe(false);
    expect(body.summary.untouched).toBe(untouched.length);
  });

  it('a Retry-After longer than the tool waits: that target fails with the hint, the others are not sent into the pause', async () => {
    server.handle((req, index) => (index === 0 ? tooMany('3600', 20) : suspended(20)));
    const r = await suspend(ids(6), ['--concurrency', '1']);
    expect(r.code).toBe(8);
    expect(server.requests).toHaveLength(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`${id(1)}\tHTTP 429: Rate limit exceeded\t7`);
    for (const line of lines.slice(1)) expect(line).toMatch(/\tnot sent: the server asked every request to wait 360\ds\t7$/);
  });
});

describe('bad --concurrency values', () => {
  it('0, 17, auto2, AUTO, 1.5 and an empty value are exit 2 with one line, and nothing is sent', async () => {
    for (const n of ['0', '17', 'auto2', 'AUTO', '1.5', '']) {
      for (const command of [
        ['interns', 'suspend', id(1), id(2)],
        ['batches', 'delete', 'b1', 'b2'],
      ]) {
        const r = await gwctl([...command, '--yes', '--concurrency', n, '--base-url', server.baseUrl], { env });
        expect(r, `${command.join(' ')} ${n}`).toMatchObject({
          code: 2,
          stdout: '',
          stderr: `gwctl: invalid --concurrency "${n}": --concurrency must be an integer from 1 to 16, or auto\n`,
        });
      }
    }
    expect(server.requests).toHaveLength(0);
  });
});
