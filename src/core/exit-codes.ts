// The contract's exit codes. Scripts branch on these numbers, so they never change meaning.
export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  cancelled: 3,
  auth: 4,
  notFound: 5,
  conflict: 6,
  transient: 7,
  partial: 8,
  interrupted: 130,
  terminated: 143,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** What each exit code means: `gwctl help exit-codes` and the table in docs/scripting.md say this. */
export const EXIT_CODES: readonly { code: ExitCodeValue; meaning: string }[] = [
  { code: 0, meaning: 'success (an empty list is a success)' },
  {
    code: 1,
    meaning:
      'any other failure: an unexpected or unreadable response, a 5xx the API marked not retryable, a batch that --wait saw end other than completed, a host name that does not resolve',
  },
  {
    code: 2,
    meaning: 'usage or input error found before sending (bad flag, bad id, out-of-range value, missing --yes), API 400, 413, 415',
  },
  { code: 3, meaning: 'cancelled: a confirmation was declined' },
  { code: 4, meaning: 'no credentials, API 401 or 403' },
  { code: 5, meaning: 'API 404 or 410' },
  { code: 6, meaning: 'API 409 (retryable or not, once the retries are spent)' },
  {
    code: 7,
    meaning:
      'transient failure that outlived the retries: 408, 429, 500, 502, 503, 504, a timeout, a refused or reset connection, a name server that failed for now',
  },
  { code: 8, meaning: 'an action on several targets failed for some or all of them (see the per-target results)' },
  { code: 130, meaning: 'interrupted (Ctrl-C)' },
  { code: 143, meaning: 'ended by SIGTERM (a CI runner cancelling it; a watch prints the events so far)' },
];

/** Statuses that are worth another attempt when the API does not say (contract, "Errors"). */
export const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/** The exit code for a status; a 5xx the API marked not retryable is an ordinary failure (1), not a transient one (7). */
export function exitCodeForStatus(status: number, retryable?: boolean): ExitCodeValue {
  if (status === 400 || status === 413 || status === 415) return ExitCode.usage;
  if (status === 401 || status === 403) return ExitCode.auth;
  if (status === 404 || status === 410) return ExitCode.notFound;
  if (status === 409) return ExitCode.conflict;
  if (status >= 500 && retryable === false) return ExitCode.failure;
  if (TRANSIENT_STATUSES.has(status)) return ExitCode.transient;
  return ExitCode.failure;
}
