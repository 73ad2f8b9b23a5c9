import { arg, option, pathIdCheck } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['batches', 'delete'],
  summary: 'Delete a finished batch with its stored requests and results (not a cancellation)',
  description:
    'Only completed, failed, expired or cancelled batches can be deleted; one still running is exit 6.\n' +
    'Billing and usage records are kept. Asks for confirmation on a terminal; --yes skips it.',
  args: { id: arg.required({ name: 'id', description: 'batch id', label: 'batch id', complete: 'batch', check: pathIdCheck() }) },
  options: { yes: option.flag('-y, --yes', 'delete without asking') },
  examples: ['gwctl batches delete batch_abc123', 'gwctl batches delete batch_abc123 --yes --json'],
});
