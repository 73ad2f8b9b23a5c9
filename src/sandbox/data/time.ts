// Fixed points in time for the demo data, relative to ANCHOR so listings repeat; batches relative
// to the start, since the 30-day retention runs on the real clock.

/** The newest intern is created at this instant; older records lie before it. */
export const ANCHOR_MS = Date.parse('2026-11-01T09:00:00.000Z');

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
