import { routes } from '../../api/routes.js';
import { BatchDeleted } from '../../api/schemas/batch.js';
import { sanitizeField } from '../../core/sanitize.js';
import { printDetail } from '../../output/print.js';
import type { RunFor } from '../context.js';
import { fetchChecked } from '../shared/fetch.js';
import { status } from '../shared/format.js';
import { outputMode } from '../shared/output-mode.js';
import { confirmOrRefuse } from '../shared/targets.js';
import type { spec } from './delete.js';

export const run: RunFor<typeof spec> = async ({ args, opts, deps }) => {
  const { id } = args;
  await confirmOrRefuse(deps, opts.yes, async () => `Delete batch ${sanitizeField(id)} with its stored requests and results?`);
  const lost = `check with 'gwctl batches get ${id}' before trying again`;
  const { body, data } = await fetchChecked(deps, routes.deleteBatch, { params: { id }, ifAnswerLost: lost }, BatchDeleted);
  const service = data.deletion.service ?? data.deletion.openrouter;
  const upstream = data.deletion.upstream;
  await printDetail(outputMode(deps, 'batches delete'), body, [
    {
      fields: [
        ['ID', data.id],
        ['Service', status(service)],
        ['Upstream provider', upstream?.provider ?? { text: 'none assigned', tone: 'muted' }],
        ['Upstream', status(upstream?.status)],
      ],
    },
  ]);
};
