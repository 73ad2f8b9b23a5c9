import type { OutputMode } from '../../output/print.js';
import type { Deps } from '../context.js';

/** How this run prints: --json or not, the terminal, the time "now" for relative times. */
export function outputMode(deps: Deps): OutputMode {
  return { io: deps.io, json: deps.flags.json, now: deps.clock.now(), tables: deps.heavy.tables };
}
