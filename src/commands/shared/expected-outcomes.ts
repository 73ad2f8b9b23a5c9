// A dry run that reads every target first (reads are all it sends) and says what the action would
// meet for each (the operation's `look`, shared/write.ts). An MCP write's preview is
// `expectOutcomes` too (cli/mcp/writes.ts): a person and an agent hear the same.
import { runBounded } from '../../core/concurrency.js';
import { GwctlError, toGwctlError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import type { NamedColumn } from '../../output/columns.js';
import type { Deps } from '../context.js';
import type { Look } from './operation.js';
import { printTargets } from './write-report.js';

export type { Look } from './operation.js';

/** What a dry run needs of an action on many targets (a `ManyAction` is one). */
export interface LookingAction {
  /** The spec's confirmation words (one home for them). */
  confirmation: { noun: string; nouns: string };
  doneWord: string;
  named: boolean;
  /** Reads one target given by id and says what the action would meet; throws what cannot be told (a 401, a 500). Without it, every target would act. */
  look?: ((deps: Deps, id: string) => Promise<Look>) | undefined;
}

/** A target as the dry run gets it: an id, with its name and status when a selector's list gave them. */
export interface DryRunTarget {
  id: string;
  name?: string;
  status?: string;
}

interface Expected {
  id: string;
  name?: string | undefined;
  status?: string | undefined;
  outcome: 'done' | 'failed';
  reason?: string | undefined;
}

/** A target read with `read`: what `seen` makes of it; a 404 means the action would fail too; `answered` may handle another error. */
export async function lookUp<T>(
  read: () => Promise<T>,
  seen: (value: T) => Look,
  answered: (error: GwctlError) => Look | undefined = () => undefined,
): Promise<Look> {
  let value: T;
  try {
    value = await read();
  } catch (error) {
    const failure = toGwctlError(error);
    if (failure.status === 404) return { fails: `HTTP 404: ${failure.message}` };
    const look = answered(failure);
    if (look === undefined) throw failure;
    return look;
  }
  return seen(value);
}

/** Reads of targets in flight at once: as many as a fleet's default concurrency. */
const READS = 4;

/** The whole dry run: one line a target and the counts; with `strict`, exit 8 when any would fail. */
export async function dryRun(deps: Deps, action: LookingAction, targets: readonly DryRunTarget[], strict: boolean): Promise<void> {
  const expected = await expectOutcomes(deps, action, targets);
  const failing = expected.filter((e) => e.outcome === 'failed').length;
  await printExpected(deps, action, expected, failing);
  if (strict && failing > 0) {
    const of = expected.length === 1 ? `the ${action.confirmation.noun}` : `${failing} of ${expected.length} ${action.confirmation.nouns}`;
    throw new GwctlError(`${of} would fail (dry run, --strict)`, ExitCode.partial);
  }
}

/** Each target's expected outcome in input order; a read that cannot tell (401, 500) ends the dry run: a guess would be a false promise. */
export async function expectOutcomes(deps: Deps, action: LookingAction, targets: readonly DryRunTarget[]): Promise<Expected[]> {
  const out: Expected[] = targets.map((t) => ({ id: t.id, name: t.name, status: t.status, outcome: 'done' }));
  const { look } = action;
  const unread = look ? out.filter((e) => e.status === undefined) : [];
  let failure: GwctlError | undefined;
  let read = 0;
  await runBounded(
    unread.length,
    READS,
    async (i) => {
      const entry = unread[i]!;
      try {
        const seen = await look!(deps, entry.id);
        entry.name = seen.name ?? entry.name;
        entry.status = seen.status;
        if (seen.fails !== undefined) Object.assign(entry, { outcome: 'failed', reason: seen.fails });
        else if (seen.note !== undefined) entry.reason = seen.note;
        read++;
      } catch (error) {
        failure ??= toGwctlError(error);
      }
    },
    () => failure !== undefined || deps.signal.aborted,
  );
  if (failure) throw failure;
  // Interrupted between reads: a target never read is no promise to print.
  if (read < unread.length) throw interruption(deps);
  return out;
}

/** Why the reads stopped: Ctrl-C (130) or SIGTERM (143), as the run was told (cli/run.ts gives the reason). */
function interruption(deps: Deps): GwctlError {
  const reason: unknown = deps.signal.reason;
  return reason instanceof GwctlError ? reason : new GwctlError('interrupted', ExitCode.interrupted);
}

const EXPECTED_WORD = { done: 'would-act', failed: 'would-fail' } as const;

async function printExpected(deps: Deps, action: LookingAction, expected: readonly Expected[], failing: number): Promise<void> {
  const data = expected.map((e) => ({
    id: e.id,
    name: e.name ?? null,
    status: e.status ?? null,
    expected_outcome: e.outcome,
    ...(e.reason === undefined ? {} : { reason: e.reason }),
  }));
  const summary = { requested: expected.length, would_succeed: expected.length - failing, would_fail: failing };
  // Piped: id, expected, reason; a terminal adds the name and status. Every column the spec
  // declares is here, so --columns takes the same names as for the results of a real run.
  const columns: NamedColumn<Expected>[] = [
    { name: 'id', header: 'ID', value: (e) => e.id },
    // The id stays: a target that was not found has nothing else to show it by.
    { name: 'name', header: 'NAME', value: (e) => e.name ?? '', flexible: true, byDefault: action.named ? 'terminal' : false },
    {
      name: 'status',
      header: 'STATUS',
      value: (e) => e.status ?? '',
      whole: true,
      byDefault: 'terminal',
      ...(action.named ? {} : { priority: 1 }),
    },
    {
      name: 'expected',
      header: 'EXPECTED',
      value: (e) => ({ text: EXPECTED_WORD[e.outcome], tone: e.outcome === 'done' ? 'good' : 'bad' }),
      whole: true,
    },
    // Why it would fail is what a person must read: whole under the table when cut.
    { name: 'reason', header: 'REASON', value: (e) => e.reason ?? '', flexible: true, spill: true },
    { name: 'result', header: 'RESULT', value: () => 'not sent (dry run)', byDefault: false },
    { name: 'exit_code', header: 'EXIT CODE', value: () => 0, byDefault: false },
  ];
  const count = (n: number): string => `${n} ${n === 1 ? action.confirmation.noun : action.confirmation.nouns}`;
  await printTargets(deps, data, summary, {
    items: expected,
    columns,
    empty: `No ${action.confirmation.nouns} to act on; nothing was changed (dry run).`,
    note: `${count(expected.length)}: ${expected.length - failing} would be ${action.doneWord}, ${failing} would fail; nothing was changed, only read (dry run).`,
  });
}
