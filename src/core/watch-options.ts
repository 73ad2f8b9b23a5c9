// Every --interval in one home: each polling's default and floor (the contract's "Watching" and
// "Bounds"); in core, because specs may import only core and the API's vocabulary.
import { option } from './options.js';

/** The longest interval any polling takes. */
const MAX_INTERVAL_MS = 3_600_000;

export const POLL_INTERVALS = {
  /** --watch, on every command that can watch. */
  watch: { defaultMs: 2_000, minMs: 500 },
  /** `batches get --wait`. */
  batchWait: { defaultMs: 5_000, minMs: 500 },
  /** `interns wait`. */
  internsWait: { defaultMs: 2_000, minMs: 100 },
} as const;

export const WATCH_INTERVAL = POLL_INTERVALS.watch;

/** An --interval option whose floor is `minMs`: the one way a command declares one. */
export function intervalOption(description: string, minMs: number) {
  return option.duration('--interval <duration>', description, { minMs, maxMs: MAX_INTERVAL_MS });
}

export const WATCH_OPTIONS = {
  watch: option.flag('--watch', 'keep polling and show what changes (added, modified, deleted) until Ctrl-C'),
  interval: intervalOption('with --watch: time between polls (default 2s, at least 0.5s)', WATCH_INTERVAL.minMs),
};
