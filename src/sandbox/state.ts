// Everything a request can change (suspensions, deleted batches, presets), and nothing else:
// generated data and motion are recomputed, so `reset` throws changes away and restarts the clock.
import type { Moment, PaceClock } from './clock.js';
import { batchAt, seedMovingBatches, type BatchPlan } from './data/batch-motion.js';
import { seedBatches, type Batch } from './data/batches.js';
import { seedBudgets, type WorkspaceBudget } from './data/budgets.js';
import { seedByok, type ByokCredential } from './data/byok.js';
import { statusAt, suspensionAt, viewAt, type Suspension } from './data/intern-motion.js';
import { Churn } from './data/churn.js';
import { InternCatalog, type Intern, type InternView } from './data/interns.js';
import { seedPresets, type PresetRecord } from './data/presets.js';
import { rngFor, type Rng } from './prng.js';

export interface StateOptions {
  interns: number;
  seed: number;
  /** When the sandbox started (batch times are relative to it). */
  startedMs: number;
  clock: PaceClock;
  /** About this many interns a minute (pace 1) appear, change status or disappear; 0 for none. */
  churn?: number;
}

export class SandboxState {
  readonly interns: InternCatalog;
  readonly byok: readonly ByokCredential[];
  readonly budgets: readonly WorkspaceBudget[];
  /** Suspends accepted, by intern index. */
  suspensions = new Map<number, Suspension>();
  batches = new Map<string, Batch>();
  /** How the batches in motion move, by id (a deleted batch leaves its plan behind, unused). */
  batchPlans = new Map<string, BatchPlan>();
  presets = new Map<string, PresetRecord>();
  /** Ids for presets created by requests: seeded, so the same calls give the same ids. */
  presetIds: Rng;
  /** Interns appearing, changing and disappearing with time (data/churn.ts). */
  readonly churn: Churn;

  constructor(private readonly options: StateOptions) {
    this.interns = new InternCatalog(options.interns, options.seed);
    this.churn = new Churn(this.interns, options.churn ?? 0, {
      statusAt: (i, moment) => this.statusAt(i, moment),
      forget: (i) => this.suspensions.delete(i),
    });
    this.byok = seedByok(options.seed);
    this.budgets = seedBudgets(options.seed);
    this.presetIds = rngFor(options.seed, 'preset-ids');
    this.reset();
  }

  /** Back to the seed, with motion starting again. */
  reset(): void {
    this.options.clock.restart();
    this.churn.reset();
    this.suspensions = new Map();
    this.batches = seedBatches(this.options.seed, this.options.startedMs);
    this.batchPlans = new Map();
    for (const [id, { record, plan }] of seedMovingBatches(this.options.seed, this.options.startedMs)) {
      this.batches.set(id, record);
      this.batchPlans.set(id, plan);
    }
    this.presets = seedPresets(this.options.seed);
    this.presetIds = rngFor(this.options.seed, 'preset-ids');
  }

  /** One reading of the clocks; a request takes one and shows every record as of it. */
  moment(): Moment {
    const moment = this.options.clock.read();
    // Churn due by now happens before the request looks at anything.
    this.churn.advance(moment);
    return moment;
  }

  /** Intern i exists (churn has not destroyed it). */
  isLive(i: number): boolean {
    return this.churn.isLive(i);
  }

  statusAt(i: number, moment: Moment): string {
    const suspension = this.suspensions.get(i);
    const churned = this.churn.overlay.get(i);
    if (!churned) return statusAt(this.interns, i, moment, suspension);
    return suspension && moment.elapsedMs >= suspension.stopAtMs ? 'stopped' : churned.status;
  }

  internAt(i: number, moment: Moment): Intern {
    return this.interns.record(i, this.viewOf(i, moment));
  }

  private viewOf(i: number, moment: Moment): InternView {
    const suspension = this.suspensions.get(i);
    const churned = this.churn.overlay.get(i);
    if (!churned) return viewAt(this.interns, i, moment, suspension);
    // A status churn gave holds (no motion) until a suspension stops the intern.
    const view: InternView = { status: churned.status, lifecycle: churned.status, updatedMs: moment.wallAt(churned.atMs) };
    if (suspension && moment.elapsedMs >= suspension.stopAtMs) {
      view.status = 'stopped';
      view.updatedMs = suspension.stoppedWallMs ?? moment.wallAt(suspension.stopAtMs);
    }
    return view;
  }

  /** Suspends intern i unless it is stopped or already stopping. */
  suspend(i: number, moment: Moment): void {
    if (this.suspensions.has(i) || this.statusAt(i, moment) === 'stopped') return;
    this.suspensions.set(i, suspensionAt(moment));
  }

  batchAt(id: string, moment: Moment): Batch | undefined {
    const record = this.batches.get(id);
    const plan = this.batchPlans.get(id);
    return record && plan ? batchAt(record, plan, moment) : record;
  }
}
