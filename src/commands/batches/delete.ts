import { BATCH_DELETED_SHAPE } from '../../api/fields.generated.js';
import { concurrencyOption } from '../../core/concurrency.js';
import { arg, option, pathIdCheck } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';
import { targetsShape } from '../../core/target-shapes.js';

export const spec = defineSpec({
  path: ['batches', 'delete'],
  operation: { name: 'delete batch', method: 'DELETE', path: '/batches/{id}', key: 'api' },
  tool: 'write',
  confirmation: {
    action: 'Delete',
    noun: 'batch',
    nouns: 'batches',
    consequence: 'Their stored requests and results are deleted; billing and usage records are kept.',
    typed: 'count',
  },
  agent: {
    description:
      'Only completed, failed, expired or cancelled batches can be deleted; one still running fails with exit_code 6. ' +
      'The preview reads each target: each carries expected_outcome (done or failed) and, when it would fail, reason; only the targets expected to act are confirmed and acted on.',
    properties: { ids: 'batch ids' },
  },
  summary: 'Delete finished batches with their stored requests and results (not a cancellation)',
  description:
    'Only completed, failed, expired or cancelled batches can be deleted; one still running is exit 6.\n' +
    'Billing and usage records are kept. Asks for confirmation on a terminal; --yes skips it.\n' +
    'Several ids, or - for ids on stdin (one a line; blank lines and # lines skipped), give one result\n' +
    'line per batch (piped: id, result, exit code); the exit code is then 8 when any failed.\n' +
    '--dry-run reads each batch named and says what would happen to it (piped: id, would-act or\n' +
    'would-fail, reason): one not found would fail with 404, one not in a terminal status with 409.\n' +
    'It changes nothing and exits 0; with --strict it exits 8 when any would fail.',
  args: {
    ids: arg.many({
      name: 'id',
      description: 'batch ids, or - to read them from stdin',
      label: 'batch id',
      complete: 'batch',
      check: pathIdCheck(),
    }),
  },
  options: {
    yes: option.flag('-y, --yes', 'delete without asking'),
    dryRun: option.flag('--dry-run', 'read each target and say what would happen to it; change nothing'),
    strict: option.flag('--strict', 'with --dry-run: exit 8 when any target would fail'),
    concurrency: concurrencyOption(),
  },
  // Of the per-target results (several targets, or ids on stdin); status, expected and reason
  // are a dry run's.
  columns: ['id', 'result', 'exit_code', 'status', 'expected', 'reason'],
  shape: targetsShape(BATCH_DELETED_SHAPE, 'several or ids on stdin'),
  examples: [
    'gwctl batches delete batch_abc123',
    'gwctl batches delete batch_abc123 --yes --json',
    'gwctl batches delete batch_abc123 batch_def456 --yes',
    'gwctl batches delete - --yes < finished-batches.txt',
    'gwctl batches delete batch_abc123 batch_def456 --dry-run --strict',
  ],
});
