// Churn: about N interns a minute appear, change status or disappear on the pace clock, so a watch
// has something to show. Change k falls at a seeded time in the k-th slot of 60 s / N and is drawn
// from the seed and k; changes apply when a request reads the clock (no timers). The fixed roles
// never churn. Every change is recorded (GET /_sandbox/changes) for benchmarks to check against.
import { INTERN_STATUSES } from '../../api/vocabulary.js';
import { ValueRefused } from '../../core/options.js';
import type { Moment } from '../clock.js';
import { hash32, hashString } from '../prng.js';
import { MIN_INTERNS, type InternCatalog } from './interns.js';
import { MINUTE } from './time.js';

export const MAX_CHURN = 60_000;

/** Changes a minute as typed: a whole number from 0 (none) to MAX_CHURN; throws ValueRefused with the reason. */
export function parseChurn(text: string): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed) || Number(trimmed) > MAX_CHURN) {
    throw new ValueRefused(`must be a whole number of changes a minute from 0 (none) to ${MAX_CHURN}`);
  }
  return Number(trimmed);
}

/** One change the churn made, as the sandbox's record shows it. */
export interface ChurnRecord {
  seq: number;
  /** Wall-clock time of the change (ISO 8601). */
  at: string;
  type: 'added' | 'modified' | 'deleted';
  id: string;
  /** The new status; for `deleted`, the last one. */
  status: string;
}

/** The status churn gave an intern, since a time on the pace clock. */
export interface Churned {
  status: string;
  atMs: number;
}

export interface ChurnHooks {
  /** What intern i shows at `moment` (before this change). */
  statusAt(i: number, moment: Moment): string;
  /** Whatever a request started on intern i (a suspension) is superseded. */
  forget(i: number): void;
}

/** The records kept: the oldest go first beyond this (a long run must not grow without bound). */
const MAX_RECORDS = 200_000;
/** Tries to find an intern still there before adding one instead. */
const PROBES = 64;

export class Churn {
  /** Status given by churn, by intern index. */
  readonly overlay = new Map<number, Churned>();
  readonly destroyed = new Set<number>();
  private applied = 0;
  private records: ChurnRecord[] = [];
  private seq = 0;

  constructor(
    private readonly catalog: InternCatalog,
    readonly perMinute: number,
    private readonly hooks: ChurnHooks,
  ) {}

  reset(): void {
    this.overlay.clear();
    this.destroyed.clear();
    this.applied = 0;
    this.records = [];
    this.seq = 0;
    this.catalog.resetGrowth();
  }

  /** The changes made so far, oldest first. */
  list(): ChurnRecord[] {
    return this.records.slice();
  }

  isLive(i: number): boolean {
    return !this.destroyed.has(i);
  }

  /** Applies every change due by `moment`. */
  advance(moment: Moment): void {
    if (this.perMinute === 0 || moment.frozen) return;
    for (let at = this.timeOf(this.applied); at <= moment.elapsedMs; at = this.timeOf(this.applied)) {
      this.apply(this.applied, { elapsedMs: at, wallMs: moment.wallAt(at), frozen: false, wallAt: moment.wallAt });
      this.applied += 1;
    }
  }

  /** Pace-clock time of change k: a seeded point within its slot, so times strictly increase. */
  private timeOf(k: number): number {
    const slot = MINUTE / this.perMinute;
    return (k + (hash32(this.catalog.seed, hashString('churn-time'), k) % 1000) / 1000) * slot;
  }

  private apply(k: number, at: Moment): void {
    const h = hash32(this.catalog.seed, hashString('churn'), k);
    const roll = h % 100;
    const target = roll < 25 ? undefined : this.pickLive(hash32(h, 1));
    if (target === undefined) {
      const i = this.catalog.grow(at.wallMs);
      const status = INTERN_STATUSES[hash32(h, 2) % INTERN_STATUSES.length]!;
      this.overlay.set(i, { status, atMs: at.elapsedMs });
      this.record(at, 'added', i, status);
      return;
    }
    const current = this.hooks.statusAt(target, at);
    this.hooks.forget(target);
    if (roll < 75) {
      const others = INTERN_STATUSES.filter((s) => s !== current);
      const status = others[hash32(h, 3) % others.length]!;
      this.overlay.set(target, { status, atMs: at.elapsedMs });
      this.record(at, 'modified', target, status);
      return;
    }
    this.overlay.delete(target);
    this.destroyed.add(target);
    this.record(at, 'deleted', target, current);
  }

  /** An intern outside the fixed roles that is still there, or undefined. */
  private pickLive(h: number): number | undefined {
    const span = this.catalog.count - MIN_INTERNS;
    if (span <= 0) return undefined;
    for (let probe = 0; probe < Math.min(PROBES, span); probe++) {
      const i = MIN_INTERNS + ((h + probe) % span);
      if (!this.destroyed.has(i)) return i;
    }
    return undefined;
  }

  private record(at: Moment, type: ChurnRecord['type'], i: number, status: string): void {
    this.records.push({ seq: ++this.seq, at: new Date(at.wallMs).toISOString(), type, id: this.catalog.idAt(i), status });
    if (this.records.length > MAX_RECORDS) this.records.splice(0, this.records.length - MAX_RECORDS);
  }
}
