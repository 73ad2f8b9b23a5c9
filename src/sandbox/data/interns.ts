// Interns as a pure function of their index (the highest the newest), computed when asked for, so
// a catalogue of 100000 costs nothing; only what requests change is kept, in SandboxState. The nine
// oldest have fixed roles (the examples the banner and tests name); the rest draw a seeded status.
// How statuses move with time: intern-motion.ts.
import { UUID } from '../../core/patterns.js';
import { INTERN_STATUSES } from '../../api/vocabulary.js';
import { hash32, hashString, rngFor } from '../prng.js';
import { ANCHOR_MS, HOUR, MINUTE, iso } from './time.js';
import { PRODUCTION } from './workspaces.js';

export type InternStatus = (typeof INTERN_STATUSES)[number];

/** An intern as the sandbox serves it. */
export type Intern = ReturnType<InternCatalog['record']>;

/** What an intern shows at the moment of the request, as motion and suspensions make it. */
export interface InternView {
  /** The status shown. */
  status: string;
  /** The status its own lifecycle has reached (before a suspension holds or stops it): hostname and vault follow it. */
  lifecycle: string;
  /** The provisioning step reached, given the seeded one; undefined: the seeded one. */
  step?: (seeded: number) => number;
  /** When the status or step last changed (wall-clock ms); undefined: the seeded time. */
  updatedMs?: number;
}

/** Indices with fixed roles; all catalogues have at least these. */
export const ROLE = {
  awaitingInstall: 0,
  queued: 1,
  /** Busy: suspend answers 409 intern_busy. */
  provisioning: 2,
  /** The intern whose own key is DEMO_KEYS.intern; it has more than one page of secrets. */
  own: 3,
  failed: 4,
  stopped: 5,
  /** Busy as well. */
  destroying: 6,
  destroyFailed: 7,
  /** Provisioning at the start, running a few seconds later (pace 1): examples.moving_intern. */
  moving: 8,
} as const;

export const MIN_INTERNS = 9;
export const MAX_INTERNS = 1_000_000;
export const DEFAULT_INTERNS = 300;

const FIXED: readonly { name: string; status: InternStatus }[] = [
  { name: 'chat-onboarder', status: 'awaiting_chat_install' },
  { name: 'queue-watcher', status: 'queued' },
  { name: 'infra-provisioner', status: 'provisioning' },
  { name: 'research-assistant', status: 'running' },
  { name: 'release-auditor', status: 'failed' },
  { name: 'weekend-summariser', status: 'stopped' },
  { name: 'retired-scraper', status: 'destroying' },
  { name: 'stuck-decommission', status: 'destroy_failed' },
  { name: 'fleet-provisioner', status: 'provisioning' },
];

/** Mostly running, every status present in a few hundred. */
const WEIGHTED: readonly [InternStatus, number][] = [
  ['running', 55],
  ['stopped', 12],
  ['failed', 8],
  ['provisioning', 6],
  ['queued', 5],
  ['awaiting_chat_install', 5],
  ['destroying', 5],
  ['destroy_failed', 4],
];
const WEIGHT_TOTAL = WEIGHTED.reduce((sum, [, w]) => sum + w, 0);

const ADJECTIVES = [
  'brisk',
  'calm',
  'clever',
  'eager',
  'gentle',
  'keen',
  'lucid',
  'nimble',
  'quiet',
  'steady',
  'swift',
  'tidy',
  'witty',
  'bold',
  'merry',
  'sunny',
];
const ROLES = [
  'researcher',
  'scribe',
  'triager',
  'reviewer',
  'scout',
  'analyst',
  'planner',
  'tester',
  'helper',
  'curator',
  'builder',
  'auditor',
];
/** Names that are not ASCII, so that tables and widths get tested. */
const UNICODE_NAMES = [
  'Zoë-researcher',
  'café-scout',
  'naïve-planner',
  'Ærøskøbing-helper',
  '研究助手',
  'проверяющий',
  'mañana-triager',
  'señal-analyst',
  'Straße-curator',
  'δοκιμαστής',
];
const DESCRIPTIONS = [
  'Researches customer questions',
  'Summarises the weekly incident reports',
  'Triages new issues and labels them',
  'Reviews pull requests for style and tests',
  'Keeps the changelog up to date',
  'Answers questions about the billing API',
  'Drafts release notes from merged changes',
  'Watches dashboards and reports anomalies',
];
const INSTRUCTIONS = [
  'Be concise. Cite the source of every claim.',
  'Never merge anything; open a draft and ask for review.',
  'Reply in the language of the question.',
  'Escalate anything about payments to a person.',
  'Work only inside the repository you were given.',
];
const MODELS = [
  'openai/gpt-5.4',
  'anthropic/claude-4.6-sonnet',
  'google/gemini-3-pro',
  'mistralai/mistral-large-2',
  'meta-llama/llama-4-maverick',
  'deepseek/deepseek-v3.2',
];
const FAILURES = [
  'Provisioning timed out waiting for the runtime to report healthy',
  'Image pull failed: manifest unknown',
  'No runtime capacity in the region; try again later',
  'The chat app installation was revoked during provisioning',
  'Disk mount failed: volume is attached to another runtime',
];
export const PROVISIONING_STEPS = ['Allocating a runtime', 'Pulling the image', 'Mounting the disk', 'Starting the agent'];

const NO_VAULT: ReadonlySet<string> = new Set(['awaiting_chat_install', 'queued']);
const NO_HOSTNAME: ReadonlySet<string> = new Set(['awaiting_chat_install', 'queued']);

export class InternCatalog {
  /** The seeded mask of the permutation that puts the index into the last eight hex digits of an id. */
  private readonly idMask: number;
  /** Interns added after the start (churn), with their creation times (wall-clock ms) by index. */
  private readonly born = new Map<number, number>();

  constructor(
    /** How many the seed made; later ones were added by churn. */
    readonly seededCount: number,
    readonly seed: number,
  ) {
    this.idMask = hash32(seed, hashString('id-mask'));
  }

  /** Every intern there ever was: seeded, then added (an index is never reused). */
  get count(): number {
    return this.seededCount + this.born.size;
  }

  /** A new intern, created at `wallMs`: its index (the newest). */
  grow(wallMs: number): number {
    const i = this.count;
    this.born.set(i, wallMs);
    return i;
  }

  /** Back to the seeded interns only. */
  resetGrowth(): void {
    this.born.clear();
  }

  /** The fixed roles keep their seeded status (apart from ROLE.moving): they are the documented examples. */
  isFixedRole(i: number): boolean {
    return i < FIXED.length;
  }

  /** The status the seed gives intern i (before motion and suspensions). */
  baseStatus(i: number): InternStatus {
    const fixed = FIXED[i];
    if (fixed) return fixed.status;
    let roll = hash32(this.seed, hashString('status'), i) % WEIGHT_TOTAL;
    for (const [status, weight] of WEIGHTED) {
      if (roll < weight) return status;
      roll -= weight;
    }
    return 'running';
  }

  /** Intern i's id: seeded noise, then i through a seeded 32-bit permutation, so it leads back to i while neighbours differ. */
  idAt(i: number): string {
    const r = rngFor(this.seed, 'intern-id', i);
    const h = r.hex(24);
    const variant = ((parseInt(h[15]!, 16) & 0x3) | 0x8).toString(16);
    const low = scramble(i, this.idMask).toString(16).padStart(8, '0');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(12, 15)}-${variant}${h.slice(16, 19)}-${h.slice(20, 24)}${low}`;
  }

  /** The index of an id, or undefined when no intern of this catalogue has it. */
  indexOf(id: string): number | undefined {
    const lower = id.toLowerCase();
    if (!UUID.test(lower)) return undefined;
    const index = unscramble(parseInt(lower.slice(-8), 16), this.idMask);
    if (index >= this.count) return undefined;
    return this.idAt(index) === lower ? index : undefined;
  }

  createdMs(i: number): number {
    const born = this.born.get(i);
    if (born !== undefined) return born;
    // 53 minutes apart with under 50 minutes of jitter: strictly increasing with i.
    const jitter = (hash32(this.seed, hashString('created'), i) % 3000) * 1000;
    return ANCHOR_MS - (this.seededCount - 1 - i) * 53 * MINUTE - jitter;
  }

  /** The vault of intern i as seeded (interns queued at the start have none yet). */
  vaultIdAt(i: number): string | null {
    if (NO_VAULT.has(this.baseStatus(i))) return null;
    return this.vaultUuid(i);
  }

  private vaultUuid(i: number): string {
    return rngFor(this.seed, 'vault', i).uuid();
  }

  record(i: number, view?: InternView) {
    const r = rngFor(this.seed, 'intern', i);
    const base = view?.lifecycle ?? this.baseStatus(i);
    const status = view?.status ?? base;
    const fixed = FIXED[i];
    const unicode = !fixed && i % 13 === 6;
    const number = String(i).padStart(4, '0');
    const name = fixed ? fixed.name : unicode ? `${r.pick(UNICODE_NAMES)}-${number}` : `${r.pick(ADJECTIVES)}-${r.pick(ROLES)}-${number}`;
    const host = unicode ? `intern-${number}` : name;
    const created = this.createdMs(i);
    const updated = created + r.int(0, 72) * HOUR + r.int(0, 59) * MINUTE;
    // Drawn even when motion decides the step, so that every later draw stays the seeded one.
    const seededStep = r.int(1, PROVISIONING_STEPS.length);
    const provisioningStep = view?.step ? view.step(seededStep) : seededStep;

    let description: string | null = i % 5 === 2 ? null : r.pick(DESCRIPTIONS);
    // One description carries terminal escapes: a client must show them, not obey them.
    if (i === 10) description = 'Colours its replies: \u001b[31mred\u001b[0m alerts and \u001b]0;title\u0007 titles';
    const hasHostname = !NO_HOSTNAME.has(base) && !(base === 'provisioning' && provisioningStep < 3);
    const vault = NO_VAULT.has(base) ? null : this.vaultUuid(i);
    const borrowed = vault !== null && i > 0 && i % 11 === 5 ? this.vaultIdAt(i - 1) : null;

    return {
      id: this.idAt(i),
      name,
      description,
      instructions: i % 3 === 0 ? null : r.pick(INSTRUCTIONS),
      // Every seventh runs the workspace default model.
      model: i % 7 === 3 ? null : r.pick(MODELS),
      status,
      hostname: hasHostname ? `${host}.interns.sandbox.example` : null,
      progress: progressFor(status, provisioningStep),
      last_failure_message: status === 'failed' ? r.pick(FAILURES) : null,
      vault_id: vault,
      attached_vault_id: borrowed,
      workspace_id: PRODUCTION.id,
      created_at: iso(created),
      updated_at: iso(view?.updatedMs ?? updated),
    };
  }
}

// An invertible mix of 32-bit numbers: xor, multiply by an odd constant, xorshift. Each step
// has an inverse, so unscramble(scramble(i)) === i.
const MUL = 0x2c1b3c6d;
const MUL_INVERSE = inverseOdd(MUL);

function inverseOdd(a: number): number {
  // Newton's iteration for the inverse modulo 2^32; five rounds give all 32 bits.
  let x = a;
  for (let k = 0; k < 5; k++) x = Math.imul(x, 2 - Math.imul(a, x));
  return x >>> 0;
}

function scramble(i: number, mask: number): number {
  let x = (i ^ mask) >>> 0;
  x = Math.imul(x, MUL) >>> 0;
  x = (x ^ (x >>> 16)) >>> 0;
  return x;
}

function unscramble(y: number, mask: number): number {
  let x = (y ^ (y >>> 16)) >>> 0;
  x = Math.imul(x, MUL_INVERSE) >>> 0;
  return (x ^ mask) >>> 0;
}

function progressFor(status: string, step: number): { step_label: string; step_number: number; total_steps: number } | null {
  const total = PROVISIONING_STEPS.length + 1;
  if (status === 'awaiting_chat_install')
    return { step_label: 'Waiting for the chat app to be installed', step_number: 1, total_steps: total };
  if (status === 'queued') return { step_label: 'Queued for a runtime', step_number: 1, total_steps: total };
  if (status === 'provisioning') return { step_label: PROVISIONING_STEPS[step - 1]!, step_number: step + 1, total_steps: total };
  return null;
}
