// The JSON a write that takes several targets prints depends on how it was called: one target
// prints the API's answer as it came, several (or ids on stdin) one result per target with a
// summary (commands/shared/write-report.ts), a dry run what would happen to each
// (commands/shared/expected-outcomes.ts). Help says all three, so a --jq path is never a guess.

/** The top level of the results of several targets, as `--json` prints them. */
export const RESULTS_SHAPE = '{data: [{id, ok, exit_code, …}], summary: {requested, succeeded, failed, …}}';

/** The top level of a dry run's report, as `--json` prints it. */
export const DRY_RUN_SHAPE = '{data: [{id, name, status, expected_outcome, reason?}], summary: {requested, would_succeed, would_fail}}';

/** The shape text of a write with targets: `one` is the API's answer to one target (its schema's shape). */
export function targetsShape(one: string, several: string): string {
  return `${one} for one target; ${RESULTS_SHAPE} for ${several}; with --dry-run ${DRY_RUN_SHAPE}`;
}
