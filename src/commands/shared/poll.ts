// The one polling loop: read, check, wait, read again, until the condition holds or the
// deadline passes. Gentle on the server: never faster than the interval, Retry-After honoured
// by the client on each read, and a rate limit that outlives the client's retries widens the
// wait instead of failing the wait.
import { GwctlError } from '../../core/errors.js';
import type { Deps } from '../context.js';

/** The widest wait after repeated rate limits. */
export const MAX_POLL_BACKOFF_MS = 60_000;

export interface PollOptions<T> {
  deps: Pick<Deps, 'clock' | 'signal'>;
  read: () => Promise<T>;
  done: (value: T) => boolean;
  intervalMs: number;
  /** Give up after this long (from the first read); no limit when left out. */
  timeoutMs?: number;
  /** A value already read, to start from. */
  first?: T;
  /** Each new value, as read. */
  onUpdate?: (value: T) => void;
}

/** The last value read, and whether it met the condition (false: the deadline came first). */
export async function pollUntil<T>(options: PollOptions<T>): Promise<{ value: T; met: boolean }> {
  const { clock, signal } = options.deps;
  const started = clock.now();
  const deadline = options.timeoutMs === undefined ? undefined : started + options.timeoutMs;
  let value = options.first ?? (await options.read());
  let wait = options.intervalMs;
  while (!options.done(value)) {
    const now = clock.now();
    if (deadline !== undefined && now >= deadline) return { value, met: false };
    await clock.sleep(deadline === undefined ? wait : Math.min(wait, deadline - now), signal);
    try {
      value = await options.read();
      wait = options.intervalMs;
    } catch (error) {
      if (!(error instanceof GwctlError && error.status === 429)) throw error;
      wait = Math.min(MAX_POLL_BACKOFF_MS, Math.max(wait * 2, options.intervalMs));
      continue;
    }
    options.onUpdate?.(value);
  }
  return { value, met: true };
}
