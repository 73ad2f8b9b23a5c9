import { routes } from '../../api/routes.js';
import { Batch, BatchDeleted, isTerminalBatchStatus } from '../../api/schemas/batch.js';
import { usageError } from '../../core/errors.js';
import { sanitizeField } from '../../core/sanitize.js';
import { commandName } from '../../core/spec.js';
import { shellWord } from '../../core/suggest.js';
import type { RunContext, RunFor } from '../context.js';
import { detailView, fieldsOf } from '../shared/detail.js';
import { lookUp } from '../shared/expected-outcomes.js';
import { fetchChecked } from '../shared/fetch.js';
import { status } from '../shared/format.js';
import { givenTargets, runWrite, writeOf } from '../shared/write.js';
import { spec } from './delete.js';

/** Deleting one batch: what the command, its fleets, its MCP tool and `gwctl api` on its route share. */
export const write = writeOf(spec, {
  doneWord: 'deleted',
  named: false,
  route: routes.batchesDelete,
  schema: BatchDeleted,
  // Deleted is an answer for this batch whose own copy is gone: not another batch's, not pending.
  unmet: (answer: Partial<BatchDeleted> | null, id) => {
    if (answer?.id !== id)
      return typeof answer?.id === 'string' ? `the answer is for batch ${sanitizeField(answer.id)}` : 'the answer names no batch';
    const service = answer.deletion?.service ?? answer.deletion?.openrouter;
    return service === 'deleted'
      ? undefined
      : `its deletion.service is ${service === undefined ? 'missing' : `"${sanitizeField(service)}"`}, not "deleted"`;
  },
  ifAnswerLost: (id) => `before trying again, check with: gwctl batches get ${shellWord(id)}`,
  // What the API document says a DELETE meets: 404 for a batch that is not there, 409 for one
  // not yet in a terminal status.
  look: (deps, id) =>
    lookUp(
      () => fetchChecked(deps, routes.batchesGet, { params: { id } }, Batch),
      ({ data }) => ({
        status: data.status,
        ...(isTerminalBatchStatus(data.status) ? {} : { fails: `HTTP 409: status ${sanitizeField(data.status)} is not terminal` }),
      }),
      // 30 days after it was created a batch's results are gone and a read answers 410; the batch
      // is long past its 24h window, so finished, and a DELETE of it has no 410 to answer.
      (error) =>
        error.status === 410 ? { note: 'its results expired (HTTP 410 on reading it), so it is long past its 24h window' } : undefined,
    ),
  targetsOf: (input) => batchesToDelete(input as RunContext<typeof spec>),
  question: async (_deps, targets, single) => {
    const first = sanitizeField(targets[0]!.id);
    if (single) return `Delete batch ${first} with its stored requests and results?`;
    const which = targets.length === 1 ? `batch ${first}` : `${targets.length} batches, starting with ${first},`;
    return `Delete ${which} with their stored requests and results?`;
  },
  one: async (deps, _target, response) => {
    await deps.printer.detail({ body: response, view: detailView(response as BatchDeleted, deletedFields, { unknown: false }) });
  },
});

/** The batches an input names, read the same way by this command and by its MCP tool. */
function batchesToDelete({ args, opts, deps }: RunContext<typeof spec>): () => Promise<{ id: string }[]> {
  const words = args.ids;
  const command = commandName(spec);
  if (words.length === 0) throw usageError("missing required argument 'id'", `see 'gwctl ${command} --help'`);
  if (opts.strict && !opts.dryRun)
    throw usageError('--strict applies only with --dry-run', `add --dry-run, as in 'gwctl ${command} <id> --dry-run --strict'`);
  return () => givenTargets(deps, spec.confirmation.noun, words);
}

export const run: RunFor<typeof spec> = (input) => runWrite(write, input);

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

/** The document calls the service's own cleanup `deletion.service`; openapi.json calls it `deletion.openrouter`. */
function serviceOf(d: BatchDeleted): string | undefined {
  return d.deletion.service ?? d.deletion.openrouter;
}
