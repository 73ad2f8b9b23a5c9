// The pacing controller on its own, on a clock that moves only when told: pauses, AIMD steps,
// the rate learnt from a Retry-After, and stopping before a request is sent.
import { describe, expect, it } from 'vitest';
import { NotStarted, Pacer } from '../../src/api/pacing.js';

/** A clock whose sleeps end when the test moves time past them; as the real one, a sleep that ends lets go of its signal. */
function manualClock() {
  let now = 1_000_000;
  let sleepers: { until: number; resolve: () => void }[] = [];
  return {
    now: () => now,
    sleep: (ms: number, signal: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        const onAbort = (): void => reject(signal.reason);
        sleepers.push({
          until: now + ms,
          resolve: () => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          },
        });
        signal.addEventListener('abort', onAbort, { once: true });
      }),
    async advance(ms: number) {
      now += ms;
      const due = sleepers.filter((x) => x.until <= now);
      sleepers = sleepers.filter((x) => x.until > now);
      for (const s of due) s.resolve();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};
const never = new AbortController().signal;

/**
 * An auto pacer that saw 50 requests accepted within one second, then a 429 asking for one
 * second, with that second gone by.
 */
async function pacedAfterLimit(): Promise<{ clock: ReturnType<typeof manualClock>; pacer: Pacer }> {
  const clock = manualClock();
  const pacer = new Pacer(clock, 60_000);
  pacer.use('auto');
  for (let i = 0; i < 50; i++) {
    (await pacer.acquire(never)).settle({ status: 200 });
    await clock.advance(10);
  }
  (await pacer.acquire(never)).settle({ status: 429, retryAfterMs: 1_000 });
  await clock.advance(1_000);
  return { clock, pacer };
}

describe('Pacer', () => {
  it('a 429 with Retry-After holds every new request until the time given', async () => {
    const clock = manualClock();
    const pacer = new Pacer(clock, 60_000);
    const first = await pacer.acquire(never);
    first.settle({ status: 429, retryAfterMs: 2_000 });
    let started = false;
    const waiting = pacer.acquire(never).then(() => (started = true));
    await clock.advance(1_999);
    expect(started).toBe(false);
    expect(pacer.view().pausedForMs).toBe(1);
    await clock.advance(1);
    await flush();
    expect(started).toBe(true);
    await waiting;
    expect(pacer.throttled).toBe(1);
  });

  it('auto: starts at 4, a quarter down once per round, never below 1, and up again after clean rounds, never above 16', async () => {
    const clock = manualClock();
    const pacer = new Pacer(clock, 60_000);
    pacer.use('auto');
    expect(pacer.view().concurrency).toBe(4);
    // Four sent under the old limit, all throttled: one decrease, not four.
    const four = await Promise.all([1, 2, 3, 4].map(() => pacer.acquire(never)));
    for (const t of four) t.settle({ status: 429 });
    expect(pacer.view().concurrency).toBe(3);
    // Each round of fresh throttled answers takes it down once more, to the floor.
    for (const expected of [2, 1, 1]) {
      const t = await pacer.acquire(never);
      t.settle({ status: 503 });
      expect(pacer.view().concurrency).toBe(expected);
    }
    // Clean answers while the limit is in use: one more per round.
    for (let i = 0; i < 400; i++) {
      const limit = pacer.view().concurrency!;
      const round = await Promise.all(Array.from({ length: limit }, () => pacer.acquire(never)));
      for (const t of round) t.settle({ status: 200 });
    }
    expect(pacer.view().concurrency).toBe(16);
  });

  it('auto: a limit that is not in use does not grow', async () => {
    const pacer = new Pacer(manualClock(), 60_000);
    pacer.use('auto');
    for (let i = 0; i < 50; i++) (await pacer.acquire(never)).settle({ status: 200 });
    expect(pacer.view().concurrency).toBe(4);
  });

  it('auto: a Retry-After sets the pace to 95 % of what the server accepted in the window', async () => {
    const { clock, pacer } = await pacedAfterLimit();
    // 47.5 a second: one start about every 21 ms.
    const starts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const pending = pacer.acquire(never);
      for (let waited = 0; waited < 100; waited++) {
        const done = await Promise.race([pending.then(() => true), flush().then(() => false)]);
        if (done) break;
        await clock.advance(1);
      }
      starts.push(clock.now());
      (await pending).settle({ status: 200 });
    }
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    for (const gap of gaps) expect([21, 22]).toContain(gap);
  });

  it('auto: the pace creeps up while it holds the run back, but not past 98 % of what the server accepted', async () => {
    const { clock, pacer } = await pacedAfterLimit();
    // Half a minute of requests answered at once, each started as soon as the pace lets it (the
    // clock moves 5 ms at a time: the pace keeps its schedule, so starts late by a step catch up).
    const starts: number[] = [];
    const until = clock.now() + 30_000;
    while (clock.now() < until) {
      const pending = pacer.acquire(never);
      while (!(await Promise.race([pending.then(() => true), flush().then(() => false)]))) await clock.advance(5);
      starts.push(clock.now());
      (await pending).settle({ status: 200 });
    }
    // 47.5 a second at first; up by 0.2 % a second to 49 (50 x 0.98), reached after about 16 s,
    // and no further: the last 10 s hold 490 starts, where creeping on would have made about 499.
    const last = starts.filter((t) => t > until - 10_000).length;
    expect(starts.filter((t) => t <= starts[0]! + 2_000).length).toBeLessThanOrEqual(96);
    expect(last).toBeGreaterThanOrEqual(487);
    expect(last).toBeLessThanOrEqual(492);
  });

  it('a fixed concurrency is exactly that: no more in flight, no change under 429s', async () => {
    const pacer = new Pacer(manualClock(), 60_000);
    pacer.use(2);
    const a = await pacer.acquire(never);
    await pacer.acquire(never);
    let third = false;
    const waiting = pacer.acquire(never).then(() => (third = true));
    await flush();
    expect(third).toBe(false);
    a.settle({ status: 429 });
    await flush();
    expect(third).toBe(true);
    await waiting;
    expect(pacer.view().concurrency).toBe(2);
  });

  it('stopping before a request is sent rejects with NotStarted, also during a pause', async () => {
    const clock = manualClock();
    const pacer = new Pacer(clock, 60_000);
    (await pacer.acquire(never)).settle({ status: 429, retryAfterMs: 5_000 });
    const stop = new AbortController();
    const waiting = pacer.acquire(never, stop.signal);
    stop.abort();
    await expect(waiting).rejects.toBeInstanceOf(NotStarted);
    await expect(pacer.acquire(never, stop.signal)).rejects.toBeInstanceOf(NotStarted);
  });

  it('a pause longer than the longest wait fails new requests at once', async () => {
    const pacer = new Pacer(manualClock(), 60_000);
    (await pacer.acquire(never)).settle({ status: 429, retryAfterMs: 3_600_000 });
    await expect(pacer.acquire(never)).rejects.toThrow('not sent: the server asked every request to wait 3600s');
  });
});
