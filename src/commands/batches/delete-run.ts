import { routes } from '../../api/routes.js';
import { Batch, BatchDeleted, isTerminalBatchStatus } from '../../api/schemas/batch.js';
import { usageError } from '../../core/errors.js';
import { sanitizeField } from '../../core/sanitize.js';
import type { Deps, RunContext, RunFor } from '../context.js';
import { detailView, fieldsOf } from '../shared/detail.js';
import { lookUp } from '../shared/expected-outcomes.js';
import { fetchChecked } from '../shared/fetch.js';
import { status } from '../shared/format.js';
import { givenTargets, runMany, type ManyAction, type Target } from '../shared/many.js';
import { confirmOrRefuse } from '../shared/targets.js';
import type { spec } from './delete.js';
import { commandName } from '../../core/spec.js';
import { shellWord } from '../../core/suggest.js';

/** Deleting one batch of many, as data for the many-target run; its words are the spec's. */
export const deleteOf = (confirmation: (typeof spec)['confirmation']): ManyAction => ({
  confirmation,
  doneWord: 'deleted',
  named: false,
  route: routes.deleteBatch,
  schema: BatchDeleted,
  ifAnswerLost: lostHint,
  // What the API document says a DELETE meets: 404 for a batch that is not there, 409 for one
  // not yet in a terminal status.
  look: (deps, id) =>
    lookUp(
      () => fetchChecked(deps, routes.getBatch, { params: { id } }, Batch),
      ({ data }) => ({
        status: data.status,
        ...(isTerminalBatchStatus(data.status) ? {} : { fails: `HTTP 409: status ${sanitizeField(data.status)} is not terminal` }),
      }),
      // 30 days after it was created a batch's results are gone and a read answers 410; the batch
      // is long past its 24h window, so finished, and a DELETE of it has no 410 to answer.
      (error) =>
        error.status === 410 ? { note: 'its results expired (HTTP 410 on reading it), so it is long past its 24h window' } : undefined,
    ),
});

/** The batches an input names, read the same way by this command and by its MCP tool (see `internsToSuspend`). */
export function batchesToDelete({ spec: declared, args, opts, deps }: RunContext<typeof spec>): () => Promise<Target[]> {
  const words = args.ids;
  if (words.length === 0) throw usageError("missing required argument 'id'", `see 'gwctl ${commandName(declared)} --help'`);
  if (opts.strict && !opts.dryRun)
    throw usageError(
      '--strict applies only with --dry-run',
      `add --dry-run, as in 'gwctl ${commandName(declared)} <id> --dry-run --strict'`,
    );
  return () => givenTargets(deps, declared.confirmation.noun, words);
}

export const run: RunFor<typeof spec> = async (input) => {
  const { spec: declared, args, opts, deps } = input;
  const targets = batchesToDelete(input);
  const words = args.ids;
  if (words.length === 1 && words[0] !== '-' && !opts.dryRun) return deleteOne(deps, words[0]!, opts.yes);
  await runMany(deps, deleteOf(declared.confirmation), {
    targets,
    yes: opts.yes,
    dryRun: opts.dryRun,
    strict: opts.strict,
    concurrency: opts.concurrency,
    question: async (targets) => {
      const first = sanitizeField(targets[0]!.id);
      const which = targets.length === 1 ? `batch ${first}` : `${targets.length} batches, starting with ${first},`;
      return `Delete ${which} with their stored requests and results?`;
    },
  });
};

function lostHint(id: string): string {
  return `before trying again, check with: gwctl batches get ${shellWord(id)}`;
}

/** One id as an argument: exactly as the first release did it. */
async function deleteOne(deps: Deps, id: string, yes: boolean): Promise<void> {
  await confirmOrRefuse(deps, yes, async () => `Delete batch ${sanitizeField(id)} with its stored requests and results?`);
  const { body, data } = await fetchChecked(deps, routes.deleteBatch, { params: { id }, ifAnswerLost: lostHint(id) }, BatchDeleted);
  await deps.printer.detail({ body, view: detailView(data, deletedFields, { unknown: false }) });
}

// What was deleted where: the service's own copy and the upstream provider's.
const deletedFields = fieldsOf<BatchDeleted>({
  id: { header: 'ID', value: (d) => d.id },
  service: { header: 'Service', value: (d) => status(serviceOf(d)), raw: (d) => serviceOf(d) ?? null },
  upstream_provider: {
    header: 'Upstream provider',
    value: (d) => d.deletion.upstream?.provider ?? { text: 'none assigned', tone: 'muted' },
    raw: (d) => d.deletion.upstream?.provider ?? null,
  },
  upstream_status: {
    header: 'Upstream',
    value: (d) => status(d.deletion.upstream?.status),
    raw: (d) => d.deletion.upstream?.status ?? null,
  },
});

function serviceOf(d: BatchDeleted): string | undefined {
  return d.deletion.service ?? d.deletion.openrouter;
}
