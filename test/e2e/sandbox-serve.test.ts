// `gwctl sandbox` as a user runs it: the built binary in a child process, serving until a signal.
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnGwctl } from '../kit/spawn.js';

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

function start(args: string[]): Promise<Started> {
  const run = spawnGwctl(args, { timeoutMs: 60_000 });
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
    void run.done.then(() => reject(new Error(`exited before ready; stderr: ${run.stderr()}`)));
  });
}

describe('gwctl sandbox', () => {
  it('--port 0 --json prints exactly one JSON line, serves the demo keys, and exits 130 on SIGTERM', async () => {
    const s = await start(['sandbox', '--port', '0', '--json']);
    const ready = JSON.parse(s.firstLine);
    expect(Object.keys(ready)).toEqual(['base_url', 'keys', 'examples']);
    expect(ready.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(Object.keys(ready.keys)).toEqual(['management', 'api', 'outsider', 'intern']);
    for (const key of Object.values(ready.keys)) expect((key as string).length).toBeGreaterThanOrEqual(16);
    for (const field of ['intern', 'private_endpoint', 'workspace', 'workspace_slug', 'tool', 'tool_alias', 'preset_slug', 'batches']) expect(ready.examples, field).toHaveProperty(field);
    expect(Object.keys(ready.examples.batches).sort()).toEqual(
      ['cancelled', 'cancelling', 'completed', 'expired', 'failed', 'finalizing', 'in_progress', 'retention_expired', 'validating'],
    );

    const own = await fetch(`${ready.base_url}/interns/${ready.examples.intern}`, { headers: { authorization: `Bearer ${ready.keys.intern}` } });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { id: string }).id).toBe(ready.examples.intern);
    const list = await fetch(`${ready.base_url}/interns?limit=3`, { headers: { authorization: `Bearer ${ready.keys.management}` } });
    expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(3);
    const expired = await fetch(`${ready.base_url}/batches/${ready.examples.batches.retention_expired}`, { headers: { authorization: `Bearer ${ready.keys.api}` } });
    expect(expired.status).toBe(410);
    const budgets = await fetch(`${ready.base_url}/workspaces/${ready.examples.workspace_slug}/budgets`, { headers: { authorization: `Bearer ${ready.keys.api}` } });
    expect(budgets.status).toBe(403);

    s.child.kill('SIGTERM');
    const { code } = await s.exit;
    expect(code).toBe(130);
    expect(s.stdout()).toBe(`${s.firstLine}\n`);
    await expect(fetch(`${ready.base_url}/interns`)).rejects.toThrow();
  });

  it('prints a summary for people without --json, and stops on SIGINT', async () => {
    const s = await start(['sandbox', '--port', '0']);
    await new Promise((r) => setTimeout(r, 200));
    const text = s.stdout();
    const base = /Sandbox API at (http:\/\/127\.0\.0\.1:\d+\/api\/v1)/.exec(text)?.[1];
    expect(base).toBeDefined();
    for (const key of ['gw-sandbox-key-management', 'gw-sandbox-key-api', 'gw-sandbox-key-outsider', 'gw-sandbox-key-intern']) expect(text).toContain(key);
    expect(text).toContain(`curl -H 'Authorization: Bearer gw-sandbox-key-management' ${base}/interns`);
    expect(text).toContain('batch retention_expired');
    s.child.kill('SIGINT');
    expect((await s.exit).code).toBe(130);
  });

  it('applies --fault from the start and takes --interns', async () => {
    const s = await start(['sandbox', '--port', '0', '--json', '--interns', '20', '--fault', 'GET /tools 503 retry-after=2 times=1', '--fault', 'GET /byok drop']);
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
});
