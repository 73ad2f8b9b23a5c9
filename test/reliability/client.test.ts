// The client in-process against the scripted server, with a recorded clock: the waits it chooses
// (backoff ceilings, Retry-After, the total bound) without spending them.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, type ClientOptions } from '../../src/api/client.js';
import { describeRetryAfter, RETRY } from '../../src/api/retry.js';
import { routes } from '../../src/api/routes.js';
import { GwctlError } from '../../src/core/errors.js';
import { envelope, startServer, type ScriptedServer } from '../kit/server.js';

const KEY = 'sk-api-client-0123456789abcdef';
let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function client(options: Partial<ClientOptions> = {}) {
  const waits: number[] = [];
  const debug: string[] = [];
  let now = Date.parse('2026-10-01T12:00:00Z');
  const api = new ApiClient({
    baseUrl: server.baseUrl,
    keys: async () => ({ value: KEY }),
    timeoutMs: 2_000,
    retries: 3,
    userAgent: 'test',
    signal: new AbortController().signal,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
    now: () => now,
    random: () => 0.999,
    debug: (line) => debug.push(line),
    ...options,
  });
  return { api, waits, debug, now: () => now };
}

async function failure(promise: Promise<unknown>): Promise<GwctlError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GwctlError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('waits between attempts', () => {
  it('backoff ceilings double from 0.5 s up to 8 s (full jitter drawn at its top here)', async () => {
    server.handle(() => ({ status: 503, body: envelope(503, 'down') }));
    const { api, waits } = client({ retries: 6 });
    const error = await failure(api.call(routes.internsLs));
    expect(waits).toEqual([499, 999, 1998, 3996, 7992, 7992]);
    expect(server.requests).toHaveLength(7);
    expect(error.message).toBe('down (after 7 attempts)');
    expect(error.exitCode).toBe(7);
  });

  it('jitter can draw no wait at all', async () => {
    server.handle(() => ({ status: 500, body: envelope(500, 'x') }));
    const { api, waits } = client({ random: () => 0 });
    await failure(api.call(routes.internsLs));
    expect(waits).toEqual([0, 0, 0]);
  });

  it('Retry-After replaces the backoff, in seconds or as a date', async () => {
    const { api, waits, now } = client({ retries: 2 });
    server.handle((_req, i) => ({
      status: 429,
      headers: { 'retry-after': i === 0 ? '7' : new Date(now() + 12_000).toUTCString() },
      body: envelope(429, 'slow'),
    }));
    await failure(api.call(routes.internsLs));
    expect(waits).toEqual([7_000, 12_000]);
  });

  it('the waits of one request never add up to more than the total bound', async () => {
    server.handle(() => ({ status: 503, headers: { 'retry-after': '59' }, body: envelope(503, 'busy') }));
    const { api, waits } = client({ retries: 10 });
    const error = await failure(api.call(routes.internsLs));
    expect(waits).toEqual([59_000, 59_000]);
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(RETRY.maxTotalWaitMs);
    expect(server.requests).toHaveLength(3);
    expect(error.message).toBe('busy (after 3 attempts)');
    expect(error.hint).toBe('the server asks to wait 59s before trying again');
  });

  it('a Retry-After just over the cap is not waited for', async () => {
    server.handle(() => ({
      status: 503,
      headers: { 'retry-after': String(RETRY.maxRetryAfterMs / 1000 + 1) },
      body: envelope(503, 'later'),
    }));
    const { api, waits } = client();
    const error = await failure(api.call(routes.internsLs));
    expect(waits).toEqual([]);
    expect(error.hint).toBe('the server asks to wait 61s before trying again');
  });

  it('--debug names every attempt and every wait', async () => {
    server.handle((_req, i) => (i < 2 ? { status: 502, body: envelope(502, 'x') } : { body: { data: [], has_more: false } }));
    const { api, debug } = client();
    await api.call(routes.internsLs);
    expect(debug.filter((l) => l.startsWith('>') || l.startsWith('waiting'))).toEqual([
      `> GET ${server.baseUrl}/interns (attempt 1/4) authorization: Bearer [redacted]`,
      'waiting 499 ms before attempt 2/4',
      `> GET ${server.baseUrl}/interns (attempt 2/4) authorization: Bearer [redacted]`,
      'waiting 999 ms before attempt 3/4',
      `> GET ${server.baseUrl}/interns (attempt 3/4) authorization: Bearer [redacted]`,
    ]);
    expect(debug.join('\n')).not.toContain(KEY);
  });

  it("--debug gives each answer's size; without it, no pass over the body counts its bytes", async () => {
    const body = { data: [{ id: 'x'.repeat(100) }], has_more: false };
    server.handle(() => ({ body }));
    // What the client asks Buffer.byteLength to measure (the scripted server, in this process, measures what it sends).
    const original = Buffer.byteLength.bind(Buffer);
    const counted: unknown[] = [];
    const byteLength = vi.spyOn(Buffer, 'byteLength').mockImplementation((...args: Parameters<typeof Buffer.byteLength>) => {
      if (new Error().stack?.includes('/src/api/client.ts')) counted.push(args[0]);
      return original(...args);
    });
    try {
      const traced = client();
      await traced.api.call(routes.internsLs);
      const size = Buffer.from(JSON.stringify(body)).length;
      expect(traced.debug.some((line) => line.startsWith('< 200 in ') && line.includes(`, ${size} bytes, application/json`))).toBe(true);
      counted.length = 0;
      await client({ debug: undefined }).api.call(routes.internsLs);
      expect(counted.filter((text) => typeof text === 'string' && text.includes('"has_more"'))).toEqual([]);
    } finally {
      byteLength.mockRestore();
    }
  });
});

describe('interruption', () => {
  it('an abort during an attempt is reported as interrupted (130), not retried', async () => {
    const controller = new AbortController();
    server.handle(() => {
      setTimeout(() => controller.abort(), 20);
      return { delayMs: 1_000, body: {} };
    });
    const { api } = client({ signal: controller.signal });
    const error = await failure(api.call(routes.internsLs));
    expect(error.exitCode).toBe(130);
    expect(server.requests).toHaveLength(1);
  });
});

describe('describeRetryAfter', () => {
  const now = Date.parse('2026-10-01T12:00:00Z');
  it('words a wait for a hint; nothing when absent, unreadable or due', () => {
    expect(describeRetryAfter('120', now)).toBe('120s');
    expect(describeRetryAfter('Thu, 01 Oct 2026 13:00:00 GMT', now)).toBe('until 2026-10-01T13:00:00.000Z');
    expect(describeRetryAfter(undefined, now)).toBeUndefined();
    expect(describeRetryAfter('0', now)).toBeUndefined();
    expect(describeRetryAfter('soon', now)).toBeUndefined();
    expect(describeRetryAfter('Thu, 01 Oct 2026 11:00:00 GMT', now)).toBeUndefined();
  });
});
