// Where a --jq filter runs: the everyday subset (./jq-subset/) here, in microseconds; jq 1.8.2 on
// its own thread (./jq-thread.ts) only for a filter outside it or an input it hands over, since
// starting jq costs more than a whole get (decisions/012-jq-subset-and-thread.md).
import type { Io } from '../core/io.js';
import { describeFilter, type JqFilter } from './jq-filter.js';
import { parseSubset } from './jq-subset/parse.js';
import { subsetLines } from './jq-subset/run.js';
import { engineRunner, type JqInput, type JqRunner } from './jq-thread.js';

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

  run(filter: JqFilter, input: JqInput, io: Io): Promise<void> {
    // A filter outside the subset is the engine's from the start, with its own order.
    const { subset } = filter;
    if (!subset) return this.jq().run(filter, input, io);
    const job = this.tail.then(async () => {
      if (this.failure) throw this.failure;
      // A large body is read and filtered on jq's thread (the subset first there too): here,
      // reading it and collecting what it leaves would hold off Ctrl-C and SIGTERM for seconds.
      if (input.text.length > SUBSET_HERE_CHARS) this.handedOver = true;
      // A turn of the event loop first: Ctrl-C and SIGTERM act between reading the body and
      // filtering it, each a bounded stretch of this thread's time.
      await new Promise((resolve) => setImmediate(resolve));
      const lines = this.handedOver ? undefined : subsetLines(subset, input.text, input.value);
      if (!lines) {
        // Every input after this one goes the same way, so outputs keep their order.
        this.handedOver = true;
        return this.jq().run(filter, input, io);
      }
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
 * The largest body the subset reads on this thread: 4 MiB of JSON take some 50 ms to read and
 * check here, and collecting them no more. A body of 30 MB, read and sorted here, held off
 * SIGTERM for 2.5 s, most of it collecting garbage.
 */
const SUBSET_HERE_CHARS = 4 * 1024 * 1024;
