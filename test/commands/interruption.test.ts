// Interruption and a reader that goes away, in-process: the host's abort signal behaves like
// Ctrl-C (exit 130, one line, nothing sent again), and a stdout that closes mid-listing stops the
// command quietly with exit 0. (The same with real signals and pipes: test/e2e/interrupt.test.ts.)
import { describe, expect, it } from 'vitest';
import { gwctl, type Clock } from '../kit/cli.js';
import { envelope } from '../kit/server.js';
import { serverForFile } from '../kit/scripted-runs.js';
import { until } from '../kit/spawn.js';

const KEY = 'sk-api-interrupt-0123456789abcdef';
const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const server = serverForFile();

describe('the host aborts the run', () => {
  it('during a slow request: exit 130, one line', async () => {
    server.handle(() => ({ delayMs: 15_000, body: {} }));
    const interruption = new AbortController();
    const running = gwctl(['interns', 'get', INTERN, '--base-url', server.baseUrl], {
      env: { GWCTL_API_KEY: KEY },
      signal: interruption.signal,
    });
    await until(() => server.requests.length === 1);
    const sent = Date.now();
    interruption.abort();
    const r = await running;
    expect(Date.now() - sent).toBeLessThan(2_000);
    expect(r).toMatchObject({ code: 130, stdout: '', stderr: 'gwctl: interrupted\n' });
  });

  it('during the wait before a retry: exit 130, no further attempt; one JSON object under --json', async () => {
    server.handle(() => ({ status: 503, headers: { 'retry-after': '30' }, body: envelope(503, 'later') }));
    const interruption = new AbortController();
    // A clock whose waits last until the run is interrupted, and which says when one begins.
    const waits: number[] = [];
    const clock: Clock = {
      now: () => Date.now(),
      sleep: (ms, signal) => {
        waits.push(ms);
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
      },
    };
    const running = gwctl(['interns', 'get', INTERN, '--base-url', server.baseUrl, '--json'], {
      env: { GWCTL_API_KEY: KEY },
      signal: interruption.signal,
      clock,
    });
    await until(() => waits.length === 1);
    expect(waits).toEqual([30_000]);
    interruption.abort();
    const r = await running;
    expect(r.code).toBe(130);
    expect(server.requests).toHaveLength(1);
    expect(JSON.parse(r.stderr)).toEqual({ error: { status: null, message: 'interrupted', exit_code: 130 } });
  });
  it('before the run starts: exit 130, nothing sent, no unhandled failure', async () => {
    const interruption = new AbortController();
    interruption.abort();
    const r = await gwctl(['interns', 'get', INTERN, '--base-url', server.baseUrl], {
      env: { GWCTL_API_KEY: KEY },
      signal: interruption.signal,
    });
    expect(r).toMatchObject({ code: 130, stdout: '', stderr: 'gwctl: interrupted\n' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('a reader that goes away', () => {
  it('stdout closed after the first line of a long --all listing: exit 0, nothing on stderr', async () => {
    const r = await gwctl(['--sandbox', 'interns', 'ls', '--all', '--limit', '1'], {
      onStdout: (_chunk, stdout) => stdout.destroy(),
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')[0]).toMatch(/^[0-9a-f-]{36}\t/);
  });
});
