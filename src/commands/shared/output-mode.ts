import type { OutputMode } from '../../output/print.js';
import type { Deps } from '../context.js';

/** How this run prints: --json, --jq, --jsonl, the columns, the terminal, "now" for relative times. */
export function outputMode(deps: Deps, command: string): OutputMode {
  return { io: deps.io, json: deps.flags.json, now: deps.clock.now(), tables: deps.heavy.tables, command, ...deps.output };
}
