// An item-by-item --jq filter (`.data[] | …`) over the pages of --all: the items go to jq in
// batches as they arrive, while the next pages are fetched and parsed on this thread (jq runs
// on its own, ./jq-thread.ts, as `| jq` would in a second process). Outputs print in batch
// order; the first batch that fails stops the list after the outputs before its failure, as
// one run over the whole body would.
import type { Io } from '../core/io.js';
import type { JqFilter } from './jq-filter.js';
import { jsonText } from './json-text.js';
import type { JqRunner } from './jq-thread.js';

/** Filters a list's items a batch at a time and prints the outputs in order. */
export interface JqBatches {
  /** Sends a batch on its way; waits only while too many are ahead of the printing. */
  add(items: readonly unknown[]): Promise<void>;
  /** Prints what is left. The first failure is thrown by `add` or here, after the outputs before it. */
  finish(): Promise<void>;
}

/**
 * Batches sent ahead of the printing: enough to keep both threads busy while a page is parsed
 * or printed, few enough that memory stays flat (a batch of 1,000 interns is about 0.5 MB of JSON).
 */
const AHEAD = 3;

export function startJqBatches(runner: JqRunner, filter: JqFilter, io: Io): JqBatches {
  const pending: Promise<void>[] = [];
  const settle = async (): Promise<void> => {
    await pending.shift();
  };
  return {
    async add(items) {
      const body = { data: items };
      const batch = runner.run(filter, { text: jsonText(body), value: body }, io);
      // A failure is thrown when its turn comes, not as an unhandled rejection before it.
      batch.catch(() => {});
      pending.push(batch);
      while (pending.length > AHEAD) await settle();
    },
    async finish() {
      while (pending.length > 0) await settle();
    },
  };
}
