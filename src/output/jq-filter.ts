// What a --jq filter is once it is known to compile: its text, whether it takes a list's items
// one by one, and, when it is in the subset that runs without the engine, its tree
// (./jq-subset/). Light: the main thread builds one without loading the engine.
import type { Node } from './jq-subset/syntax.js';

/** A filter that compiles: the only way to get one is `JqRunner.compile`. */
export interface JqFilter {
  /** The filter as given: jq runs exactly this text, as `jq -c EXPR` would. */
  readonly expr: string;
  /**
   * The filter is `.data[] | …` (or `.data[]`): each item of a list is filtered on its own, so
   * the pages of `--all` can be filtered as they arrive, a batch of items at a time, with the
   * same outputs in the same order as over the merged body.
   */
  readonly itemwise: boolean;
  /** The filter's tree when it is in the subset (./jq-subset/syntax.ts). */
  readonly subset?: Node;
}

/** The filter `expr`, which the caller has checked compiles, with its tree when the subset read it. */
export function describeFilter(expr: string, subset?: Node): JqFilter {
  const filter = { expr, itemwise: subset !== undefined && isItemwise(subset) };
  return subset ? { ...filter, subset } : filter;
}

/**
 * `.data[]`, alone or piped into the rest: the pipe binds loosest, so whatever follows sees one
 * item as its input, and no builtin of the subset reaches beyond that input. Read from the
 * subset's tree: a filter outside the subset is run over the whole body.
 */
export function isItemwise(tree: Node): boolean {
  const head = tree.kind === 'pipe' ? tree.left : tree;
  return head.kind === 'iterate' && head.of.kind === 'field' && head.of.name === 'data' && head.of.of.kind === 'identity';
}
