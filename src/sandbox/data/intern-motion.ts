// How interns move with the pace clock: `queued` wait, then provision to `running`; a suspended one
// keeps its status and reaches `stopped` STOP_AFTER_MS later (at once when frozen). Fixed roles keep
// their seeded status, but ROLE.moving, made to be watched.
import type { Moment } from '../clock.js';
import { hash32, hashString } from '../prng.js';
import { PROVISIONING_STEPS, ROLE, type InternCatalog, type InternView } from './interns.js';
import { SECOND } from './time.js';

/** From suspend to `stopped`. */
export const STOP_AFTER_MS = 3 * SECOND;
/** examples.moving_intern reaches `running` this long after the start. */
export const MOVING_INTERN_RUNNING_MS = 6 * SECOND;
/** Seeded `queued` interns start provisioning after this long (whole seconds, seeded per intern). */
export const QUEUED_FOR = { minMs: 5 * SECOND, maxMs: 40 * SECOND };
/** Provisioning takes this long, from the start (seeded `provisioning`) or from leaving the queue. */
export const PROVISIONING_FOR = { minMs: 10 * SECOND, maxMs: 60 * SECOND };

/** A suspend the sandbox accepted, on the pace clock. */
export interface Suspension {
  /** When it was accepted: the intern's own motion stops here. */
  atMs: number;
  /** When it shows `stopped`. */
  stopAtMs: number;
  /** Frozen sandboxes stop at once: the wall-clock time of the request. */
  stoppedWallMs?: number;
}

interface Lifecycle {
  status: string;
  step?: (seeded: number) => number;
  /** When the status last changed on the pace clock; undefined: seeded. */
  sinceMs?: number;
}

function seconds(range: { minMs: number; maxMs: number }, hash: number): number {
  const choices = (range.maxMs - range.minMs) / SECOND + 1;
  return range.minMs + (hash % choices) * SECOND;
}

/** When intern i starts provisioning (0: from the start) and runs, or undefined when it does not move by itself. */
export function scheduleOf(catalog: InternCatalog, i: number, base: string = catalog.baseStatus(i)) {
  if (i === ROLE.moving) return { provisioningAtMs: 0, runningAtMs: MOVING_INTERN_RUNNING_MS };
  if (catalog.isFixedRole(i)) return undefined;
  if (base !== 'queued' && base !== 'provisioning') return undefined;
  const h = hash32(catalog.seed, hashString('motion'), i);
  const provisioning = seconds(PROVISIONING_FOR, h);
  if (base === 'provisioning') return { provisioningAtMs: 0, runningAtMs: provisioning };
  const queued = seconds(QUEUED_FOR, hash32(h, 1));
  return { provisioningAtMs: queued, runningAtMs: queued + provisioning };
}

/** Where intern i's own lifecycle is at `atMs` on the pace clock. */
function lifecycleAt(catalog: InternCatalog, i: number, atMs: number): Lifecycle {
  const base = catalog.baseStatus(i);
  const schedule = scheduleOf(catalog, i, base);
  if (!schedule) return { status: base };
  const { provisioningAtMs, runningAtMs } = schedule;
  if (atMs >= runningAtMs) return { status: 'running', sinceMs: runningAtMs };
  if (atMs < provisioningAtMs) return { status: 'queued' };
  // The remaining steps share the provisioning time evenly; out of the queue it starts at step 1.
  const fraction = (atMs - provisioningAtMs) / (runningAtMs - provisioningAtMs);
  const step = (seeded: number): number => {
    const from = provisioningAtMs > 0 ? 1 : seeded;
    return Math.min(PROVISIONING_STEPS.length, from + Math.floor(fraction * (PROVISIONING_STEPS.length - from + 1)));
  };
  return provisioningAtMs > 0 ? { status: 'provisioning', step, sinceMs: provisioningAtMs } : { status: 'provisioning', step };
}

/** The status intern i shows at `moment` (cheap: listings filter a whole catalogue with it). */
export function statusAt(catalog: InternCatalog, i: number, moment: Moment, suspension: Suspension | undefined): string {
  if (suspension && moment.elapsedMs >= suspension.stopAtMs) return 'stopped';
  return lifecycleAt(catalog, i, suspension ? suspension.atMs : moment.elapsedMs).status;
}

/** Everything intern i shows at `moment` that motion or a suspension changed. */
export function viewAt(catalog: InternCatalog, i: number, moment: Moment, suspension: Suspension | undefined): InternView {
  const life = lifecycleAt(catalog, i, suspension ? suspension.atMs : moment.elapsedMs);
  const view: InternView = { status: life.status, lifecycle: life.status };
  if (life.step) view.step = life.step;
  if (life.sinceMs !== undefined) view.updatedMs = moment.wallAt(life.sinceMs);
  if (suspension && moment.elapsedMs >= suspension.stopAtMs) {
    view.status = 'stopped';
    view.updatedMs = suspension.stoppedWallMs ?? moment.wallAt(suspension.stopAtMs);
  }
  return view;
}

/** The suspension a suspend accepted at `moment` starts. */
export function suspensionAt(moment: Moment): Suspension {
  if (moment.frozen) return { atMs: moment.elapsedMs, stopAtMs: moment.elapsedMs, stoppedWallMs: moment.wallMs };
  return { atMs: moment.elapsedMs, stopAtMs: moment.elapsedMs + STOP_AFTER_MS };
}
