// Everything a request can change, and nothing else: suspensions, deleted batches, presets.
// Generated data (interns, secrets) is recomputed from the seed on each request, so `reset`
// only has to throw these away and seed them again.
import { InternCatalog, type InternOverride } from './data/interns.js';
import { seedBatches, type Batch } from './data/batches.js';
import { seedByok, type ByokCredential } from './data/byok.js';
import { seedBudgets, type WorkspaceBudget } from './data/budgets.js';
import { seedPresets, type PresetRecord } from './data/presets.js';
import { rngFor, type Rng } from './prng.js';

export interface StateOptions {
  interns: number;
  seed: number;
  /** When the sandbox started (batch times are relative to it). */
  startedMs: number;
}

export class SandboxState {
  readonly interns: InternCatalog;
  readonly byok: readonly ByokCredential[];
  readonly budgets: readonly WorkspaceBudget[];
  /** Suspended interns by index. */
  overrides = new Map<number, InternOverride>();
  batches = new Map<string, Batch>();
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

  /** Back to the seed. */
  reset(): void {
    this.overrides = new Map();
    this.batches = seedBatches(this.options.seed, this.options.startedMs);
    this.presets = seedPresets(this.options.seed);
    this.presetIds = rngFor(this.options.seed, 'preset-ids');
  }

  statusAt(i: number): string {
    return this.overrides.get(i)?.status ?? this.interns.baseStatus(i);
  }

  internAt(i: number): ReturnType<InternCatalog['record']> {
    return this.interns.record(i, this.overrides.get(i));
  }
}
