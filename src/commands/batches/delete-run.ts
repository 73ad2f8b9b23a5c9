import { routes } from '../../api/routes.js';
import { BatchDeleted } from '../../api/schemas/batch.js';
import { usageError } from '../../core/errors.js';
import { sanitizeField } from '../../core/sanitize.js';
import { printDetail } from '../../output/print.js';
import type { Deps, RunFor } from '../context.js';
import { fetchChecked } from '../shared/fetch.js';
import { status } from '../shared/format.js';
import { actOnMany, CONCURRENCY, printTargets } from '../shared/many.js';
import { outputMode } from '../shared/output-mode.js';
import { confirmOrRefuse, readIds } from '../shared/targets.js';
import type { spec } from './delete.js';

export const run: RunFor<typeof spec> = async ({ args, opts, deps }) => {
  const words = args.ids;
  if (words.length === 0) throw usageError("missing required argument 'id'", "see 'gwctl batches delete --help'");
  if (words.length === 1 && words[0] !== '-' && !opts.dryRun) return deleteOne(deps, words[0]!, opts.yes);

  // Refuse before anything is read or sent.
  if (!opts.dryRun && !opts.yes && !deps.prompter.interactive) await confirmOrRefuse(deps, false, async () => '');
  const targets = (await readIds(deps, words, 'batch id')).map((id) => ({ id }));
  if (opts.dryRun) return printTargets(deps, 'batches delete', targets, false);
  if (targets.length > 0) {
    await confirmOrRefuse(deps, opts.yes, async () => {
      const first = sanitizeField(targets[0]!.id);
      const which = targets.length === 1 ? `batch ${first}` : `${targets.length} batches, starting with ${first},`;
      return `Delete ${which} with their stored requests and results?`;
    });
  }
  await actOnMany({
    deps,
    command: 'batches delete',
    targets,
    concurrency: opts.concurrency ?? CONCURRENCY.default,
    noun: 'batch',
    nouns: 'batches',
    doneWord: 'deleted',
    named: false,
    act: async ({ id }) =>
      (await fetchChecked(deps, routes.deleteBatch, { params: { id }, ifAnswerLost: lostHint(id) }, BatchDeleted)).body,
  });
};

function lostHint(id: string): string {
  return `check with 'gwctl batches get ${id}' before trying again`;
}

/** One id as an argument: exactly as the first release did it. */
async function deleteOne(deps: Deps, id: string, yes: boolean): Promise<void> {
  await confirmOrRefuse(deps, yes, async () => `Delete batch ${sanitizeField(id)} with its stored requests and results?`);
  const { body, data } = await fetchChecked(deps, routes.deleteBatch, { params: { id }, ifAnswerLost: lostHint(id) }, BatchDeleted);
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
}
