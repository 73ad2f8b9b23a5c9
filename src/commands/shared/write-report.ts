// A write's results as the command prints them: one per target in input order (a terminal table
// of id, name and result; piped id, result and exit code; --json every target's row and the
// counts). At a terminal an interrupted run lists what was done or failed, not each untouched
// target, and every run ends with one line of counts.
import { errorFields } from '../../core/errors.js';
import type { NamedColumn } from '../../output/columns.js';
import type { RowsView } from '../../output/printer.js';
import type { Deps } from '../context.js';
import type { Acted, Outcome, Target, WriteOperation } from './operation.js';

interface Row {
  target: Target;
  outcome: Outcome;
}

export async function printOutcomes(deps: Deps, op: WriteOperation, targets: readonly Target[], acted: Acted): Promise<void> {
  const { outcomes } = acted;
  const rows: Row[] = outcomes.map((outcome, i) => ({ target: targets[i]!, outcome }));
  const data = rows.map(({ target, outcome }) => rowJson(target.id, outcome));
  const succeeded = countOf(outcomes, 'ok');
  const untouched = countOf(outcomes, 'untouched');
  const skipped = countOf(outcomes, 'skipped');
  const unknown = countOf(outcomes, 'unknown');
  const summary: Record<string, number> = { requested: targets.length, succeeded, failed: countOf(outcomes, 'failed') };
  if (untouched > 0) summary.untouched = untouched;
  if (skipped > 0) summary.skipped = skipped;
  if (unknown > 0) summary.unknown = unknown;
  // Answers that were 429 or 503, retried or not: how hard the server pushed back.
  summary.throttled = acted.throttled;
  const word = op.doneWord;
  const counts = [`${succeeded} ${word}`, `${summary.failed} failed`];
  if (unknown > 0) counts.push(`${unknown} unknown`);
  if (untouched > 0) counts.push(`${untouched} untouched`);
  if (skipped > 0) counts.push(`${skipped} skipped`);
  const nouns = targets.length === 1 ? op.confirmation.noun : op.confirmation.nouns;
  await printTargets(deps, data, summary, {
    items: rows,
    // After Ctrl-C a person reads what happened, not a row for each target never touched.
    ...(untouched > 0 ? { atTerminal: rows.filter((r) => r.outcome.kind !== 'untouched') } : {}),
    columns: columnsOf(op),
    empty: `No ${op.confirmation.nouns} to act on.`,
    note: `${targets.length} ${nouns}: ${counts.join(', ')}.`,
  });
}

/** Targets one row each: under --json their rows and the counts, at a terminal or in a pipe the view (a dry run's too). */
export function printTargets<T>(deps: Deps, data: readonly unknown[], summary: object, view: Omit<RowsView<T>, 'kind'>): Promise<void> {
  return deps.printer.detail({ body: { data, summary }, items: data, view: { kind: 'rows', ...view } });
}

/** One target's row under --json. */
function rowJson(id: string, outcome: Outcome): Record<string, unknown> {
  switch (outcome.kind) {
    case 'ok':
      return { id, ok: true, exit_code: 0, response: outcome.response };
    case 'failed':
      return { id, ok: false, exit_code: outcome.error.exitCode, error: errorFields(outcome.error) };
    case 'unknown':
      return { id, ok: false, exit_code: outcome.error.exitCode, unknown: true, error: errorFields(outcome.error) };
    case 'skipped':
      return { id, ok: false, exit_code: 0, skipped: true, message: outcome.why };
    case 'untouched':
      return { id, ok: false, exit_code: outcome.code, untouched: true, error: { status: null, message: outcome.why } };
  }
}

function exitCodeOf(outcome: Outcome): number {
  if (outcome.kind === 'ok' || outcome.kind === 'skipped') return 0;
  return outcome.kind === 'untouched' ? outcome.code : outcome.error.exitCode;
}

function resultText(outcome: Outcome, doneWord: string): string {
  if (outcome.kind === 'ok') return doneWord;
  if (outcome.kind === 'untouched' || outcome.kind === 'skipped') return outcome.why;
  const e = outcome.error;
  return e.status !== undefined && e.reason !== 'unexpected_answer' ? `HTTP ${e.status}: ${e.message}` : e.message;
}

/** On a terminal: id, name, result; piped: id, result, exit code (--columns picks others, a dry run's names too). */
function columnsOf(op: WriteOperation): NamedColumn<Row>[] {
  const result = ({ outcome }: Row): string => resultText(outcome, op.doneWord);
  return [
    { name: 'id', header: 'ID', value: ({ target }) => target.id, key: true },
    {
      name: 'name',
      header: 'NAME',
      value: ({ target }) => target.name ?? '',
      // Cut as the result is, the wider first (a result cut is printed whole under the table):
      // the id, which names a target that has no name, is never.
      flexible: true,
      byDefault: op.named ? 'terminal' : false,
    },
    {
      name: 'result',
      header: 'RESULT',
      value: (row) => ({ text: result(row), tone: row.outcome.kind === 'ok' ? 'good' : row.outcome.kind === 'failed' ? 'bad' : 'muted' }),
      raw: result,
      flexible: true,
      // A failure's reason is what a person must read: whole under the table when cut.
      spill: true,
    },
    { name: 'exit_code', header: 'EXIT CODE', value: ({ outcome }) => exitCodeOf(outcome), byDefault: 'pipe' },
    // A dry run's columns (shared/expected-outcomes.ts), so that --columns takes the same names here.
    { name: 'status', header: 'STATUS', value: ({ target }) => target.status ?? '', byDefault: false },
    { name: 'expected', header: 'EXPECTED', value: () => '', byDefault: false },
    { name: 'reason', header: 'REASON', value: (row) => (row.outcome.kind === 'ok' ? '' : result(row)), byDefault: false },
  ];
}

/** How many targets an outcome kind has. */
export function countOf(outcomes: readonly Outcome[], kind: Outcome['kind']): number {
  return outcomes.filter((o) => o.kind === kind).length;
}
