import { routes } from '../../api/routes.js';
import { Batch as BatchSchema, isTerminalBatchStatus, type Batch } from '../../api/schemas/batch.js';
import { rememberIds } from '../../completions/id-cache.js';
import { GwctlError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import { spanText } from '../../core/options.js';
import { sanitizeField } from '../../core/sanitize.js';
import type { RunFor } from '../context.js';
import { fetchChecked } from '../shared/fetch.js';
import { pollUntil } from '../shared/poll.js';
import { progressBar, startProgress } from '../shared/progress.js';
import type { spec } from './get.js';
import { batchView } from './view.js';

const DEFAULT_INTERVAL_MS = 5000;

export const run: RunFor<typeof spec> = async ({ args, opts, deps }) => {
  const { id } = args;
  const interval = opts.interval ?? DEFAULT_INTERVAL_MS;
  // Without --wait the option keeps the global meaning it shadows: seconds per request.
  if (!opts.wait && opts.timeout !== undefined) {
    deps.flags.timeout = opts.timeout / 1000;
    deps.flags.from.timeout = 'flag';
  }
  const read = () => fetchChecked(deps, routes.getBatch, { params: { id } }, BatchSchema);
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
  await deps.printer.detail({ body, view: batchView(data, opts.results) });
  // For shell completion of ids (best effort, local file only).
  rememberIds(deps.env, 'batch', [id]);
  if (opts.wait && data.status !== 'completed') {
    const why = data.error?.message ? `: ${data.error.message}` : '';
    throw new GwctlError(`batch ${sanitizeField(id)} ended ${sanitizeField(data.status)}${sanitizeField(why)}`, ExitCode.failure);
  }
};

/** `[=========           ] 45/100 finalizing`: completed plus failed over total. */
function bar(b: Batch): string {
  const c = b.request_counts ?? {};
  return `${progressBar((c.completed ?? 0) + (c.failed ?? 0), c.total ?? 0)} ${sanitizeField(b.status)}`;
}
