// The polling loop's schedule on a clock that moves only when the loop sleeps or a read takes
// time: the interval counted from the end of each read (waits), or from its start (a watch, so
// that a long read does not stretch the time between readings), and a whole wait after a failure.
import { describe, expect, it } from 'vitest';
import { pollUntil } from '../../src/commands/shared/poll.js';
import { GwctlError } from '../../src/core/errors.js';
import { ExitCode } from '../../src/core/exit-codes.js';

/** Runs pollUntil over reads that take `took[i]` ms each (a string: that read fails, after that long), and gives the sleeps it asked for. */
async function sleepsFor(took: (number | string)[], fromStart: boolean): Promise<number[]> {
  let now = 0;
  const sleeps: number[] = [];
  const clock = {
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
  };
  let reads = 0;
  await pollUntil({
    deps: { clock, signal: new AbortController().signal },
    intervalMs: 1_000,
    fromStart,
    read: async () => {
      const t = took[reads++]!;
      now += typeof t === 'string' ? Number(t) : t;
      if (typeof t === 'string') throw new GwctlError('gateway unavailable', ExitCode.transient, { status: 503 });
      return reads;
    },
    done: (n) => n >= took.length,
    recover: () => true,
  });
  return sleeps;
}

describe('pollUntil', () => {
  it('counts the interval from the end of each read by default', async () => {
    expect(await sleepsFor([300, 1_500, 200], false)).toEqual([1_000, 1_000]);
  });

  it('with fromStart, from the start of each read: a long read is followed by the next at once; a failed one by the whole interval', async () => {
    expect(await sleepsFor([300, 1_500, 200, '400', 100], true)).toEqual([700, 0, 800, 1_000]);
  });
});
