// The two places gwctl tunes V8 for itself, at run time, in one home. Both flags are ones V8
// reads when it needs them, not only at start-up, so setting them after start works (measured:
// docs/decisions/007-v8-flags-at-run-time.md); Node 20 to 26 know both, so neither prints V8's "unrecognized flag".
// node:v8 is fetched when a flag is set, not when this module loads: a run that sets neither
// never loads it.

function setFlagsFromString(flags: string): void {
  process.getBuiltinModule('node:v8').setFlagsFromString(flags);
}

let baselineOnly = false;

/**
 * undici parses HTTP with a WebAssembly module, and --jq runs jq compiled to one. By default V8
 * recompiles hot WebAssembly with its optimising tier on background threads, and process exit
 * waits for those jobs: about 90 ms at the end of every command on a 2-core machine. A command
 * makes a handful of requests and runs a filter once, which the baseline tier handles at full
 * speed, so the optimising tier is off.
 */
export function keepWasmOnBaselineTier(): void {
  if (baselineOnly) return;
  baselineOnly = true;
  setFlagsFromString('--liftoff-only');
}

let youngKept = false;

/**
 * A watch reads the same pages every few seconds for hours: a steady flow of objects that live
 * for one page. V8 grows its young generation each time enough of them happen to be alive at a
 * collection, up to 2 x 64 MB on Node 24 (48 MB on Node 20), and never gives it back while the
 * flow goes on: a 10,000-intern watch sat at 216 MB. Growth by a factor of 1 keeps the young
 * generation at its starting size (two 1 MB halves): collections come more often, each with
 * next to nothing alive, and the watch stays near 130 MB for as long as it runs.
 */
export function keepYoungGenerationSmall(): void {
  if (youngKept) return;
  youngKept = true;
  setFlagsFromString('--semi-space-growth-factor=1');
}
