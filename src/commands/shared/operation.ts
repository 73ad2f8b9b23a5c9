// What an operation that changes something is, as data its surfaces share (shared/write.ts runs
// it): its targets, what acting on each did, and the operation itself.
import type { Route } from '../../api/routes.js';
import type { GwctlError } from '../../core/errors.js';
import type { ExitCodeValue } from '../../core/exit-codes.js';
import type { AnySpec, Confirmation } from '../../core/spec.js';
import type * as z from 'zod/mini';
import type { Deps, RunContext } from '../context.js';

/** What one read of a target says: its name and status where it has them, and why the action would fail (none: it would act). */
export interface Look {
  name?: string;
  status?: string;
  /** Why the action would fail on this target, as its result would say it (`HTTP 404: ...`). */
  fails?: string;
  /** Something worth knowing although it would act (a batch whose status cannot be read). */
  note?: string;
}

export interface Target {
  id: string;
  /** Known when the targets came from a list (a selector), or read for a person to see. */
  name?: string;
  /** Known when the targets came from a list: a dry run need not read them again. */
  status?: string;
  /** Why a selected target is not acted on (the server listed it against the selector): reported, never sent. */
  skip?: string;
}

export type Outcome =
  | { kind: 'ok'; response: unknown }
  | { kind: 'failed'; error: GwctlError }
  /** Never sent: the run stopped first (Ctrl-C, a 401). */
  | { kind: 'untouched'; code: ExitCodeValue; why: string }
  | { kind: 'skipped'; why: string }
  /** Sent, but the run gave up before its answer came (SIGTERM's grace, a second Ctrl-C). */
  | { kind: 'unknown'; error: GwctlError };

/** What an operation that changes something does to one target, as data its surfaces share. */
export interface WriteOperation {
  /** The spec's confirmation: its nouns name the targets in every message. */
  confirmation: Confirmation;
  /** The result word of a success: `suspended`, `deleted`, `created`. */
  doneWord: string;
  /** Whether targets have names (interns do, batches not). */
  named: boolean;
  /** One target's request: a route whose path takes the target's id, and its answer's schema. */
  route: Route;
  /** The route's parameter the target's id fills (`id`, `slug`). */
  param?: string;
  schema: z.ZodMiniType;
  /** Why an answer is not the change asked for (exit 1); undefined when it is. Given what the schema read, or the body as sent when it refused it. */
  unmet(answer: never, id: string): string | undefined;
  /** What to do when a target's request was sent but its answer lost. */
  ifAnswerLost(id: string): string;
  /** One target read by its id, and what the write would meet there; without it every target would act. */
  look?(deps: Deps, id: string): Promise<Look>;
  /** The input's targets: its mistakes refused at once, the targets read when the returned function is called. */
  targetsOf(input: RunContext<AnySpec>): () => Promise<Target[]>;
  /** The body every request sends, made from the input and checked before anything is sent (presets create). */
  bodyOf?(input: RunContext<AnySpec>): Promise<Record<string, unknown>>;
  /** The terminal's question before acting on these targets (`single`: the one id given as an argument). */
  question(deps: Deps, targets: readonly Target[], single: boolean): Promise<string>;
  /** What the one target given as an argument prints when done: the first release's output. */
  one(deps: Deps, target: Target, response: unknown, input: RunContext<AnySpec>): Promise<void>;
  /** A dry run of its own (presets create prints the body it would send). */
  dryRun?(deps: Deps, body: Record<string, unknown>, input: RunContext<AnySpec>): Promise<void>;
  /** Said on stderr at a terminal before the question, even with --yes (presets create: the version it makes). */
  before?(deps: Deps, body: Record<string, unknown>, input: RunContext<AnySpec>): string;
}

/** What acting on the targets did: one outcome each, in input order, and why the run stopped early. */
export interface Acted {
  outcomes: Outcome[];
  /** Answers that were 429 or 503, retried or not. */
  throttled: number;
  /** The 401 or 403 that stopped the run. */
  stop?: GwctlError;
  /** Ctrl-C or SIGTERM: Why nothing more was started. */
  interruption?: GwctlError;
}
