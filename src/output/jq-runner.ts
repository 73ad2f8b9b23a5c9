// Where a --jq filter runs. A filter in the everyday subset of jq's language (./jq-subset/:
// paths, `.[]`, pipes, `select`, comparisons, construction, interpolation, @csv/@tsv) runs
// here, in this thread, in microseconds; jq 1.8.1 itself (WebAssembly, on a thread of its own:
// ./jq-thread.ts) starts only for a filter outside the subset, or for an input the subset
// hands over (an error, a number or a key order only jq keeps, work past its bounds). Starting
// jq costs more than a whole get with --json; the subset costs nothing measurable
// (bench/README.md).
import type { Io } from '../core/io.js';
import { describeFilter, type JqFilter } from './jq-filter.js';
import { evaluateSubset } from './jq-subset/evaluate.js';
import { readSubsetInput } from './jq-subset/input.js';
import { parseSubset } from './jq-subset/parse.js';
import type { Node } from './jq-subset/syntax.js';
import { engineRunner, type JqRunner } from './jq-thread.js';

export type { JqFilter, JqRunner };

/** The runner of one run (its filter is compiled by it and printed through it). */
export function jqRunner(): JqRunner {
  return new SubsetFirst();
}

class SubsetFirst implements JqRunner {
  private engine: JqRunner | undefined;
  /** The jobs of a subset filter, in order: each prints after the ones before it. */
  private tail: Promise<unknown> = Promise.resolve();
  /** The first failure: every job after it fails with it, unprinted (as on the engine). */
  private failure: unknown;
  /** An input went to the engine: so do all after it, keeping their order. */
  private handedOver = false;

  private jq(): JqRunner {
    this.engine ??= engineRunner();
    return this.engine;
  }

  async compile(expr: string): Promise<JqFilter> {
    // The subset vouches only for a filter short enough that jq surely compiles it too: past
    // that, jq's own limits (a function compiled to more than 120,000 bytes is refused) decide.
    const subset = expr.length <= SUBSET_VOUCHES_CHARS ? parseSubset(expr) : undefined;
    if (subset) return describeFilter(expr, subset);
    const compiled = await this.jq().compile(expr);
    // jq compiled it: the subset may still run it.
    const tree = parseSubset(expr);
    return tree ? describeFilter(expr, tree) : compiled;
  }

  run(filter: JqFilter, text: string, io: Io): Promise<void> {
    // A filter outside the subset is the engine's from the start, with its own order.
    if (!filter.subset) return this.jq().run(filter, text, io);
    const lines = this.handedOver ? undefined : linesOf(filter.subset, text);
    if (!lines) this.handedOver = true;
    const job = this.tail.then(async () => {
      if (this.failure) throw this.failure;
      if (!lines) return this.jq().run(filter, text, io);
      if (lines.length > 0) await io.out(`${lines.join('\n')}\n`);
    });
    this.tail = job.catch((error: unknown) => {
      this.failure ??= error;
    });
    return job;
  }
}

/**
 * Characters of a filter the subset answers for without asking jq. jq refuses a filter whose
 * code is too long (120,002 bytes of bytecode for `.a` written 40,000 times); the subset's
 * filters compile to well under 30 bytes a character, so 2,000 characters are far from it.
 */
const SUBSET_VOUCHES_CHARS = 2000;

/**
 * The outputs' lines by the subset, or undefined when the engine is to run this input: an
 * input JavaScript would read otherwise than jq (./jq-subset/input.ts), what the subset leaves
 * to jq (OutsideSubset), and anything else that stops it (an input nested too deep for this
 * thread's stack), since jq itself then decides.
 */
function linesOf(subset: Node, text: string): string[] | undefined {
  try {
    const input = readSubsetInput(text);
    return input === undefined ? undefined : evaluateSubset(subset, input);
  } catch {
    return undefined;
  }
}
