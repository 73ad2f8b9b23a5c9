// The wall clock (`now`, injectable) dates changes and measures retention and rate limits; the pace
// clock (`pace` times the wall time since start) moves states, read by requests, never by timers.

import { ValueRefused } from '../core/options.js';

export const DEFAULT_PACE = 1;
export const MAX_PACE = 1000;

/** A pace from 0 (frozen) to MAX_PACE; throws ValueRefused with the reason only, so it serves as an option's parser. */
export function parsePace(text: string): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(trimmed) || !Number.isFinite(value) || value > MAX_PACE) {
    throw new ValueRefused(`must be a number from 0 (frozen) to ${MAX_PACE}, such as 1 (real time) or 10`);
  }
  return value;
}

export function checkPace(pace: number): number {
  if (typeof pace !== 'number' || !Number.isFinite(pace) || pace < 0 || pace > MAX_PACE) {
    throw new RangeError(`pace must be a number from 0 to ${MAX_PACE}, not ${String(pace)}`);
  }
  return pace;
}

/** One reading of both clocks, taken once per request so that every record it shows agrees. */
export type Moment = ReturnType<PaceClock['read']>;

export class PaceClock {
  private startedWallMs: number;

  constructor(
    private readonly wall: () => number,
    readonly pace: number,
  ) {
    checkPace(pace);
    this.startedWallMs = wall();
  }

  /** Motion starts again from the seeded states. */
  restart(): void {
    this.startedWallMs = this.wall();
  }

  read() {
    const wallMs = this.wall();
    const { pace, startedWallMs } = this;
    return {
      /** Wall-clock milliseconds since the epoch. */
      wallMs,
      /** Pace-clock milliseconds since the sandbox started or was reset; always 0 at pace 0. */
      elapsedMs: pace === 0 ? 0 : Math.max(0, (wallMs - startedWallMs) * pace),
      /** Pace 0: nothing moves by itself, and actions that take time (suspend) complete at once. */
      frozen: pace === 0,
      /** The wall-clock time at which the pace clock reads `elapsedMs`. */
      wallAt: (elapsedMs: number): number => (pace === 0 ? wallMs : Math.round(startedWallMs + elapsedMs / pace)),
    };
  }
}
