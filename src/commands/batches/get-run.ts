import { routes } from '../../api/routes.js';
import { Batch as BatchSchema, isTerminalBatchStatus, type Batch } from '../../api/schemas/batch.js';
import { rememberIds } from '../../completions/id-cache.js';
import { GwctlError, usageError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import { spanText } from '../../core/options.js';
import { POLL_INTERVALS, WATCH_INTERVAL } from '../../core/watch-options.js';
import { sanitizeField } from '../../core/sanitize.js';
import type { Deps, RunFor } from '../context.js';
import { fetchChecked } from '../shared/fetch.js';
import { pollUntil } from '../shared/poll.js';
import { startProgress } from '../shared/progress.js';
import { watchObject } from '../shared/watch-output.js';
import { isBatchGone } from '../shared/gone.js';
import type { spec } from './get.js';
import { bar, batchView, watchedBatchColumns } from './view.js';

export const run: RunFor<typeof spec> = async ({ spec: declared, args, opts, deps }) => {
  const { id } = args;
  if (opts.watch) return watchBatch(declared, id, opts, deps);
  const interval = opts.interval ?? POLL_INTERVALS.batchWait.defaultMs;
  const read = () => fetchChecked(deps, routes.batchesGet, { params: { id } }, BatchSchema);
  let current = await read();
  if (opts.wait && !isTerminalBatchStatus(current.data.status)) {
    const progress = deps.io.stderrIsTTY ? await startProgress(deps, bar(current.data)) : undefined;
    try {
      const done = (b: typeof current): boolean => isTerminalBatchStatus(b.data.status);
      const onUpdate = (b: typeof current): void => progress?.update(bar(b.data));
      const timeoutMs = opts.timeout;
      const outcome = await pollUntil({
        deps,
        read,
        first: current,
        done,
        intervalMs: interval,
        onUpdate,
        ...(timeoutMs ? { timeoutMs } : {}),
      });
      current = outcome.value;
      if (!outcome.met) {
        const now = current.data.status;
        throw new GwctlError(
          `timed out after ${spanText(timeoutMs!)} waiting for batch ${sanitizeField(id)} to end: it is ${sanitizeField(now)}`,
          ExitCode.transient,
          { reason: 'wait_timeout', details: { batch: { id, status: now } } },
        );
      }
    } finally {
      progress?.stop();
    }
  }
  const { body, data } = current;
  await deps.printer.detail({ body, view: batchView(declared, data, opts.results) });
  // For shell completion of ids (best effort, local file only).
  rememberIds(deps.env, 'batch', [id]);
  if (opts.wait && data.status !== 'completed') {
    const why = data.error?.message ? `: ${data.error.message}` : '';
    throw new GwctlError(`batch ${sanitizeField(id)} ended ${sanitizeField(data.status)}${sanitizeField(why)}`, ExitCode.failure);
  }
};

/** `--watch`: every change of the batch until interrupted, or until it is deleted (exit 0). */
async function watchBatch(declared: typeof spec, id: string, opts: Parameters<RunFor<typeof spec>>[0]['opts'], deps: Deps): Promise<void> {
  if (opts.wait) throw usageError('--watch and --wait do not go together', '--wait ends when the batch does; --watch when interrupted');
  if (opts.results) throw usageError('--results does not go with --watch');
  const intervalMs = opts.interval ?? WATCH_INTERVAL.defaultMs;
  await watchObject<Batch>(
    deps,
    { spec: declared, columns: watchedBatchColumns(declared), noun: 'batches', intervalMs },
    async () => (await fetchChecked(deps, routes.batchesGet, { params: { id } }, BatchSchema)).data,
    isBatchGone,
  );
}
