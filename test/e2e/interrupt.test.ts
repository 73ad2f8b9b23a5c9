// Interruption and closed pipes: Ctrl-C (SIGINT) or SIGTERM during a slow request or a retry wait
// ends at once with exit 130 (SIGTERM 143) and one line, and a reader that goes away (`| head -1`) stops the
// command quietly with exit 0.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { envelope } from '../kit/server.js';
import { serverForFile } from '../kit/scripted-runs.js';
import { expectNoCrash, gwctlShellCommand, spawnGwctl, testEnv, until } from '../kit/spawn.js';

const KEY = 'sk-api-interrupt-0123456789abcdef';
const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const server = serverForFile();

const slowGet = (...flags: string[]) =>
  spawnGwctl(['interns', 'get', INTERN, '--base-url', server.baseUrl, ...flags], { env: { GWCTL_API_KEY: KEY } });

describe('interruption', () => {
  it.each([
    ['SIGINT', 130, 'interrupted'],
    ['SIGTERM', 143, 'terminated'],
  ] as const)('%s during a slow request: exit %i, one line, no stack, at once', async (signal, exit, word) => {
    server.handle(() => ({ delayMs: 15_000, body: {} }));
    const run = slowGet();
    await until(() => server.requests.length === 1);
    const sent = Date.now();
    run.child.kill(signal);
    const { code } = await run.done;
    expect(Date.now() - sent).toBeLessThan(2_000);
    expect(code).toBe(exit);
    expect(run.stdout()).toBe('');
    expect(run.stderr()).toBe(`gwctl: ${word}\n`);
  });

  it('SIGINT during the wait before a retry: exit 130, no further attempt', async () => {
    server.handle(() => ({ status: 503, headers: { 'retry-after': '30' }, body: envelope(503, 'later') }));
    const run = slowGet('--debug');
    await until(() => run.stderr().includes('waiting 30000 ms before attempt 2/4'));
    run.child.kill('SIGINT');
    const { code, ms } = await run.done;
    expect(code).toBe(130);
    expect(ms).toBeLessThan(10_000);
    expect(server.requests).toHaveLength(1);
    expect(run.stderr().trimEnd().split('\n').at(-1)).toBe('gwctl: interrupted');
    expectNoCrash(run.stderr());
  });

  it('under --json the interruption is one JSON object on stderr', async () => {
    server.handle(() => ({ delayMs: 15_000, body: {} }));
    const run = slowGet('--json');
    await until(() => server.requests.length === 1);
    run.child.kill('SIGINT');
    const { code } = await run.done;
    expect(code).toBe(130);
    expect(run.stdout()).toBe('');
    expect(JSON.parse(run.stderr())).toEqual({ error: { status: null, message: 'interrupted', exit_code: 130 } });
  });

  it('SIGINT during an unsafe request says nothing more than that it was interrupted, and sends nothing again', async () => {
    server.handle(() => ({ delayMs: 15_000, body: { suspended: true } }));
    const run = spawnGwctl(['interns', 'suspend', INTERN, '--yes', '--base-url', server.baseUrl], { env: { GWCTL_API_KEY: KEY } });
    await until(() => server.requests.length === 1);
    run.child.kill('SIGINT');
    expect((await run.done).code).toBe(130);
    expect(run.stderr()).toBe('gwctl: interrupted\n');
    expect(server.requests).toHaveLength(1);
  });
});

describe('a reader that goes away', () => {
  it('closing stdout after the first line of a long --all listing stops quietly: exit 0, nothing on stderr, fast', async () => {
    // --limit 1: one request per intern, so the listing is still running when the reader leaves.
    const run = spawnGwctl(['--sandbox', 'interns', 'ls', '--all', '--limit', '1']);
    await until(() => run.stdout().includes('\n'), 10_000);
    const closed = Date.now();
    run.child.stdout.destroy();
    const { code } = await run.done;
    expect(Date.now() - closed).toBeLessThan(2_000);
    expect(code).toBe(0);
    expect(run.stderr()).toBe('');
  });

  it('the same under --json', async () => {
    const run = spawnGwctl(['--sandbox', 'interns', 'ls', '--all', '--limit', '1', '--json']);
    await until(() => run.stdout().length > 0, 10_000);
    run.child.stdout.destroy();
    const { code } = await run.done;
    expect(code).toBe(0);
    expect(run.stderr()).toBe('');
  });

  it('`gwctl --sandbox interns ls --all | head -1` prints one line and both sides exit 0', async () => {
    const script = `${gwctlShellCommand()} --sandbox interns ls --all --limit 2 | head -1; echo "exit: \${PIPESTATUS[*]}" >&2`;
    const child = spawn('bash', ['-c', script], { env: testEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const began = Date.now();
    await new Promise((resolve) => child.on('close', resolve));
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(stdout.split('\n')).toHaveLength(2);
    expect(stdout).toMatch(/^[0-9a-f-]{36}\t/);
    expect(stderr).toBe('exit: 0 0\n');
  });
});
