// The sandbox's rate limit of every route (`--rate-limit N/SECONDS`, GWCTL_SANDBOX_RATE_LIMIT):
// per key, 429 in the route family's own envelope with a whole-second Retry-After, beside the
// batch routes' own limit.
import { describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { startTestSandbox } from '../kit/sandbox.js';

describe('every route rate limited per key', () => {
  it('answers 429 on any route once a key passes N in the window, in that route family envelope, with whole seconds', async () => {
    const sb = await startTestSandbox({ rateLimit: { requests: 3, windowMs: 5_000 } });
    try {
      expect((await sb.get('/interns?limit=1', 'api')).status).toBe(200);
      expect((await sb.get(`/interns/${sb.examples.intern}`, 'api')).status).toBe(200);
      expect((await sb.get(`/batches/${sb.examples.batches.completed}`, 'api')).status).toBe(200);
      const interns = await sb.get('/interns?limit=1', 'api');
      expect(interns.status).toBe(429);
      expect(interns.headers['retry-after']).toMatch(/^[1-5]$/);
      const batch = await sb.get(`/batches/${sb.examples.batches.completed}`, 'api');
      expect(batch.status).toBe(429);
      expect(batch.body).toEqual({ error: { code: 429, message: 'Rate limit exceeded.' } });
      const management = await sb.get('/byok', 'api');
      expect(management.status).toBe(429);
      expect(management.body).toEqual({ error: { code: 429, message: 'Rate limit exceeded' } });
      // The management key has a window of its own.
      expect((await sb.get('/interns?limit=1', 'management')).status).toBe(200);
      // Refused requests are not counted: the limit is about what the server did.
      expect(sb.requests().map((r) => r.status)).toEqual([200, 200, 200, 429, 429, 429, 200]);
    } finally {
      await sb.close();
    }
  });

  it('the batch routes keep their own, stricter limit', async () => {
    const sb = await startTestSandbox({ rateLimit: { requests: 10, windowMs: 60_000 }, batchRateLimit: { requests: 1, windowMs: 60_000 } });
    try {
      const path = `/batches/${sb.examples.batches.completed}`;
      expect((await sb.get(path, 'api')).status).toBe(200);
      expect((await sb.get(path, 'api')).status).toBe(429);
      expect((await sb.get('/interns?limit=1', 'api')).status).toBe(200);
    } finally {
      await sb.close();
    }
  });

  it('is off by default', async () => {
    const sb = await startTestSandbox();
    try {
      for (let i = 0; i < 20; i++) expect((await sb.get('/interns?limit=1', 'api')).status).toBe(200);
    } finally {
      await sb.close();
    }
  });
});

describe('--rate-limit and GWCTL_SANDBOX_RATE_LIMIT', () => {
  it('a malformed value is exit 2 in one line, before anything is served', async () => {
    for (const value of ['50', '50/0', 'x/1', '-1/1', '5/1/2', '']) {
      const run = await gwctl(['sandbox', '--rate-limit', value]);
      expect(run, value).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toBe(`gwctl: invalid --rate-limit ${JSON.stringify(value)}: use REQUESTS/SECONDS such as 50/1, or 0 for none\n`);
    }
    for (const args of [['sandbox'], ['--sandbox', 'interns', 'ls']]) {
      const run = await gwctl(args, { env: { GWCTL_SANDBOX_RATE_LIMIT: '50 per second' } });
      expect(run).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toBe(
        'gwctl: invalid GWCTL_SANDBOX_RATE_LIMIT "50 per second": use REQUESTS/SECONDS such as 50/1, or 0 for none\n',
      );
    }
  });

  it('--sandbox takes the limit from the variable: the second page of a listing is refused', async () => {
    const run = await gwctl(['--sandbox', 'interns', 'ls', '--all', '--limit', '1', '--retries', '0'], {
      env: { GWCTL_SANDBOX_RATE_LIMIT: '1/60' },
    });
    expect(run.code).toBe(7);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toBe('gwctl: HTTP 429: Rate limit exceeded; the server asks to wait 60s before trying again\n');
  });
});
