// The two places gwctl tunes V8 for itself, at run time (decisions/007-v8-flags-at-run-time.md);
// node:v8 loads only when a flag is set.

function setFlagsFromString(flags: string): void {
  process.getBuiltinModule('node:v8').setFlagsFromString(flags);
}

let baselineOnly = false;

/**
 * undici's HTTP parser and jq are WebAssembly; exit would wait for V8's optimising tier (about
 * 90 ms after a request, 15-25 ms after jq), which a command never needs. Set at run time,
 * `--liftoff-only` comes without the two flags V8 turns off with it on the command line (its
 * tier-up), so they are given too. Set as late as it may be: a changed flag makes V8 refuse code
 * cached before it (a Worker started after it boots in 57 ms instead of 30, decisions/007).
 */
export function keepWasmOnBaselineTier(): void {
  if (baselineOnly) return;
  baselineOnly = true;
  setFlagsFromString('--liftoff-only --no-wasm-tier-up --no-wasm-dynamic-tiering');
}

let youngKept = false;

/**
 * A watch's steady flow of short-lived objects grows V8's young generation and keeps it grown
 * (216 MB for 10,000 interns); growth by 1 keeps it at its start, about 130 MB (decisions/018-watching-in-bounded-memory.md).
 * So does the parse of a large body (core/sent-json.ts).
 */
export function keepYoungGenerationSmall(): void {
  if (youngKept) return;
  youngKept = true;
  setFlagsFromString('--semi-space-growth-factor=1');
}
