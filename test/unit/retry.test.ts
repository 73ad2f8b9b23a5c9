import { describe, expect, it } from 'vitest';
import { backoffDelay, isRetryableStatus, nextDelay, parseRetryAfter, RETRY } from '../../src/api/retry.js';

describe('isRetryableStatus', () => {
  it("follows the API's retryable when it is given", () => {
    expect(isRetryableStatus({ status: 500, retryable: false })).toBe(false);
    expect(isRetryableStatus({ status: 409, reason: 'intern_busy', retryable: false })).toBe(false);
    expect(isRetryableStatus({ status: 400, retryable: true })).toBe(true);
  });

  it('otherwise retries 408, 409 intern_busy, 429 and 5xx gateway errors only', () => {
    for (const status of [408, 429, 500, 502, 503, 504]) expect(isRetryableStatus({ status })).toBe(true);
    for (const status of [400, 401, 403, 404, 410, 413, 415, 501]) expect(isRetryableStatus({ status })).toBe(false);
    expect(isRetryableStatus({ status: 409, reason: 'intern_busy' })).toBe(true);
    expect(isRetryableStatus({ status: 409 })).toBe(false);
  });
});

describe('backoffDelay', () => {
  it('draws from [0, ceiling) with the ceiling doubling up to the cap', () => {
    expect(backoffDelay(1, () => 0.999)).toBe(499);
    expect(backoffDelay(2, () => 0.999)).toBe(999);
    expect(backoffDelay(3, () => 0.5)).toBe(1000);
    expect(backoffDelay(10, () => 0.999)).toBe(RETRY.maxDelayMs - 8);
    expect(backoffDelay(1, () => 0)).toBe(0);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');
  it('reads delay-seconds and HTTP dates', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
  });
});

describe('nextDelay', () => {
  it("prefers the server's Retry-After over backoff", () => {
    expect(nextDelay(1, 2500, () => 0.999)).toBe(2500);
    expect(nextDelay(1, undefined, () => 0.5)).toBe(250);
  });
});
