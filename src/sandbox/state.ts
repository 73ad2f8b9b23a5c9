// Everything a request can change, and nothing else: suspensions, deleted batches, presets.
// Generated data (interns, secrets) is recomputed from the seed on each request, and states in
// motion from the pace clock, so `reset` only has to throw changes away, seed them again and
// restart the clock.
import type { Moment, PaceClock } from './clock.js';
import { batchAt, seedMovingBatches, type BatchPlan } from './data/batch-motion.js';
import { seedBatches, type Batch } from './data/batches.js';
import { seedBudgets, type WorkspaceBudget } from './data/budgets.js';
import { seedByok, type ByokCredential } from './data/byok.js';
import { statusAt, suspensionAt, viewAt, type Suspension } from './data/intern-motion.js';
import { InternCatalog, type Intern } from './data/interns.js';
import { seedPresets, type PresetRecord } from './data/presets.js';
import { rngFor, type Rng } from './prng.js';

export interface StateOptions {
  interns: number;
  seed: number;
  /** When the sandbox started (batch times are relative to it). */
  startedMs: number;
  clock: PaceClock;
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

  constructor(private readonly options: StateOptions) {
    this.interns = new InternCatalog(options.interns, options.seed);
    this.byok = seedByok(options.seed);
    this.budgets = seedBudgets(options.seed);
    this.presetIds = rngFor(options.seed, 'preset-ids');
    this.reset();
  }

  /** Back to the seed, with motion starting again. */
  reset(): void {
    this.options.clock.restart();
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
    return this.options.clock.read();
  }

  statusAt(i: number, moment: Moment): string {
    return statusAt(this.interns, i, moment, this.suspensions.get(i));
  }

  internAt(i: number, moment: Moment): Intern {
    return this.interns.record(i, viewAt(this.interns, i, moment, this.suspensions.get(i)));
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
