// The one polling loop (`interns wait`, `batches get --wait`, every `--watch`): read, check, wait,
// until the condition holds or the deadline passes; never faster than the interval, and a rate
// limit that outlives the client's retries widens the wait instead of failing it.
import { GwctlError } from '../../core/errors.js';
import type { Deps } from '../context.js';

/** The widest wait after repeated rate limits. */
export const MAX_POLL_BACKOFF_MS = 60_000;

export interface PollOptions<T> {
  deps: Pick<Deps, 'clock' | 'signal'>;
  read: () => Promise<T>;
  done: (value: T) => boolean;
  intervalMs: number;
  /** The interval counted from each read's start, so a long read does not stretch it (a longer one is followed at once). */
  fromStart?: boolean;
  /** Give up after this long (from the first read); no limit when left out. */
  timeoutMs?: number;
  /** A value already read, to start from. */
  first?: T;
  /** Each new value, as read (not the first). */
  onUpdate?: (value: T) => void;
  /** A failed read (not a lasting rate limit): true to go on at the next interval, false (or absent) to end with the error. */
  recover?: (error: unknown) => boolean;
  /** A failed read that the loop goes on after (a lasting rate limit, or one `recover` accepted), with the wait before the next. */
  onFailure?: (error: unknown, waitMs: number) => void;
}

/** The last value read, and whether it met the condition (false: the deadline came first). */
export async function pollUntil<T>(options: PollOptions<T>): Promise<{ value: T; met: boolean }> {
  const { clock, signal } = options.deps;
  const started = clock.now();
  const deadline = options.timeoutMs === undefined ? undefined : started + options.timeoutMs;
  let current: { value: T } | undefined = options.first === undefined ? undefined : { value: options.first };
  let wait = options.intervalMs;
  // When the last read began; undefined after a failed one, whose wait is whole.
  let readStarted: number | undefined = started;
  // A failed read: true when the loop goes on (the wait set for the next read).
  const survive = (error: unknown): boolean => {
    if (error instanceof GwctlError && error.status === 429) {
      wait = Math.min(MAX_POLL_BACKOFF_MS, Math.max(wait * 2, options.intervalMs));
    } else if (options.recover?.(error)) {
      wait = options.intervalMs;
    } else {
      return false;
    }
    options.onFailure?.(error, wait);
    return true;
  };
  if (current === undefined) {
    try {
      current = { value: await options.read() };
    } catch (error) {
      // The first read's rate limit ends a wait as it always has; a watch may go on.
      readStarted = undefined;
      if (!options.recover || !survive(error)) throw error;
    }
  }
  while (current === undefined || !options.done(current.value)) {
    const now = clock.now();
    if (current !== undefined && deadline !== undefined && now >= deadline) return { value: current.value, met: false };
    const pause = options.fromStart && readStarted !== undefined ? Math.max(0, wait - (now - readStarted)) : wait;
    await clock.sleep(deadline === undefined ? pause : Math.max(0, Math.min(pause, deadline - now)), signal);
    readStarted = clock.now();
    let value: T;
    try {
      value = await options.read();
    } catch (error) {
      readStarted = undefined;
      if (survive(error)) continue;
      throw error;
    }
    current = { value };
    wait = options.intervalMs;
    options.onUpdate?.(value);
  }
  return { value: current.value, met: true };
}
