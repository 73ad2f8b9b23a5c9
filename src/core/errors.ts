import { suggested } from './suggest.js';
import { ExitCode, exitCodeForStatus, type ExitCodeValue } from './exit-codes.js';

/** Every failure the tool reports is one of these; anything else is a bug shown as exit 1. */
export class GwctlError extends Error {
  readonly exitCode: ExitCodeValue;
  /** HTTP status, when the failure came from the API. */
  readonly status?: number;
  /** The API's `error.code` as sent (integer or string). */
  readonly code?: number | string;
  readonly reason?: string;
  readonly retryable?: boolean;
  /** A next step for the person reading the error. */
  readonly hint?: string;
  /** More about the failure for machines: extra fields of the --json error (the unfinished interns of a wait). */
  readonly details?: Readonly<Record<string, unknown>>;

  constructor(
    message: string,
    exitCode: ExitCodeValue,
    extra: {
      status?: number;
      code?: number | string;
      reason?: string;
      retryable?: boolean;
      hint?: string;
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.name = 'GwctlError';
    this.exitCode = exitCode;
    // Only what is known: an absent field stays absent from the --json error.
    if (extra.status !== undefined) this.status = extra.status;
    if (extra.code !== undefined) this.code = extra.code;
    if (extra.reason !== undefined) this.reason = extra.reason;
    if (extra.retryable !== undefined) this.retryable = extra.retryable;
    if (extra.hint !== undefined) this.hint = extra.hint;
    if (extra.details !== undefined) this.details = extra.details;
  }
}

/** The same failure (status, code, reason, exit code, hint) said with another message. */
export function reworded(error: GwctlError, message: string): GwctlError {
  const { status, code, reason, retryable, hint, details } = error;
  return new GwctlError(message, error.exitCode, { status, code, reason, retryable, hint, details: details && { ...details } });
}

/** Bad input found before anything was sent. */
export function usageError(message: string, hint?: string): GwctlError {
  return new GwctlError(message, ExitCode.usage, { hint });
}

export function cancelledError(message = 'cancelled'): GwctlError {
  return new GwctlError(message, ExitCode.cancelled);
}

/** No key for the route; `target` is the run's target options, which the login it suggests repeats (core/suggest.ts). */
export function noCredentialsError(which: 'management' | 'api', target: readonly string[] = []): GwctlError {
  const env = which === 'management' ? 'GWCTL_MANAGEMENT_KEY' : 'GWCTL_API_KEY or GWCTL_MANAGEMENT_KEY';
  const login = suggested(which === 'management' ? 'gwctl auth login' : 'gwctl auth login --api-key', target);
  return new GwctlError(`no ${which} key configured`, ExitCode.auth, {
    hint: `run '${login}' or set ${env}`,
  });
}

/** An answer from the API with an error status. */
export function apiError(
  status: number,
  message: string,
  extra: { code?: number | string; reason?: string; retryable?: boolean; hint?: string } = {},
): GwctlError {
  return new GwctlError(message, exitCodeForStatus(status, extra.retryable), { status, ...extra });
}

/** A response that could not be understood (not JSON, wrong shape, too large). */
export function responseError(message: string, status?: number): GwctlError {
  return new GwctlError(message, ExitCode.failure, { status });
}

/** Nothing usable came back: timeouts, refused or reset connections. */
export function transportError(message: string, hint?: string): GwctlError {
  return new GwctlError(message, ExitCode.transient, { hint });
}

/** The error as the contract shows it to machines: `{"status","code","message","reason","retryable",...}`. */
export function errorFields(error: GwctlError): Record<string, unknown> {
  const body: Record<string, unknown> = { status: error.status ?? null };
  if (error.code !== undefined) body.code = error.code;
  body.message = error.message;
  if (error.reason !== undefined) body.reason = error.reason;
  if (error.retryable !== undefined) body.retryable = error.retryable;
  if (error.hint !== undefined) body.hint = error.hint;
  for (const [key, value] of Object.entries(error.details ?? {})) if (!(key in body)) body[key] = value;
  return body;
}

/** Any thrown value as a GwctlError: ours as they are, anything else as an internal failure (its first line). */
export function toGwctlError(error: unknown): GwctlError {
  if (error instanceof GwctlError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new GwctlError(`internal error: ${message.split('\n')[0]}`, ExitCode.failure);
}
