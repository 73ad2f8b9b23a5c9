// --watch and --interval as every command that can watch declares them (the contract's
// "Watching"): the interval defaults to 2s and is at least 0.5s. Here, in core, because specs
// may import only core and the API's vocabulary.
import { option } from './options.js';

export const WATCH_INTERVAL = { defaultMs: 2_000, minMs: 500, maxMs: 3_600_000 } as const;

export const WATCH_OPTIONS = {
  watch: option.flag('--watch', 'keep polling and show what changes (added, modified, deleted) until Ctrl-C'),
  interval: option.duration('--interval <duration>', 'with --watch: time between polls (default 2s, at least 0.5s)', {
    minMs: WATCH_INTERVAL.minMs,
    maxMs: WATCH_INTERVAL.maxMs,
  }),
};
