// The one write path. An operation that changes something declares, beside its spec, what it does
// to one target (`WriteOperation`); every surface goes through the same steps with it: the targets
// of the input, what each would meet (a dry run, an MCP preview), the confirmation, the act, the
// report. The command with one id or many (`runWrite`), the MCP write tools (cli/mcp/writes.ts)
// and `gwctl api` on a route an operation owns (its confirmation) share them. A write succeeds
// only when the answer says so (`unmet`); one target is a fleet of one.
import { NotStarted } from '../../api/pacing.js';
import { DEFAULT_CONCURRENCY, runBounded, type ConcurrencyChoice } from '../../core/concurrency.js';
import { GwctlError, toGwctlError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import { checkValue, pathIdCheck, type ArgDefs } from '../../core/options.js';
import { sanitizeField } from '../../core/sanitize.js';
import type { AnySpec, Confirmation } from '../../core/spec.js';
import type { Deps, RunContext } from '../context.js';
import { dryRun } from './expected-outcomes.js';
import type { Acted, Outcome, Target, WriteOperation } from './operation.js';
import { fetchChecked } from './fetch.js';
import { progressBar, startProgress } from './progress.js';
import { confirmOrRefuse, readIds } from './targets.js';
import { countOf, printOutcomes } from './write-report.js';

export type { Acted, Outcome, Target, WriteOperation } from './operation.js';

/** The operation of a spec that changes something: its words read from the spec when used (the spec is their one home). */
export function writeOf(spec: { readonly confirmation: Confirmation }, op: Omit<WriteOperation, 'confirmation'>): WriteOperation {
  return Object.defineProperty({ ...op }, 'confirmation', { get: () => spec.confirmation, enumerable: true }) as WriteOperation;
}

/** The options every write command has (the spec's WriteRule), and the ones fleets add. */
interface WriteOptions {
  yes?: boolean;
  dryRun?: boolean;
  strict?: boolean;
  concurrency?: ConcurrencyChoice;
}

/** The one target given as an argument (no stdin, no selector, no dry run): the first release's output and exit codes. */
export function isSingle({ spec, args, opts }: RunContext<AnySpec>): boolean {
  if ((opts as WriteOptions).dryRun) return false;
  const [key, def] = Object.entries(spec.args as ArgDefs)[0] ?? [];
  if (!def?.variadic) return true;
  const words = (args as Record<string, readonly string[]>)[key!] ?? [];
  const selected = spec.confirmation?.selectors?.some((k) => (opts as Record<string, unknown>)[k] !== undefined) === true;
  return words.length <= 1 && !words.includes('-') && !selected;
}

/** The whole of a write command: refuse early, read the targets, dry run or confirm, act, report. */
export async function runWrite(op: WriteOperation, input: RunContext<AnySpec>): Promise<void> {
  const { deps } = input;
  const opts = input.opts as WriteOptions;
  const targets = op.targetsOf(input);
  const body = op.bodyOf ? await op.bodyOf(input) : undefined;
  const single = isSingle(input);
  // Refuse before anything is read or sent: a destructive write without --yes needs a person to ask.
  if (!opts.dryRun && !opts.yes && !op.confirmation.creates && !deps.prompter.interactive)
    await confirmOrRefuse(deps, false, async () => '');
  const all = await targets();
  if (opts.dryRun) return op.dryRun && body ? op.dryRun(deps, body, input) : dryRun(deps, op, acting(all), opts.strict === true);
  if (body && op.before && deps.io.stderrIsTTY) deps.io.err(`${op.before(deps, body, input)}\n`);
  const those = acting(all);
  await nameTargets(deps, op, those);
  if (those.length > 0 && deps.prompter.interactive) await confirmOrRefuse(deps, opts.yes === true, () => op.question(deps, those, single));
  // One id as an argument is interrupted as any single request is: at once, exit 130.
  const acted = await act(deps, op, all, {
    concurrency: opts.concurrency ?? DEFAULT_CONCURRENCY,
    finish: !single,
    ...(body ? { body } : {}),
  });
  const only = single && all.length === 1 ? acted.outcomes[0] : undefined;
  if (only?.kind === 'ok') return op.one(deps, all[0]!, only.response, input);
  if (!only) await printOutcomes(deps, op, all, acted);
  const failure = failureOf(op, all, acted);
  if (failure) throw failure;
}

/** The targets a write acts on: not those a selector listed against it. */
export function acting(targets: readonly Target[]): Target[] {
  return targets.filter((t) => t.skip === undefined);
}

/**
 * The targets of an input, as its command and its MCP tool read them: what the selector finds,
 * else the ids given (`-`: stdin's), each checked before anything is sent.
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

/** Whether a person will see targets' names: a terminal's results, not JSON. */
export function namesShown(deps: Deps): boolean {
  return deps.io.stdoutIsTTY && !deps.flags.json && !deps.flags.jsonl;
}

/** Reads of names in flight at once: as many as a fleet's default concurrency. */
const NAME_READS = 4;

/**
 * Names for the targets given by id, read before anything changes when a person will see them
 * (the results' NAME column, the question). A name that cannot be read stays unknown: the write
 * goes on by id.
 */
async function nameTargets(deps: Deps, op: WriteOperation, targets: Target[]): Promise<void> {
  const unnamed = targets.filter((t) => t.name === undefined);
  if (!op.named || !op.look || unnamed.length === 0 || !namesShown(deps)) return;
  const look = op.look;
  await runBounded(
    unnamed.length,
    NAME_READS,
    async (i) => {
      const seen = await look(deps, unnamed[i]!.id).catch(() => undefined);
      if (seen?.name !== undefined) unnamed[i]!.name = seen.name;
      if (seen?.status !== undefined) unnamed[i]!.status ??= seen.status;
    },
    () => deps.signal.aborted,
  );
}

/**
 * How long SIGTERM lets requests in flight finish before their answers are given up: the run
 * still reports and ends within the contract's second. A second Ctrl-C gives them up at once.
 */
const TERMINATION_GRACE_MS = 300;

/**
 * Acts on every target not skipped, at the run's concurrency and pace: each target one request,
 * retried by the client as a single command's would be, its answer checked by the operation.
 * After Ctrl-C or a 401 nothing more is sent and what is in flight finishes (SIGTERM gives it a
 * moment, a second signal none).
 */
export async function act(
  deps: Deps,
  op: WriteOperation,
  targets: readonly Target[],
  { concurrency, body, finish = true }: { concurrency: ConcurrencyChoice; body?: Record<string, unknown>; finish?: boolean },
): Promise<Acted> {
  const outcomes: (Outcome | undefined)[] = targets.map((t) => (t.skip === undefined ? undefined : { kind: 'skipped', why: t.skip }));
  const pending = targets.flatMap((t, index) => (t.skip === undefined ? [index] : []));
  let stop: GwctlError | undefined;
  let done = 0;
  let failed = 0;
  // No target, no client: an empty selection needs neither a key nor a base URL.
  const api = pending.length > 0 ? await deps.api() : undefined;
  api?.pacing.use(concurrency);
  const progress = deps.io.stderrIsTTY && pending.length > 1 ? await startProgress(deps, progressBar(0, pending.length)) : undefined;
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
  // From here Ctrl-C only stops new requests; the report says what each target did.
  if (finish) deps.finishOnInterrupt();
  const stopStarting = new AbortController();
  // Aborted on SIGTERM after the grace, or at once on a second signal: what is in flight is given up.
  const giveUp = new AbortController();
  let grace: ReturnType<typeof setTimeout> | undefined;
  const stopNow = (): void => {
    stopStarting.abort();
    if (deps.hurry.aborted) giveUp.abort();
    else if (terminating(deps) && grace === undefined) grace = setTimeout(() => giveUp.abort(), TERMINATION_GRACE_MS);
  };
  const signals = [deps.interrupted, deps.signal, deps.hurry];
  for (const signal of signals) {
    if (signal.aborted) stopNow();
    else signal.addEventListener('abort', stopNow, { once: true });
  }
  try {
    await runBounded(
      pending.length,
      api?.pacing.ceiling ?? 1,
      async (n) => {
        const index = pending[n]!;
        const { id } = targets[index]!;
        try {
          outcomes[index] = { kind: 'ok', response: await sendOne(deps, op, id, body, stopStarting.signal, giveUp.signal) };
        } catch (error) {
          // Never sent: reported as untouched below.
          if (error instanceof NotStarted) return;
          if (giveUp.signal.aborted) {
            outcomes[index] = { kind: 'unknown', error: givenUp(deps, op, id) };
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
      () => stopStarting.signal.aborted,
    );
  } finally {
    clearTimeout(grace);
    for (const signal of signals) signal.removeEventListener('abort', stopNow);
    if (ticker) clearInterval(ticker);
    unwatch?.();
    progress?.stop();
  }
  const interruption = stop === undefined && (deps.interrupted.aborted || deps.signal.aborted) ? interruptionOf(deps) : undefined;
  const code = stop ? ExitCode.auth : (interruption?.exitCode ?? ExitCode.interrupted);
  const why = stop
    ? `not attempted: stopped after HTTP ${stop.status ?? ''}`.trimEnd()
    : `not attempted: ${interruption?.message ?? 'interrupted'}`;
  return {
    outcomes: outcomes.map((o) => o ?? { kind: 'untouched', code, why }),
    throttled: api?.pacing.throttled ?? 0,
    ...(stop ? { stop } : {}),
    ...(interruption ? { interruption } : {}),
  };
}

/** One target's request, its answer checked by the schema and then by the operation: a 2xx that did not make the change is exit 1. */
async function sendOne(
  deps: Deps,
  op: WriteOperation,
  id: string,
  body: Record<string, unknown> | undefined,
  stopStarting: AbortSignal,
  signal: AbortSignal,
): Promise<unknown> {
  const call = { params: { [op.param ?? 'id']: id }, ifAnswerLost: op.ifAnswerLost(id), stopStarting, signal, ...(body ? { body } : {}) };
  const answer = await fetchChecked(deps, op.route, call, op.schema);
  const failure = unmetAnswer(op, id, answer.body, answer.status, answer.data);
  if (failure) throw failure;
  return answer.body;
}

/**
 * The failure of a write whose answer (a 2xx) does not say the change was made (exit 1, what the
 * server said shown), or undefined when it does; `checked` is the answer as its schema read it.
 */
export function unmetAnswer(op: WriteOperation, id: string, body: unknown, status: number, checked?: unknown): GwctlError | undefined {
  // An answer its schema refuses is judged as sent (`gwctl api` checks nothing else of it).
  const why = op.unmet((checked ?? body) as never, id);
  if (why === undefined) return undefined;
  const what = `${op.confirmation.noun} ${sanitizeField(id)} was not ${op.doneWord}: ${why}; the server answered ${answerShown(body)}`;
  return new GwctlError(what, ExitCode.failure, {
    status,
    reason: 'unexpected_answer',
    hint: op.ifAnswerLost(id).replace(/^before trying again, /, ''),
  });
}

/** What the server answered, for a message: its compact JSON, made safe, cut to 200 characters. */
function answerShown(body: unknown): string {
  const text = sanitizeField(JSON.stringify(body) ?? String(body));
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** Ctrl-C (130) or SIGTERM (143), as the run was interrupted (cli/run.ts gives the reason). */
export function interruptionOf(deps: Deps): GwctlError {
  const reason: unknown = deps.interrupted.reason ?? deps.signal.reason;
  return reason instanceof GwctlError ? reason : new GwctlError('interrupted', ExitCode.interrupted);
}

function terminating(deps: Deps): boolean {
  return (deps.interrupted.aborted || deps.signal.aborted) && interruptionOf(deps).exitCode === ExitCode.terminated;
}

/** A target whose request was in flight when the run gave up waiting for its answer (SIGTERM's grace, a second signal). */
function givenUp(deps: Deps, op: WriteOperation, id: string): GwctlError {
  const why = interruptionOf(deps);
  return new GwctlError(`${why.message} before its answer came, so its outcome is unknown`, why.exitCode, { hint: op.ifAnswerLost(id) });
}

/** The run's error, when it did not do everything asked (exit 0 only when every target succeeded). */
export function failureOf(op: WriteOperation, targets: readonly Target[], acted: Acted): GwctlError | undefined {
  const { outcomes, stop, interruption } = acted;
  const nouns = op.confirmation.nouns;
  const attempted = targets.filter((t) => t.skip === undefined).length;
  const untouched = countOf(outcomes, 'untouched');
  const unknown = countOf(outcomes, 'unknown');
  const failed = countOf(outcomes, 'failed');
  if (stop && attempted === 1) return stop;
  if (stop) {
    const left =
      untouched === 0
        ? `${failed} of ${targets.length} ${nouns} not ${op.doneWord}`
        : `stopped with ${untouched} of ${targets.length} ${nouns} untouched`;
    return new GwctlError(`${stop.message}; ${left}`, ExitCode.auth, withoutMessage(stop));
  }
  if (interruption && (untouched > 0 || unknown > 0)) {
    // Done: each target whose answer came, whatever it said (the rows say which failed).
    const done = countOf(outcomes, 'ok') + failed;
    return new GwctlError(
      `${interruption.message}: ${done} of ${targets.length} ${nouns} done, ${untouched} untouched`,
      interruption.exitCode,
    );
  }
  if (failed === 0) return undefined;
  const only = attempted === 1 ? outcomes.find((o) => o.kind === 'failed') : undefined;
  if (only?.kind === 'failed') return only.error;
  return new GwctlError(`${failed} of ${targets.length} ${nouns} not ${op.doneWord}`, ExitCode.partial);
}

function withoutMessage(error: GwctlError): { status?: number; code?: number | string; reason?: string; retryable?: boolean } {
  const { status, code, reason, retryable } = error;
  return Object.fromEntries(Object.entries({ status, code, reason, retryable }).filter(([, v]) => v !== undefined));
}
