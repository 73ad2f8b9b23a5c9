// The pace of one run's requests: every attempt, page and target asks the run's Pacer first and
// reports how its answer came back, so a server that pushes back slows the whole run. A Retry-After
// pauses every new request; `auto` adapts concurrency (AIMD) and spaces requests to a learnt rate;
// a fixed concurrency gets only the pause. The numbers and why: decisions/013-pacing-and-auto-concurrency.md.
import type { Clock } from '../core/clock.js';
import { GwctlError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { CONCURRENCY, type ConcurrencyChoice } from '../core/concurrency.js';

export const PACING = {
  /** Multiplicative decrease of the concurrency on a 429 or 503. */
  decrease: 0.75,
  /** New requests are spaced to this share of the rate the server accepted before it said no. */
  rateMargin: 0.95,
  /** When the pace kept was already below that measure and still drew a 429: this share of it. */
  rateDecrease: 0.9,
  /** The rate creeps up by this factor for each second it is what holds the run back, */
  rateProbe: 1.002,
  /** but never past this share of the rate the server accepted when it last said no. */
  rateCeiling: 0.98,
  /** The shortest window a rate is measured over. */
  minWindowMs: 1_000,
  /** Fewer accepted answers than this in the window say nothing about a rate. */
  minSample: 4,
  /** The slowest pace: one request a minute. */
  minRatePerSecond: 1 / 60,
} as const;

/** The request was not sent: the caller stopped starting new ones (Ctrl-C, a 401 midway). */
export class NotStarted extends Error {
  constructor() {
    super('not started');
    this.name = 'NotStarted';
  }
}

export interface Ticket {
  /** How the answer came: its status, and its Retry-After in milliseconds when readable. No status: no answer. */
  settle(answer: { status?: number; retryAfterMs?: number }): void;
}

export class Pacer {
  private limit = Number.POSITIVE_INFINITY;
  private adaptive = false;
  private inFlight = 0;
  private pausedUntil = 0;
  private throttledCount = 0;
  /** Under auto, once a Retry-After has been seen: requests a second. */
  private rate: number | undefined;
  /** The most the creep may take the rate to: just under what the server accepted when it last said no. */
  private rateCeiling = Number.POSITIVE_INFINITY;
  private nextStartAt = 0;
  /** Requests started so far, and the first one started after the last decrease. */
  private issued = 0;
  private freshFrom = 0;
  private lastRateStepAt = 0;
  private credit = 0;
  private limitReached = false;
  private rateHeldBack = false;
  /** A Retry-After whose rate is still to be measured, once the answers then in flight are in. */
  private pendingRate: { at: number; windowMs: number } | undefined;
  /** Start times of requests the server accepted, oldest first, for measuring its rate. */
  private accepted: number[] = [];
  private wake: (() => void)[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly clock: Clock,
    /** The longest pause any request is made to wait; a longer Retry-After fails new requests at once. */
    private readonly maxPauseMs: number,
  ) {}

  /** Sets the run's concurrency: a fixed number, or `auto` (start at 4, adapt between 1 and 16). */
  use(choice: ConcurrencyChoice): void {
    this.adaptive = choice === 'auto';
    this.limit = choice === 'auto' ? CONCURRENCY.start : choice;
    this.changed();
  }

  /** The most requests that may ever be in flight at once under the current choice. */
  get ceiling(): number {
    return this.adaptive ? CONCURRENCY.max : this.limit;
  }

  get throttled(): number {
    return this.throttledCount;
  }

  /** What a progress line shows about the pace of the run. */
  view() {
    return {
      /** The concurrency in force (undefined when the run sets none). */
      concurrency: Number.isFinite(this.limit) ? this.limit : undefined,
      adaptive: this.adaptive,
      inFlight: this.inFlight,
      /** Milliseconds until the pause ends, 0 when there is none. */
      pausedForMs: Math.max(0, this.pausedUntil - this.clock.now()),
      /** Answers that were 429 or 503 so far. */
      throttled: this.throttledCount,
    };
  }

  /** Called on every change of the concurrency, the pause or the count of throttled answers. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Waits for no pause, a free place and (under auto) its turn; rejects with NotStarted on `stopStarting`, or the run's abort reason. */
  async acquire(signal: AbortSignal, stopStarting?: AbortSignal): Promise<Ticket> {
    const either = stopStarting ? AbortSignal.any([signal, stopStarting]) : signal;
    for (;;) {
      if (signal.aborted) throw signal.reason;
      if (stopStarting?.aborted) throw new NotStarted();
      const now = this.clock.now();
      if (this.pausedUntil > now) {
        const wait = this.pausedUntil - now;
        if (wait > this.maxPauseMs) throw pausedTooLong(wait);
        await this.sleep(wait, either, signal, stopStarting);
        continue;
      }
      if (this.pendingRate) this.learnRate(this.pendingRate);
      if (this.inFlight >= this.limit) {
        await this.nextChange(either);
        continue;
      }
      if (this.rate !== undefined && this.nextStartAt > now) {
        this.rateHeldBack = true;
        await this.sleep(this.nextStartAt - now, either, signal, stopStarting);
        continue;
      }
      return this.start(now);
    }
  }

  private start(now: number): Ticket {
    const serial = this.issued++;
    this.inFlight++;
    if (this.inFlight >= this.limit) this.limitReached = true;
    if (this.rate !== undefined) {
      // Spaced on the schedule, not on when a timer happened to fire: a late start is caught up
      // (by one interval at most, so a stall never turns into a burst).
      const interval = 1000 / this.rate;
      this.nextStartAt = Math.max(now - interval, this.nextStartAt) + interval;
    }
    let settled = false;
    return {
      settle: (answer) => {
        if (settled) return;
        settled = true;
        this.inFlight--;
        this.settle(now, serial, answer);
        this.changed();
      },
    };
  }

  private settle(startedAt: number, serial: number, { status, retryAfterMs }: { status?: number; retryAfterMs?: number }): void {
    const now = this.clock.now();
    if (status === 429 || status === 503) {
      this.throttledCount++;
      if (retryAfterMs !== undefined) this.pausedUntil = Math.max(this.pausedUntil, now + retryAfterMs);
      // Only a request sent after the last decrease speaks about the current limit.
      if (!this.adaptive || serial < this.freshFrom) return;
      this.freshFrom = this.issued;
      this.limit = Math.max(CONCURRENCY.min, Math.floor(this.limit * PACING.decrease));
      this.credit = 0;
      this.limitReached = false;
      // Measured when the pause is over: answers to requests sent before the 429 are still coming in.
      if (retryAfterMs !== undefined) this.pendingRate = { at: now, windowMs: Math.max(PACING.minWindowMs, retryAfterMs) };
      return;
    }
    if (status === undefined) return;
    this.accepted.push(startedAt);
    this.forget(now - 60_000);
    if (!this.adaptive || serial < this.freshFrom) return;
    // Additive increase: one more after a round of clean answers, when the limit was in use.
    if (this.limitReached && this.limit < CONCURRENCY.max) {
      this.credit += 1 / this.limit;
      if (this.credit >= 1) {
        this.credit = 0;
        this.limit++;
        this.limitReached = this.inFlight >= this.limit;
      }
    }
    if (this.rate !== undefined && now - this.lastRateStepAt >= PACING.minWindowMs) {
      if (this.rateHeldBack) this.rate = Math.max(this.rate, Math.min(this.rate * PACING.rateProbe, this.rateCeiling));
      this.lastRateStepAt = now;
      this.rateHeldBack = false;
    }
  }

  /** What the server accepted in the window before it said no, as a rate to stay under. */
  private learnRate({ at, windowMs }: { at: number; windowMs: number }): void {
    this.pendingRate = undefined;
    const since = at - windowMs;
    const count = this.accepted.filter((t) => t > since && t <= at).length;
    if (count < PACING.minSample) return;
    const accepted = (count / windowMs) * 1000;
    const measured = accepted * PACING.rateMargin;
    // A measure above the pace already kept would not slow anything: a tenth less instead.
    const next = this.rate !== undefined && measured >= this.rate ? this.rate * PACING.rateDecrease : measured;
    // The creep stops short of what drew this 429 (the server's measure, or the pace kept then).
    this.rateCeiling = Math.min(accepted, this.rate ?? accepted) * PACING.rateCeiling;
    this.rate = Math.max(PACING.minRatePerSecond, next);
    // The schedule starts now: no catching up on time spent in the pause.
    this.nextStartAt = this.clock.now();
    this.lastRateStepAt = this.clock.now();
    this.rateHeldBack = false;
  }

  private forget(before: number): void {
    let drop = 0;
    while (drop < this.accepted.length && this.accepted[drop]! < before) drop++;
    if (drop > 0) this.accepted.splice(0, drop);
  }

  private async sleep(ms: number, either: AbortSignal, signal: AbortSignal, stopStarting: AbortSignal | undefined): Promise<void> {
    try {
      await this.clock.sleep(ms, either);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (stopStarting?.aborted) throw new NotStarted();
      throw error;
    }
  }

  private nextChange(signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason);
      this.wake.push(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      });
      signal.addEventListener('abort', onAbort, { once: true });
    }).catch(() => undefined);
  }

  private changed(): void {
    const waiting = this.wake;
    this.wake = [];
    for (const resolve of waiting) resolve();
    for (const listener of this.listeners) listener();
  }
}

function pausedTooLong(ms: number): GwctlError {
  const seconds = Math.ceil(ms / 1000);
  return new GwctlError(`not sent: the server asked every request to wait ${seconds}s`, ExitCode.transient, {
    hint: `try again in ${seconds}s`,
  });
}
