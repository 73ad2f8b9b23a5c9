// Fixed points in time for the demo data. Everything except batches is placed relative to
// ANCHOR, so listings look the same on every run. Batches are placed relative to the moment
// the sandbox started, because the 30-day retention rule is measured against the real clock:
// a fixed date would sooner or later turn every batch into a 410.

/** The newest intern is created at this instant; older records lie before it. */
export const ANCHOR_MS = Date.parse('2026-11-01T09:00:00.000Z');

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
