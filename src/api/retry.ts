// When to try again and how long to wait. Pure functions, so the policy is tested on its own.
import { TRANSIENT_STATUSES } from '../core/exit-codes.js';
import type { ErrorEnvelope } from './envelope.js';

export const RETRY = {
  /** First backoff ceiling; doubles each attempt. */
  baseDelayMs: 500,
  /** Largest backoff ceiling between two attempts. */
  maxDelayMs: 8_000,
  /** A Retry-After longer than this is not waited for: the command fails at once and says when to retry. */
  maxRetryAfterMs: 60_000,
  /** All waits of one request together never exceed this, so a run's time stays bounded. */
  maxTotalWaitMs: 120_000,
} as const;

/** What the API said about an error, as far as retrying goes. */
export type ErrorVerdict = Pick<ErrorEnvelope, 'reason' | 'retryable'> & { status: number };

/** The API's `retryable` decides; where it says nothing, the contract's list does. */
export function isRetryableStatus({ status, reason, retryable }: ErrorVerdict): boolean {
  if (retryable !== undefined) return retryable;
  if (status === 409) return reason === 'intern_busy';
  return TRANSIENT_STATUSES.has(status);
}

/** Capped exponential backoff with full jitter: a random wait up to the attempt's ceiling. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY.maxDelayMs, RETRY.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

/** Retry-After as milliseconds from now: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its day and month; anything else (such as "-1") is not one.
  const when = /[a-z]{3}/i.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(when)) return undefined;
  return Math.max(0, when - now);
}

/** A Retry-After in words for a hint ("3600s", "until 2026-11-21T13:44:33.000Z"); undefined when absent, unreadable or due. */
export function describeRetryAfter(value: string | undefined, now: number): string | undefined {
  const ms = parseRetryAfter(value, now);
  if (ms === undefined || ms <= 0) return undefined;
  const text = value!.trim();
  return /^\d+$/.test(text) ? `${Number(text)}s` : `until ${new Date(now + ms).toISOString()}`;
}

/** The wait before the next attempt: the server's Retry-After when given (it knows best), else backoff. */
export function nextDelay(attempt: number, retryAfterMs: number | undefined, random?: () => number): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  return backoffDelay(attempt, random);
}
