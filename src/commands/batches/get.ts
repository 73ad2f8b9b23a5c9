import { BATCH_FIELDS, BATCH_SHAPE } from '../../api/fields.generated.js';
import { alsoGlobal, arg, option, pathIdCheck } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';
import { intervalOption, POLL_INTERVALS, WATCH_INTERVAL, WATCH_OPTIONS } from '../../core/watch-options.js';

export const spec = defineSpec({
  path: ['batches', 'get'],
  operation: { name: 'get batch', method: 'GET', path: '/batches/{id}', key: 'api' },
  tool: 'read',
  agent: {
    description:
      'With wait, polls until the batch ends (completed, failed, expired or cancelled); timeout then bounds the wait\n' +
      '(exit_code 7, reason wait_timeout); without wait, timeout bounds the call.',
    properties: {
      wait: 'poll until the batch ends',
      interval: 'with wait: time between polls',
      timeout: 'with wait: give up after this long; else the longest the call may take',
    },
  },
  summary: 'Show a batch: status, counts, times, cost and usage',
  description:
    'With --wait, polls until the batch reaches a terminal status (completed, failed, expired, cancelled),\n' +
    'then exits 0 for completed and 1 otherwise; --timeout gives up after that long (exit 7, reason wait_timeout).\n' +
    'Without --wait, --timeout is the per-request timeout, as for every command; before the command word it always is.\n' +
    'With --watch, polls until interrupted and shows each change (JSON Lines events with --jsonl or --json).',
  args: {
    id: arg.required({
      name: 'id',
      description: 'batch id, as returned when the batch was submitted',
      label: 'batch id',
      complete: 'batch',
      check: pathIdCheck(),
    }),
  },
  options: {
    results: option.flag('--results', 'also list the results (custom id, status code, finish reason, tokens, error type)'),
    wait: option.flag('--wait', 'poll until the batch ends, with a progress bar on a terminal'),
    watch: WATCH_OPTIONS.watch,
    // A bare number is seconds, as it always was here (`--interval 5`).
    interval: intervalOption(
      `time between polls, at least ${POLL_INTERVALS.batchWait.minMs / 1000}s: with --wait (default ${POLL_INTERVALS.batchWait.defaultMs / 1000}s), with --watch (default ${WATCH_INTERVAL.defaultMs / 1000}s)`,
      // One floor for both: --wait's and --watch's are the same.
      POLL_INTERVALS.batchWait.minMs,
    ),
    // The global --timeout's name: with --wait the wait's deadline (as for interns wait), without it
    // the global option itself, per request (the command line reading applies it, cli/command-line.ts).
    timeout: alsoGlobal(
      option.duration('--timeout <duration>', 'with --wait: give up after this long (90, 90s, 5m, 1h); else per request', {
        minMs: 100,
        maxMs: 86_400_000,
      }),
      'wait',
    ),
  },
  // The fields of the detail view (API names; `cost` is usage.cost), then the request counts one
  // by one and the progress bar, which the detail shows only when --columns names them (--watch
  // shows id, status and the counts).
  columns: [
    'id',
    'status',
    'error',
    'model',
    'endpoint',
    'provider',
    'request_counts',
    'created_at',
    'finalized_at',
    'expires_at',
    'cost',
    'usage',
    'results',
    'completed',
    'failed',
    'total',
    'progress',
  ],
  fields: BATCH_FIELDS,
  shape: BATCH_SHAPE,
  examples: [
    'gwctl batches get batch_abc123',
    'gwctl batches get batch_abc123 --results',
    'gwctl batches get batch_abc123 --wait --json > batch.json',
    'gwctl batches get batch_abc123 --wait --timeout 30m',
    'gwctl batches get batch_abc123 --watch --jsonl',
    'gwctl batches get batch_abc123 --columns id,status,completed,total --header',
    "gwctl batches get batch_abc123 --jq '{status, request_counts}'",
  ],
});
