// GET /batches/{id} and DELETE /batches/{id}, a batch in motion shown as of the request (data/batch-motion.ts).
// 30 days after creation GET answers 410; DELETE still deletes it (200): retention purges only the
// results, and the document gives DELETE no 410.
import { isTerminalBatchStatus } from '../../api/schemas/batch.js';
import { UPSTREAM_DELETES } from '../data/batches.js';
import { json, type Reply } from '../http.js';
import { LIMITS } from '../limits.js';
import type { Context } from '../context.js';

export function getBatch(ctx: Context): Reply {
  const batch = ctx.state.batchAt(ctx.params.id!, ctx.moment);
  if (!batch) throw ctx.fail(404);
  if (ctx.now() - batch.created_at * 1000 > LIMITS.batchRetentionMs) throw ctx.fail(410);
  return json(batch);
}

export function deleteBatch(ctx: Context): Reply {
  const id = ctx.params.id!;
  const batch = ctx.state.batchAt(id, ctx.moment);
  if (!batch) throw ctx.fail(404);
  if (!isTerminalBatchStatus(batch.status)) throw ctx.fail(409);
  ctx.state.batches.delete(id);
  const deletion: Record<string, unknown> = { service: 'deleted' };
  // Upstream cleanup is reported where a provider was assigned.
  if (batch.provider !== null) {
    deletion.upstream = { provider: batch.provider, status: UPSTREAM_DELETES.has(batch.provider) ? 'deleted' : 'unsupported' };
  }
  return json({ id, object: 'batch', deletion });
}
