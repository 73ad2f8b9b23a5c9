import { routes } from '../../api/routes.js';
import type { Batch } from '../../api/schemas/batch.js';
import { defineCommand } from '../../cli/command.js';
import { GwctlError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import { printDetail } from '../../output/print.js';
import { sanitizeField } from '../../core/sanitize.js';
import { fetchChecked, outputMode } from '../shared/fetch.js';
import { startProgress } from '../shared/progress.js';
import { checkPathId } from '../shared/targets.js';
import { batchSections } from './view.js';

export const command = defineCommand({
  path: ['batches', 'get'],
  summary: 'Show a batch: status, counts, times, cost and usage',
  description:
    'With --wait, polls until the batch reaches a terminal status (completed, failed, expired, cancelled),\n' +
    'then exits 0 for completed and 1 otherwise.',
  args: [{ name: 'id', description: 'batch id, as returned when the batch was submitted', required: true, complete: 'batch' }],
  options: [
    { flags: '--results', description: 'also list the results (custom id, status code, finish reason, tokens, error type)' },
    { flags: '--wait', description: 'poll until the batch ends, with a progress bar on a terminal' },
    { flags: '--interval <seconds>', description: 'seconds between polls with --wait (default 5)' },
  ],
  examples: [
    'gwctl batches get batch_abc123',
    'gwctl batches get batch_abc123 --results',
    'gwctl batches get batch_abc123 --wait --json > batch.json',
  ],
  async run({ args, opts, deps }) {
    const id = checkPathId(args.id, 'batch id');
    const interval = pollInterval(opts.interval);
    const { Batch: BatchSchema, isTerminalBatchStatus } = await import('../../api/schemas/batch.js');
    const read = () => fetchChecked(deps, routes.getBatch, { params: { id } }, BatchSchema);
    let { body, data } = await read();
    if (opts.wait === true && !isTerminalBatchStatus(data.status)) {
      const progress = deps.io.stderrIsTTY ? await startProgress(deps.io, deps.env, bar(data)) : undefined;
      try {
        while (!isTerminalBatchStatus(data.status)) {
          await deps.clock.sleep(interval, deps.signal);
          ({ body, data } = await read());
          progress?.update(bar(data));
        }
      } finally {
        progress?.stop();
      }
    }
    await printDetail(outputMode(deps), body, batchSections(data, opts.results === true));
    // For shell completion of ids (best effort, local file only).
    await import('../../completions/id-cache.js').then((c) => c.rememberIds(deps.env, 'batch', [id]), () => {});
    if (opts.wait === true && data.status !== 'completed') {
      const why = data.error?.message ? `: ${data.error.message}` : '';
      throw new GwctlError(`batch ${sanitizeField(id)} ended ${sanitizeField(data.status)}${sanitizeField(why)}`, ExitCode.failure);
    }
  },
});

function pollInterval(value: unknown): number {
  if (value === undefined) return 5000;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
    throw new GwctlError(`invalid --interval ${JSON.stringify(String(value))}: expected seconds above 0, at most 3600`, ExitCode.usage);
  }
  return Math.round(seconds * 1000);
}

/** `[=========           ] 45/100 finalizing`: completed plus failed over total. */
function bar(b: Batch): string {
  const c = b.request_counts ?? {};
  const done = (c.completed ?? 0) + (c.failed ?? 0);
  const total = c.total ?? 0;
  const width = 20;
  const filled = total > 0 ? Math.min(width, Math.round((done / total) * width)) : 0;
  return `[${'='.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total} ${sanitizeField(b.status)}`;
}
