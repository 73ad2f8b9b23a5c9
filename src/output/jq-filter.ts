// What a --jq filter is once it is known to compile: its text, the program the engine runs
// for it, whether it takes a list's items one by one, and, when it is in the subset that runs
// without the engine, its tree (./jq-subset/). Light: the main thread builds one without
// loading the engine.
import { JQ_18_DEFINITIONS } from './jq-builtins.js';
import type { Node } from './jq-subset/syntax.js';

/** A filter that compiles: the only way to get one is `JqRunner.compile`. */
export interface JqFilter {
  readonly expr: string;
  /**
   * The program jq runs: jq 1.8's library (./jq-builtins.ts), then the filter in parentheses,
   * so what was checked is what runs. The newline ends a trailing `# comment` before the
   * closing parenthesis.
   */
  readonly program: string;
  /**
   * The filter is `.data[] | …` (or `.data[]`): each item of a list is filtered on its own, so
   * the pages of `--all` can be filtered as they arrive, a batch of items at a time, with the
   * same outputs in the same order as over the merged body.
   */
  readonly itemwise: boolean;
  /** The filter's tree when it is in the subset (./jq-subset/syntax.ts). */
  readonly subset?: Node;
}

/** The filter `expr`, which the caller has checked compiles. */
export function describeFilter(expr: string, subset?: Node): JqFilter {
  const filter = { expr, program: `${JQ_18_DEFINITIONS}(${expr}\n)`, itemwise: isItemwise(expr) };
  return subset ? { ...filter, subset } : filter;
}

/**
 * `.data[]` then a pipe (not `|=`) or the end: the pipe binds loosest, so whatever follows sees
 * one item as its input. Words that reach beyond that input (the next input, stopping the
 * whole program) make the filter whole-body; so does anything else, such as a leading comment.
 */
export function isItemwise(expr: string): boolean {
  return /^\s*\.data\s*\[\s*\]\s*(?:\|(?!=)|$)/.test(expr) && !/\b(?:input|inputs|input_line_number|halt|halt_error)\b/.test(expr);
}
