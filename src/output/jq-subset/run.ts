// The subset over one body, wherever it runs: on the main thread for a body of everyday size,
// on jq's thread for a large one (../jq-runner.ts), so that reading and sorting a large body
// never holds off Ctrl-C and SIGTERM.
import { MAIN_THREAD_TIME_LIMIT_MS, evaluateSubset } from './evaluate.js';
import { readSubsetInput } from './input.js';
import type { Node } from './syntax.js';

/**
 * The outputs' lines by the subset, or undefined when jq is to run this input: an input
 * JavaScript would read otherwise than jq (./input.ts), what the subset leaves to jq
 * (OutsideSubset), and anything else that stops it (an input nested too deep for this thread's
 * stack), since jq itself then decides. `value`: JSON.parse of `text`, when the caller has it.
 * `timeLimitMs`: the work it may do before jq takes over (on the main thread, signals wait).
 */
export function subsetLines(tree: Node, text: string, value?: unknown, timeLimitMs = MAIN_THREAD_TIME_LIMIT_MS): string[] | undefined {
  try {
    const input = readSubsetInput(text, value);
    return input === undefined ? undefined : evaluateSubset(tree, input, timeLimitMs);
  } catch {
    return undefined;
  }
}
