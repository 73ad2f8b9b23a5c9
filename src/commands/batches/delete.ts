import { routes } from '../../api/routes.js';
import { defineCommand } from '../../cli/command.js';
import { printDetail } from '../../output/print.js';
import { sanitizeField } from '../../core/sanitize.js';
import { fetchChecked, outputMode } from '../shared/fetch.js';
import { status } from '../shared/format.js';
import { checkPathId, confirmOrRefuse } from '../shared/targets.js';

export const command = defineCommand({
  path: ['batches', 'delete'],
  summary: 'Delete a finished batch with its stored requests and results (not a cancellation)',
  description:
    'Only completed, failed, expired or cancelled batches can be deleted; one still running is exit 6.\n' +
    'Billing and usage records are kept. Asks for confirmation on a terminal; --yes skips it.',
  args: [{ name: 'id', description: 'batch id', required: true, complete: 'batch' }],
  options: [{ flags: '-y, --yes', description: 'delete without asking' }],
  examples: ['gwctl batches delete batch_abc123', 'gwctl batches delete batch_abc123 --yes --json'],
  async run({ args, opts, deps }) {
    const id = checkPathId(args.id, 'batch id');
    await confirmOrRefuse(deps, opts.yes === true, async () => `Delete batch ${sanitizeField(id)} with its stored requests and results?`);
    const { BatchDeleted } = await import('../../api/schemas/batch.js');
    const { body, data } = await fetchChecked(deps, routes.deleteBatch, { params: { id }, ifAnswerLost: `check with 'gwctl batches get ${id}' before trying again` }, BatchDeleted);
    const service = data.deletion.service ?? data.deletion.openrouter;
    const upstream = data.deletion.upstream;
    await printDetail(outputMode(deps), body, [
      {
        fields: [
          ['ID', data.id],
          ['Service', status(service)],
          ['Upstream provider', upstream?.provider ?? { text: 'none assigned', tone: 'muted' }],
          ['Upstream', status(upstream?.status)],
        ],
      },
    ]);
  },
});
