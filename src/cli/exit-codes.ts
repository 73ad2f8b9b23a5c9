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
  interrupted: 130,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** Statuses that are worth another attempt when the API does not say (contract, "Errors"). */
export const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/**
 * The status decides the exit code. `retryable` only matters for a 5xx: one the API marked
 * not retryable is an ordinary failure (1), not a transient one (7).
 */
export function exitCodeForStatus(status: number, retryable?: boolean): ExitCodeValue {
  if (status === 400 || status === 413 || status === 415) return ExitCode.usage;
  if (status === 401 || status === 403) return ExitCode.auth;
  if (status === 404 || status === 410) return ExitCode.notFound;
  if (status === 409) return ExitCode.conflict;
  if (status >= 500 && retryable === false) return ExitCode.failure;
  if (TRANSIENT_STATUSES.has(status)) return ExitCode.transient;
  return ExitCode.failure;
}
