// Acting on many targets: a command gives its action as data (`ManyAction`) and calls `runMany`.
// One result per target in input order (untouched ones too), an exit code that never passes a
// failure off as success; a 401/403 stops the run, Ctrl-C starts nothing new, SIGTERM waits a
// moment then reports what is in flight as unknown. The pace is the client's (api/pacing.ts).
import { NotStarted } from '../../api/pacing.js';
import type { Route } from '../../api/routes.js';
import { DEFAULT_CONCURRENCY, runBounded, type ConcurrencyChoice } from '../../core/concurrency.js';
import { errorFields, GwctlError, toGwctlError } from '../../core/errors.js';
import { ExitCode, type ExitCodeValue } from '../../core/exit-codes.js';
import { checkValue, pathIdCheck } from '../../core/options.js';
import type { NamedColumn } from '../../output/columns.js';
import type * as z from 'zod/mini';
import type { Confirmation } from '../../core/spec.js';
import type { Deps } from '../context.js';
import { fetchChecked } from './fetch.js';
import { progressBar, startProgress } from './progress.js';
import { dryRun, type LookingAction } from './expected-outcomes.js';
import { confirmOrRefuse, readIds } from './targets.js';

// The limits of --concurrency (also the fixed number of polls `interns wait` keeps in flight), and
// the bounded loop that keeps to them (its home is core/concurrency.ts, which a dry run shares).
export { CONCURRENCY, runBounded } from '../../core/concurrency.js';

/**
 * How long SIGTERM lets requests in flight finish before their answers are given up: the run
 * still reports and ends within the contract's second.
 */
const TERMINATION_GRACE_MS = 300;

export interface Target {
  id: string;
  /** Known when the targets came from a list (a selector); shown on a terminal. */
  name?: string;
  /** Known when the targets came from a list (a selector): a dry run need not read them again. */
  status?: string;
  /**
   * Why a selected target is not acted on: the server listed it although it does not match the
   * selector (an old server or a proxy that dropped the filter). Reported, never sent.
   */
  skip?: string;
}

export type Outcome =
  | { kind: 'ok'; response: unknown }
  | { kind: 'failed'; error: GwctlError }
  | { kind: 'untouched'; code: ExitCodeValue; why: string }
  | { kind: 'skipped'; why: string };

/** What a command does to each target, as data. */
export interface ManyAction {
  /**
   * The spec's confirmation, whose `noun` and `nouns` name the targets in every message (`intern
   * id` names an id read from the arguments or stdin).
   */
  confirmation: Confirmation;
  /** The result word of a success: `suspended`, `deleted`. */
  doneWord: string;
  /** Whether targets have names (interns do, batches not). */
  named: boolean;
  /** One target's request: a route whose path takes the target's `{id}`, and its answer's schema. */
  route: Route;
  schema: z.ZodMiniType;
  /** What to do when a target's request was sent but its answer lost. */
  ifAnswerLost: (id: string) => string;
  /** A target's name, read by its id (for ids given without one); undefined when it cannot be read. */
  nameOf?: (deps: Deps, id: string) => Promise<string | undefined>;
  /** For --dry-run: one target read by its id, and what the action would meet (shared/expected-outcomes.ts). */
  look: LookingAction['look'];
}

export interface ManyRun {
  /** The targets of the input (`givenTargets`), read once a refusal without a terminal is ruled out. */
  targets: () => Promise<Target[]>;
  yes: boolean;
  dryRun: boolean;
  /** With dryRun: exit 8 when any target would fail. */
  strict: boolean;
  concurrency: ConcurrencyChoice | undefined;
  /** The confirmation question for these targets. */
  question: (targets: readonly Target[]) => Promise<string>;
}

/** The whole of a many-target command: refuse early, read or select the targets, confirm, act, report. */
export async function runMany(deps: Deps, action: ManyAction, run: ManyRun): Promise<void> {
  // Refuse before anything is read or sent: without --yes and a terminal, nothing else matters.
  if (!run.dryRun && !run.yes && !deps.prompter.interactive) await confirmOrRefuse(deps, false, async () => '');
  const targets = await run.targets();
  const acting = targets.filter((t) => t.skip === undefined);
  if (run.dryRun) return dryRun(deps, action, acting, run.strict);
  await nameTargets(deps, action, acting);
  if (acting.length > 0) await confirmOrRefuse(deps, run.yes, () => run.question(acting));
  await actOnMany(deps, action, targets, run.concurrency ?? DEFAULT_CONCURRENCY);
}

/**
 * The targets of a many-target command's input, as its run and its MCP tool read them: what the
 * selector (`--status`) finds, else the ids given (`-`: stdin's), each checked before anything is sent.
 */
export async function givenTargets(
  deps: Deps,
  noun: string,
  words: readonly string[],
  select?: () => Promise<Target[]>,
): Promise<Target[]> {
  const label = `${noun} id`;
  for (const word of words) if (word !== '-') checkValue(pathIdCheck(), word, label);
  return select ? select() : (await readIds(deps, words, label)).map((id) => ({ id }));
}

/** Acts on every target, prints one result per target (`report` may take them as data instead), and throws for any exit code other than 0. */
export async function actOnMany(
  deps: Deps,
  action: ManyAction,
  targets: readonly Target[],
  concurrency: ConcurrencyChoice,
  report = (all: readonly Outcome[], throttled: number) => printResults(deps, action, targets, all, throttled),
): Promise<void> {
  const outcomes: (Outcome | undefined)[] = targets.map((t) => (t.skip === undefined ? undefined : { kind: 'skipped', why: t.skip }));
  const pending = targets.flatMap((t, index) => (t.skip === undefined ? [index] : []));
  let stop: GwctlError | undefined;
  let done = 0;
  let failed = 0;
  // No target, no client: an empty selection needs neither a key nor a base URL.
  const api = pending.length > 0 ? await deps.api() : undefined;
  api?.pacing.use(concurrency);
  const progress = deps.io.stderrIsTTY && pending.length > 0 ? await startProgress(deps, progressBar(0, pending.length)) : undefined;
  const render = (): void => {
    if (!progress || !api) return;
    const pace = api.pacing.view();
    const parts = [progressBar(done, pending.length)];
    if (failed) parts.push(`${failed} failed`);
    parts.push(`concurrency ${pace.concurrency ?? '-'}${pace.adaptive ? ' (auto)' : ''}`);
    if (pace.pausedForMs > 0) parts.push(`paused ${Math.ceil(pace.pausedForMs / 1000)}s: the server asked to wait`);
    progress.update(parts.join(', '));
  };
  render();
  const unwatch = progress ? api?.pacing.onChange(render) : undefined;
  // The pause counts down on the terminal even when no answer comes.
  const ticker = progress ? setInterval(render, 250) : undefined;
  ticker?.unref?.();
  // From here Ctrl-C only stops new requests; this function reports and ends the run.
  deps.finishOnInterrupt();
  const stopStarting = new AbortController();
  // Aborted only on SIGTERM, after the grace: what is then still in flight is given up.
  const giveUp = new AbortController();
  let grace: ReturnType<typeof setTimeout> | undefined;
  const stopNow = (): void => {
    stopStarting.abort();
    if (terminating(deps) && grace === undefined) grace = setTimeout(() => giveUp.abort(), TERMINATION_GRACE_MS);
  };
  for (const signal of [deps.interrupted, deps.signal]) {
    if (signal.aborted) stopNow();
    else signal.addEventListener('abort', stopNow, { once: true });
  }
  const stopped = (): boolean => stopStarting.signal.aborted;
  try {
    await runBounded(
      pending.length,
      api?.pacing.ceiling ?? 1,
      async (n) => {
        const index = pending[n]!;
        const { id } = targets[index]!;
        try {
          const call = { params: { id }, ifAnswerLost: action.ifAnswerLost(id), stopStarting: stopStarting.signal, signal: giveUp.signal };
          outcomes[index] = { kind: 'ok', response: (await fetchChecked(deps, action.route, call, action.schema)).body };
        } catch (error) {
          // Never sent: reported as untouched below.
          if (error instanceof NotStarted) return;
          if (giveUp.signal.aborted) {
            outcomes[index] = { kind: 'failed', error: givenUp(action, id) };
            failed++;
            return;
          }
          const failure = toGwctlError(error);
          outcomes[index] = { kind: 'failed', error: failure };
          failed++;
          if (failure.exitCode === ExitCode.auth) {
            stop ??= failure;
            stopNow();
          }
        }
        done++;
        render();
      },
      stopped,
    );
  } finally {
    clearTimeout(grace);
    for (const signal of [deps.interrupted, deps.signal]) signal.removeEventListener('abort', stopNow);
    if (ticker) clearInterval(ticker);
    unwatch?.();
    progress?.stop();
  }
  const interrupted = stop === undefined && (deps.interrupted.aborted || deps.signal.aborted);
  const untouched = outcomes.filter((o) => o === undefined).length;
  const reason = interruptionOf(deps);
  const why = stop ? `not attempted: stopped after HTTP ${stop.status ?? ''}`.trimEnd() : `not attempted: ${reason.message}`;
  const code = stop ? ExitCode.auth : reason.exitCode;
  const all: Outcome[] = outcomes.map((o) => o ?? { kind: 'untouched', code, why });
  await report(all, api?.pacing.throttled ?? 0);
  if (stop && pending.length === 1) throw stop;
  if (stop && untouched === 0) {
    throw new GwctlError(
      `${stop.message}; ${failed} of ${targets.length} ${action.confirmation.nouns} not ${action.doneWord}`,
      ExitCode.auth,
      withoutMessage(stop),
    );
  }
  if (stop) {
    throw new GwctlError(
      `${stop.message}; stopped with ${untouched} of ${targets.length} ${action.confirmation.nouns} untouched`,
      ExitCode.auth,
      withoutMessage(stop),
    );
  }
  if (interrupted && (untouched > 0 || giveUp.signal.aborted)) {
    throw new GwctlError(
      `${reason.message}: ${done} of ${targets.length} ${action.confirmation.nouns} done, ${untouched} untouched`,
      reason.exitCode,
    );
  }
  if (failed === 0) return;
  const only = pending.length === 1 ? all[pending[0]!] : undefined;
  if (only?.kind === 'failed') throw only.error;
  throw new GwctlError(`${failed} of ${targets.length} ${action.confirmation.nouns} not ${action.doneWord}`, ExitCode.partial);
}

/** Ctrl-C (130) or SIGTERM (143), as the run was interrupted (cli/run.ts gives the reason). */
function interruptionOf(deps: Deps): GwctlError {
  const reason: unknown = deps.interrupted.reason ?? deps.signal.reason;
  return reason instanceof GwctlError ? reason : new GwctlError('interrupted', ExitCode.interrupted);
}

function terminating(deps: Deps): boolean {
  return (deps.interrupted.aborted || deps.signal.aborted) && interruptionOf(deps).exitCode === ExitCode.terminated;
}

/** A target whose request was in flight when SIGTERM's grace ran out. */
function givenUp(action: ManyAction, id: string): GwctlError {
  return new GwctlError('terminated before its answer came, so its outcome is unknown', ExitCode.terminated, {
    hint: action.ifAnswerLost(id),
  });
}

function withoutMessage(error: GwctlError): { status?: number; code?: number | string; reason?: string; retryable?: boolean } {
  return {
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.code === undefined ? {} : { code: error.code }),
    ...(error.reason === undefined ? {} : { reason: error.reason }),
    ...(error.retryable === undefined ? {} : { retryable: error.retryable }),
  };
}

interface Row {
  target: Target;
  outcome: Outcome;
}

function exitCodeOf(outcome: Outcome): number {
  if (outcome.kind === 'ok' || outcome.kind === 'skipped') return 0;
  return outcome.kind === 'failed' ? outcome.error.exitCode : outcome.code;
}

function resultText(outcome: Outcome, doneWord: string): string {
  if (outcome.kind === 'ok') return doneWord;
  if (outcome.kind === 'untouched' || outcome.kind === 'skipped') return outcome.why;
  const e = outcome.error;
  return e.status !== undefined ? `HTTP ${e.status}: ${e.message}` : e.message;
}

async function printResults(
  deps: Deps,
  options: ManyAction,
  targets: readonly Target[],
  outcomes: readonly Outcome[],
  throttled: number,
): Promise<void> {
  const rows: Row[] = outcomes.map((outcome, i) => ({ target: targets[i]!, outcome }));
  const data = rows.map(({ target, outcome }) => {
    if (outcome.kind === 'ok') return { id: target.id, ok: true, exit_code: 0, response: outcome.response };
    if (outcome.kind === 'failed')
      return { id: target.id, ok: false, exit_code: outcome.error.exitCode, error: errorFields(outcome.error) };
    if (outcome.kind === 'skipped') return { id: target.id, ok: false, exit_code: 0, skipped: true, message: outcome.why };
    return { id: target.id, ok: false, exit_code: outcome.code, untouched: true, error: { status: null, message: outcome.why } };
  });
  const succeeded = outcomes.filter((o) => o.kind === 'ok').length;
  const untouched = outcomes.filter((o) => o.kind === 'untouched').length;
  const skipped = outcomes.filter((o) => o.kind === 'skipped').length;
  const summary: Record<string, number> = {
    requested: targets.length,
    succeeded,
    failed: targets.length - succeeded - untouched - skipped,
  };
  if (untouched > 0) summary.untouched = untouched;
  if (skipped > 0) summary.skipped = skipped;
  // Answers that were 429 or 503, retried or not: how hard the server pushed back.
  summary.throttled = throttled;
  // On a terminal: id, name, result; piped: id, result, exit code (--columns picks others).
  const columns: NamedColumn<Row>[] = [
    { name: 'id', header: 'ID', value: ({ target }) => target.id },
    {
      name: 'name',
      header: 'NAME',
      value: ({ target }) => target.name ?? '',
      // Cut as the result is, the wider first (a result cut is printed whole under the table):
      // the id, which names a target that has no name, is never.
      flexible: true,
      byDefault: options.named ? 'terminal' : false,
    },
    {
      name: 'result',
      header: 'RESULT',
      value: ({ outcome }) => ({
        text: resultText(outcome, options.doneWord),
        tone: outcome.kind === 'ok' ? 'good' : outcome.kind === 'failed' ? 'bad' : 'muted',
      }),
      raw: ({ outcome }) => resultText(outcome, options.doneWord),
      flexible: true,
      // A failure's reason is what a person must read: whole under the table when cut.
      spill: true,
    },
    { name: 'exit_code', header: 'EXIT CODE', value: ({ outcome }) => exitCodeOf(outcome), byDefault: 'pipe' },
    // A dry run's columns (shared/expected-outcomes.ts), so that --columns takes the same names
    // here: the status a selector listed, and why a target was not acted on.
    { name: 'status', header: 'STATUS', value: ({ target }) => target.status ?? '', byDefault: false },
    { name: 'expected', header: 'EXPECTED', value: () => '', byDefault: false },
    {
      name: 'reason',
      header: 'REASON',
      value: ({ outcome }) => (outcome.kind === 'ok' ? '' : resultText(outcome, options.doneWord)),
      byDefault: false,
    },
  ];
  await deps.printer.detail({
    body: { data, summary },
    items: data,
    view: { kind: 'rows', items: rows, columns, empty: `No ${options.confirmation.nouns} to act on.` },
  });
}

/** Whether a person will see targets' names: a terminal's results, not JSON. */
export function namesShown(deps: Deps): boolean {
  return deps.io.stdoutIsTTY && !deps.flags.json && !deps.flags.jsonl;
}

/** Reads of names in flight at once: as many as a fleet's default concurrency. */
const NAME_READS = 4;

/**
 * Names for the targets given by id, read before anything is changed, when a person will see
 * them (the NAME column of a terminal's results; the confirmation names the first from them).
 * A name that cannot be read stays unknown: the action goes on by id.
 */
async function nameTargets(deps: Deps, action: ManyAction, targets: Target[]): Promise<void> {
  const { nameOf } = action;
  const unnamed = targets.filter((t) => t.name === undefined);
  if (!nameOf || unnamed.length === 0 || !namesShown(deps)) return;
  await runBounded(
    unnamed.length,
    NAME_READS,
    async (i) => {
      const name = await nameOf(deps, unnamed[i]!.id);
      if (name !== undefined) unnamed[i]!.name = name;
    },
    () => deps.signal.aborted,
  );
}
