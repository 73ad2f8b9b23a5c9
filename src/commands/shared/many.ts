// Acting on many targets: a bounded number of requests in flight, each target retried on its
// own by the client as a single command would be, one result per target in input order, and
// an exit code that never passes a failure off as success. A 401 or 403 stops the run (every
// other target would fail the same way); Ctrl-C starts nothing new and lets what is in flight
// finish. Targets never attempted are reported as untouched, so every target gets one line.
import { errorFields, GwctlError } from '../../core/errors.js';
import { ExitCode, type ExitCodeValue } from '../../core/exit-codes.js';
import type { NamedColumn } from '../../output/columns.js';
import { printBody, printList } from '../../output/print.js';
import type { Deps } from '../context.js';
import { outputMode } from './output-mode.js';
import { startProgress } from './progress.js';

export const CONCURRENCY = { min: 1, max: 16, default: 4 } as const;

export interface Target {
  id: string;
  /** Known when the targets came from a list (a selector); shown on a terminal. */
  name?: string;
}

type Outcome =
  { kind: 'ok'; response: unknown } | { kind: 'failed'; error: GwctlError } | { kind: 'untouched'; code: ExitCodeValue; why: string };

export interface ManyOptions<T extends Target> {
  deps: Deps;
  targets: readonly T[];
  concurrency: number;
  /** The command's words (`interns suspend`), for the output options' messages. */
  command: string;
  /** `intern`, `batch`: for messages. */
  noun: string;
  nouns: string;
  /** The result word of a success: `suspended`, `deleted`. */
  doneWord: string;
  /** Whether targets have names (interns do, batches not). */
  named: boolean;
  /** One target's action; its failure is that target's result. */
  act: (target: T) => Promise<unknown>;
}

/** Runs `work(i)` for i in 0..count-1, at most `concurrency` at once, starting none once `stopped()` says so. */
export async function runBounded(
  count: number,
  concurrency: number,
  work: (index: number) => Promise<void>,
  stopped: () => boolean,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count && !stopped()) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/** Acts on every target, prints one result per target, and throws for any exit code other than 0. */
export async function actOnMany<T extends Target>(options: ManyOptions<T>): Promise<void> {
  const { deps, targets } = options;
  const outcomes: (Outcome | undefined)[] = new Array(targets.length).fill(undefined);
  let stop: GwctlError | undefined;
  let done = 0;
  let failed = 0;
  const progress = deps.io.stderrIsTTY && targets.length > 0 ? await startProgress(deps, bar(0, 0, targets.length)) : undefined;
  // From here Ctrl-C only stops new requests; this function reports and ends the run.
  deps.finishOnInterrupt();
  const stopped = (): boolean => stop !== undefined || deps.interrupted.aborted || deps.signal.aborted;
  try {
    await runBounded(
      targets.length,
      options.concurrency,
      async (index) => {
        try {
          outcomes[index] = { kind: 'ok', response: await options.act(targets[index]!) };
        } catch (error) {
          const failure = asGwctlError(error);
          outcomes[index] = { kind: 'failed', error: failure };
          failed++;
          if (failure.exitCode === ExitCode.auth) stop ??= failure;
        }
        done++;
        progress?.update(bar(done, failed, targets.length));
      },
      stopped,
    );
  } finally {
    progress?.stop();
  }
  const interrupted = stop === undefined && (deps.interrupted.aborted || deps.signal.aborted);
  const untouched = outcomes.filter((o) => o === undefined).length;
  const why = stop ? `not attempted: stopped after HTTP ${stop.status ?? ''}`.trimEnd() : 'not attempted: interrupted';
  const code = stop ? ExitCode.auth : ExitCode.interrupted;
  const all: Outcome[] = outcomes.map((o) => o ?? { kind: 'untouched', code, why });
  await printResults(options, all);
  if (stop && all.length === 1) throw stop;
  if (stop && untouched === 0) {
    throw new GwctlError(
      `${stop.message}; ${failed} of ${targets.length} ${options.nouns} not ${options.doneWord}`,
      ExitCode.auth,
      withoutMessage(stop),
    );
  }
  if (stop) {
    throw new GwctlError(
      `${stop.message}; stopped with ${untouched} of ${targets.length} ${options.nouns} untouched`,
      ExitCode.auth,
      withoutMessage(stop),
    );
  }
  if (interrupted && untouched > 0) {
    throw new GwctlError(`interrupted: ${done} of ${targets.length} ${options.nouns} done, ${untouched} untouched`, ExitCode.interrupted);
  }
  if (failed === 0) return;
  const only = all.length === 1 ? all[0] : undefined;
  if (only?.kind === 'failed') throw only.error;
  throw new GwctlError(`${failed} of ${targets.length} ${options.nouns} not ${options.doneWord}`, ExitCode.partial);
}

function withoutMessage(error: GwctlError): { status?: number; code?: number | string; reason?: string; retryable?: boolean } {
  return {
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.code === undefined ? {} : { code: error.code }),
    ...(error.reason === undefined ? {} : { reason: error.reason }),
    ...(error.retryable === undefined ? {} : { retryable: error.retryable }),
  };
}

/** `[=======             ] 35/100, 2 failed` */
function bar(done: number, failed: number, total: number): string {
  const width = 20;
  const filled = total > 0 ? Math.min(width, Math.round((done / total) * width)) : 0;
  return `[${'='.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total}${failed ? `, ${failed} failed` : ''}`;
}

interface Row {
  target: Target;
  outcome: Outcome;
}

function exitCodeOf(outcome: Outcome): number {
  return outcome.kind === 'ok' ? 0 : outcome.kind === 'failed' ? outcome.error.exitCode : outcome.code;
}

function resultText(outcome: Outcome, doneWord: string): string {
  if (outcome.kind === 'ok') return doneWord;
  if (outcome.kind === 'untouched') return outcome.why;
  const e = outcome.error;
  return e.status !== undefined ? `HTTP ${e.status}: ${e.message}` : e.message;
}

async function printResults<T extends Target>(options: ManyOptions<T>, outcomes: readonly Outcome[]): Promise<void> {
  const { deps, targets } = options;
  const rows: Row[] = outcomes.map((outcome, i) => ({ target: targets[i]!, outcome }));
  const data = rows.map(({ target, outcome }) => {
    if (outcome.kind === 'ok') return { id: target.id, ok: true, exit_code: 0, response: outcome.response };
    if (outcome.kind === 'failed')
      return { id: target.id, ok: false, exit_code: outcome.error.exitCode, error: errorFields(outcome.error) };
    return { id: target.id, ok: false, exit_code: outcome.code, untouched: true, error: { status: null, message: outcome.why } };
  });
  const succeeded = outcomes.filter((o) => o.kind === 'ok').length;
  const untouched = outcomes.filter((o) => o.kind === 'untouched').length;
  const summary: Record<string, number> = { requested: targets.length, succeeded, failed: targets.length - succeeded - untouched };
  if (untouched > 0) summary.untouched = untouched;
  const mode = outputMode(deps, options.command);
  if (await printBody(mode, { data, summary }, data)) return;
  if (rows.length === 0) {
    if (deps.io.stdoutIsTTY) deps.io.err(`No ${options.nouns} to act on.\n`);
    return;
  }
  // On a terminal: id, name, result; piped: id, result, exit code (--columns picks others).
  const terminal = deps.io.stdoutIsTTY;
  const columns: NamedColumn<Row>[] = [
    { name: 'id', header: 'ID', value: ({ target }) => target.id },
    { name: 'name', header: 'NAME', value: ({ target }) => target.name ?? '', flexible: true, byDefault: terminal && options.named },
    {
      name: 'result',
      header: 'RESULT',
      value: ({ outcome }) => ({
        text: resultText(outcome, options.doneWord),
        tone: outcome.kind === 'ok' ? 'good' : outcome.kind === 'failed' ? 'bad' : 'muted',
      }),
      raw: ({ outcome }) => resultText(outcome, options.doneWord),
      flexible: true,
    },
    { name: 'exit_code', header: 'EXIT CODE', value: ({ outcome }) => exitCodeOf(outcome), byDefault: !terminal },
  ];
  await printList(mode, undefined, rows, columns);
}

/** For --dry-run: the targets, one id per line (piped), a table on a terminal, or `{"data":[{"id":…}]}`. */
export async function printTargets(deps: Deps, command: string, targets: readonly Target[], named: boolean): Promise<void> {
  const data = targets.map((t) => ({ id: t.id }));
  const mode = outputMode(deps, command);
  if (await printBody(mode, { data }, data)) return;
  const columns: NamedColumn<Target>[] = [
    { name: 'id', header: 'ID', value: (t) => t.id },
    { name: 'name', header: 'NAME', value: (t) => t.name ?? '', byDefault: deps.io.stdoutIsTTY && named },
    { name: 'result', header: 'RESULT', value: () => 'not sent (dry run)', byDefault: false },
    { name: 'exit_code', header: 'EXIT CODE', value: () => 0, byDefault: false },
  ];
  await printList(mode, undefined, targets, columns);
}

function asGwctlError(error: unknown): GwctlError {
  if (error instanceof GwctlError) return error;
  return new GwctlError(`internal error: ${error instanceof Error ? error.message : String(error)}`, ExitCode.failure);
}
