// `gwctl sandbox` as a user runs it: the built binary in a child process, serving until a signal.
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../src/sandbox/keys.js';
import { runGwctl, spawnGwctl, until } from '../kit/spawn.js';

interface Started {
  child: ChildProcess;
  firstLine: string;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function start(args: string[], env: Record<string, string | undefined> = {}): Promise<Started> {
  const run = spawnGwctl(args, { timeoutMs: 60_000, env });
  children.push(run.child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line; stderr: ${run.stderr()}`)), 10_000);
    run.child.stdout.on('data', () => {
      const out = run.stdout();
      const newline = out.indexOf('\n');
      if (newline >= 0) {
        clearTimeout(timer);
        resolve({ child: run.child, firstLine: out.slice(0, newline), stdout: run.stdout, stderr: run.stderr, exit: run.done });
      }
    });
    run.done.then(() => reject(new Error(`exited before ready; stderr: ${run.stderr()}`)), reject);
  });
}

describe('gwctl sandbox', () => {
  it('prints its demo keys whole, even with the demo keys in the environment', async () => {
    const demo = DEMO_KEYS;
    const env = { GWCTL_MANAGEMENT_KEY: demo.management, GWCTL_API_KEY: demo.api };
    const s = await start(['sandbox', '--port', '0', '--json'], env);
    expect(JSON.parse(s.firstLine).keys).toEqual(demo);
    s.child.kill('SIGTERM');
    await s.exit;
    const text = await start(['sandbox', '--port', '0'], env);
    await until(() => text.stdout().includes(demo.intern));
    for (const key of Object.values(demo)) expect(text.stdout()).toContain(key);
    text.child.kill('SIGTERM');
    await text.exit;
  });

  it('--port 0 --json prints exactly one JSON line, serves the demo keys, and exits 143 on SIGTERM', async () => {
    const s = await start(['sandbox', '--port', '0', '--json']);
    const ready = JSON.parse(s.firstLine);
    expect(Object.keys(ready)).toEqual(['base_url', 'keys', 'examples']);
    expect(ready.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(Object.keys(ready.keys)).toEqual(['management', 'api', 'outsider', 'intern']);
    for (const key of Object.values(ready.keys)) expect((key as string).length).toBeGreaterThanOrEqual(16);
    for (const field of ['intern', 'private_endpoint', 'workspace', 'workspace_slug', 'tool', 'tool_alias', 'preset_slug', 'batches'])
      expect(ready.examples, field).toHaveProperty(field);
    expect(Object.keys(ready.examples.batches).sort()).toEqual([
      'cancelled',
      'cancelling',
      'completed',
      'expired',
      'failed',
      'finalizing',
      'in_progress',
      'retention_expired',
      'validating',
    ]);

    const own = await fetch(`${ready.base_url}/interns/${ready.examples.intern}`, {
      headers: { authorization: `Bearer ${ready.keys.intern}` },
    });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { id: string }).id).toBe(ready.examples.intern);
    const list = await fetch(`${ready.base_url}/interns?limit=3`, { headers: { authorization: `Bearer ${ready.keys.management}` } });
    expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(3);
    const expired = await fetch(`${ready.base_url}/batches/${ready.examples.batches.retention_expired}`, {
      headers: { authorization: `Bearer ${ready.keys.api}` },
    });
    expect(expired.status).toBe(410);
    const budgets = await fetch(`${ready.base_url}/workspaces/${ready.examples.workspace_slug}/budgets`, {
      headers: { authorization: `Bearer ${ready.keys.api}` },
    });
    expect(budgets.status).toBe(403);

    s.child.kill('SIGTERM');
    const { code } = await s.exit;
    expect(code).toBe(143);
    expect(s.stdout()).toBe(`${s.firstLine}\n`);
    await expect(fetch(`${ready.base_url}/interns`)).rejects.toThrow();
  });

  it('prints a summary for people without --json, and stops on SIGINT', async () => {
    // Without the test kit's frozen default: the sandbox's own default pace.
    const s = await start(['sandbox', '--port', '0'], { GWCTL_SANDBOX_PACE: undefined });
    await new Promise((r) => setTimeout(r, 200));
    const text = s.stdout();
    const base = /Sandbox API at (http:\/\/127\.0\.0\.1:\d+\/api\/v1)/.exec(text)?.[1];
    expect(base).toBeDefined();
    for (const key of ['gw-sandbox-key-management', 'gw-sandbox-key-api', 'gw-sandbox-key-outsider', 'gw-sandbox-key-intern'])
      expect(text).toContain(key);
    expect(text).toContain(`curl -H 'Authorization: Bearer gw-sandbox-key-management' ${base}/interns`);
    expect(text).toContain('batch retention_expired');
    expect(text).toContain('Ctrl-C to stop; time runs at pace 1: real time)');
    expect(text).toMatch(/\n {2}moving intern {12}46e36ba3-9a2b-4591-9ca1-fc6fb3d2afdc \(provisioning, running within 10 s at pace 1\)\n/);
    expect(text).toMatch(/\n {2}moving batch {13}batch_52d8ea36753640206f5439be \(in_progress, completed within 20 s at pace 1\)\n/);
    s.child.kill('SIGINT');
    expect((await s.exit).code).toBe(130);
  });

  it('applies --fault from the start and takes --interns', async () => {
    const s = await start([
      'sandbox',
      '--port',
      '0',
      '--json',
      '--interns',
      '20',
      '--fault',
      'GET /tools 503 retry-after=2 times=1',
      '--fault',
      'GET /byok drop',
    ]);
    const ready = JSON.parse(s.firstLine);
    const headers = { authorization: `Bearer ${ready.keys.management}` };
    const first = await fetch(`${ready.base_url}/tools/${ready.examples.tool}`, { headers });
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('2');
    expect((await fetch(`${ready.base_url}/tools/${ready.examples.tool}`, { headers })).status).toBe(200);
    await expect(fetch(`${ready.base_url}/byok`, { headers })).rejects.toThrow();
    const all = await fetch(`${ready.base_url}/interns?limit=500`, { headers });
    expect(((await all.json()) as { data: unknown[] }).data).toHaveLength(20);
    s.child.kill('SIGTERM');
    await s.exit;
  });

  it('--pace moves time that many times faster, and says so; --pace 0 freezes it', async () => {
    const fast = await start(['sandbox', '--port', '0', '--pace', '50']);
    await new Promise((r) => setTimeout(r, 200));
    const base = /Sandbox API at (http:\/\/127\.0\.0\.1:\d+\/api\/v1) \(Ctrl-C to stop; time runs at pace 50: 50 times real time\)/.exec(
      fast.stdout(),
    )?.[1];
    expect(base).toBeDefined();
    const headers = { authorization: 'Bearer gw-sandbox-key-management' };
    // 10 s of motion at pace 1 is a fifth of a second at pace 50.
    await new Promise((r) => setTimeout(r, 600));
    const batch = (await (await fetch(`${base}/batches/batch_52d8ea36753640206f5439be`, { headers })).json()) as { status: string };
    expect(batch.status).toBe('completed');
    fast.child.kill('SIGTERM');
    await fast.exit;

    const frozen = await start(['sandbox', '--port', '0', '--json', '--pace', '0']);
    const ready = JSON.parse(frozen.firstLine);
    await new Promise((r) => setTimeout(r, 600));
    const still = (await (await fetch(`${ready.base_url}/batches/${ready.examples.moving_batch}`, { headers })).json()) as {
      status: string;
    };
    expect(still.status).toBe('in_progress');
    frozen.child.kill('SIGTERM');
    await frozen.exit;
  });

  it.each([
    [
      ['sandbox', '--pace', 'fast'],
      {},
      'gwctl: invalid --pace "fast": must be a number from 0 (frozen) to 1000, such as 1 (real time) or 10\n',
    ],
    [
      ['sandbox', '--pace', '1001'],
      {},
      'gwctl: invalid --pace "1001": must be a number from 0 (frozen) to 1000, such as 1 (real time) or 10\n',
    ],
    [
      ['--sandbox', 'interns', 'ls'],
      { GWCTL_SANDBOX_PACE: '-1' },
      'gwctl: invalid GWCTL_SANDBOX_PACE "-1": must be a number from 0 (frozen) to 1000, such as 1 (real time) or 10\n',
    ],
  ])('%j with %j is refused with exit 2', async (args, env, stderr) => {
    const r = await runGwctl(args, { env });
    expect(r).toMatchObject({ code: 2, stdout: '', stderr });
  });
});

describe('gwctl --sandbox in motion', () => {
  // At pace 1 it takes about 10 s (test/e2e/wait.test.ts); ten times faster here, with its counts.
  it('batches get <moving batch> --wait completes, with its counts, at pace 10', async () => {
    const began = Date.now();
    const r = await runGwctl(['--sandbox', 'batches', 'get', 'batch_52d8ea36753640206f5439be', '--wait', '--interval', '0.5', '--json'], {
      env: { GWCTL_SANDBOX_PACE: '10' },
      timeoutMs: 30_000,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      id: 'batch_52d8ea36753640206f5439be',
      status: 'completed',
      request_counts: { total: 5, completed: 4, failed: 1 },
    });
    expect(Date.now() - began).toBeLessThan(10_000);
  }, 30_000);
});
