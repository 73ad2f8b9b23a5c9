// How batches move with the pace clock: validating, one request every `perRequestMs`, finalizing,
// completed (cancelling: cancelled). Each status's seeded example keeps its status.
import { isTerminalBatchStatus } from '../../api/schemas/batch.js';
import type { Moment } from '../clock.js';
import { batchSeed, buildBatch, type Batch, type BatchStatus, type Result, type Seed } from './batches.js';
import { MINUTE, SECOND } from './time.js';

export type MovingStatus = 'validating' | 'in_progress' | 'finalizing' | 'cancelling';

export interface BatchTimings {
  validatingMs: number;
  perRequestMs: number;
  finalizingMs: number;
  cancellingMs: number;
}

/** The timings of every batch in motion (docs/sandbox.md quotes them). */
export const BATCH_TIMINGS: BatchTimings = {
  validatingMs: 2 * SECOND,
  perRequestMs: 3 * SECOND,
  finalizingMs: 4 * SECOND,
  cancellingMs: 3 * SECOND,
};

export interface BatchPlan extends BatchTimings {
  from: MovingStatus;
  /** Requests finished at the start. */
  doneAtStart: number;
  /** Whether each request fails, in the order they finish. */
  fails: readonly boolean[];
  results: readonly Result[];
  usageAfter: readonly Record<string, unknown>[];
}

export interface BatchPhase {
  status: BatchStatus;
  /** Requests finished. */
  done: number;
  /** When it reached its terminal status, on the pace clock. */
  endedAtMs?: number;
}

/** Where a batch of `plan` is `elapsedMs` after the start. */
export function phaseAt(plan: BatchPlan, elapsedMs: number): BatchPhase {
  const total = plan.fails.length;
  if (plan.from === 'cancelling') {
    return elapsedMs >= plan.cancellingMs
      ? { status: 'cancelled', done: plan.doneAtStart, endedAtMs: plan.cancellingMs }
      : { status: 'cancelling', done: plan.doneAtStart };
  }
  let start = 0;
  let done = plan.doneAtStart;
  if (plan.from === 'validating') {
    if (elapsedMs < plan.validatingMs) return { status: 'validating', done };
    start = plan.validatingMs;
  }
  if (plan.from !== 'finalizing') {
    const end = start + (total - done) * plan.perRequestMs;
    if (elapsedMs < end) return { status: 'in_progress', done: done + Math.floor((elapsedMs - start) / plan.perRequestMs) };
    start = end;
    done = total;
  }
  const ended = start + plan.finalizingMs;
  if (elapsedMs < ended) return { status: 'finalizing', done };
  // A batch whose every request failed has failed; otherwise it completed, counting its failures.
  return { status: plan.fails.every(Boolean) ? 'failed' : 'completed', done, endedAtMs: ended };
}

/** The record of a batch in motion as `moment` sees it. */
export function batchAt(record: Batch, plan: BatchPlan, moment: Moment): Batch {
  const phase = phaseAt(plan, moment.elapsedMs);
  const finished = plan.fails.slice(0, phase.done);
  const failed = finished.filter(Boolean).length;
  const terminal = isTerminalBatchStatus(phase.status);
  return {
    ...record,
    status: phase.status,
    finalized_at: phase.endedAtMs === undefined ? null : Math.floor(moment.wallAt(phase.endedAtMs) / 1000),
    request_counts: { completed: phase.done - failed, failed, total: plan.fails.length },
    results: terminal ? plan.results.slice(0, phase.done) : null,
    usage: plan.usageAfter[phase.done],
  };
}

/** A seeded batch in motion from `from`, with the requests that will fail marked in `fails`. */
export function movingBatch(
  seed: number,
  s: Seed,
  startedMs: number,
  from: MovingStatus,
  fails: readonly boolean[],
  timings: BatchTimings = BATCH_TIMINGS,
): { record: Batch; plan: BatchPlan } {
  const built = buildBatch(seed, s, startedMs, fails);
  const plan: BatchPlan = {
    ...timings,
    from,
    doneAtStart: s.completed + s.failed,
    fails,
    results: built.results,
    usageAfter: built.usageAfter,
  };
  return { record: batchAt(built.record, plan, { wallMs: startedMs, elapsedMs: 0, frozen: true, wallAt: () => startedMs }), plan };
}

/** examples.moving_batch: one more request every 2 s, completed at 10 s, so `batches get --wait` sees it finish well within 20 s. */
const MOVING_BATCH_TIMINGS: BatchTimings = { ...BATCH_TIMINGS, perRequestMs: 2 * SECOND, finalizingMs: 2 * SECOND };
const MOVING_BATCH = batchSeed(['moving', 'in_progress'], 'OpenAI', 'openai/gpt-4o-mini', [10 * MINUTE, 0], [5, 1, 0]);
const MOVING_BATCH_FAILS = [false, false, false, true, false];

/** The batches in motion of a sandbox started at `startedMs`. */
export function seedMovingBatches(seed: number, startedMs: number): Map<string, { record: Batch; plan: BatchPlan }> {
  const moving = movingBatch(seed, MOVING_BATCH, startedMs, 'in_progress', MOVING_BATCH_FAILS, MOVING_BATCH_TIMINGS);
  return new Map([[moving.record.id, moving]]);
}
