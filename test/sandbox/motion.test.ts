// Time in the sandbox: states in motion move with the pace clock, computed when a request reads
// them. Every test here injects the wall clock and moves it by hand, so the statuses and counts
// at each instant are exact; one test runs on the real clock to show the same thing happens
// without injection.
import { describe, expect, it } from 'vitest';
import { ValueRefused } from '../../src/core/options.js';
import { parsePace } from '../../src/sandbox/clock.js';
import { BATCH_TIMINGS, phaseAt, type BatchPlan, type MovingStatus } from '../../src/sandbox/data/batch-motion.js';
import { MOVING_INTERN_RUNNING_MS, PROVISIONING_FOR, QUEUED_FOR, scheduleOf, STOP_AFTER_MS } from '../../src/sandbox/data/intern-motion.js';
import { InternCatalog } from '../../src/sandbox/data/interns.js';
import { DEFAULT_SEED, startSandbox } from '../../src/sandbox/server.js';
import { startTestSandbox, type SandboxHandle } from '../kit/sandbox.js';

const START = Date.parse('2026-11-20T10:00:00.000Z');
const S = 1000;

/** A sandbox on an injected clock: `at(ms)` sets the wall clock to START + ms. */
async function clocked(options: { pace?: number; interns?: number } = {}): Promise<{ sb: SandboxHandle; at(ms: number): void }> {
  let now = START;
  const sb = await startTestSandbox({ pace: options.pace ?? 1, interns: options.interns, now: () => now });
  return { sb, at: (ms) => void (now = START + ms) };
}

async function intern(sb: SandboxHandle, id: string): Promise<any> {
  const res = await sb.get(`/interns/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function batch(sb: SandboxHandle, id: string): Promise<any> {
  const res = await sb.get(`/batches/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function allIds(sb: SandboxHandle, status: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = (await sb.get(`/interns?limit=500&status=${status}${cursor ? `&starting_after=${cursor}` : ''}`)).body;
    ids.push(...page.data.map((i: any) => i.id));
    cursor = page.next_cursor;
  } while (cursor);
  return ids;
}

describe('examples.moving_intern', () => {
  it('steps through provisioning and is running 6 s after the start, hostname and all', async () => {
    const { sb, at } = await clocked();
    try {
      const id = sb.examples.moving_intern;
      const first = await intern(sb, id);
      expect(first).toMatchObject({
        name: 'fleet-provisioner',
        status: 'provisioning',
        hostname: null,
        progress: { step_label: 'Allocating a runtime', step_number: 2, total_steps: 5 },
      });
      at(1499);
      expect((await intern(sb, id)).progress.step_number).toBe(2);
      at(1500);
      expect((await intern(sb, id)).progress).toEqual({ step_label: 'Pulling the image', step_number: 3, total_steps: 5 });
      at(3000);
      const third = await intern(sb, id);
      expect(third.progress.step_label).toBe('Mounting the disk');
      expect(third.hostname).toBe('fleet-provisioner.interns.sandbox.example');
      at(MOVING_INTERN_RUNNING_MS - 1);
      expect(await intern(sb, id)).toMatchObject({
        status: 'provisioning',
        progress: { step_label: 'Starting the agent', step_number: 5 },
      });
      at(MOVING_INTERN_RUNNING_MS);
      const running = await intern(sb, id);
      expect(running).toEqual({
        ...first,
        status: 'running',
        progress: null,
        hostname: 'fleet-provisioner.interns.sandbox.example',
        updated_at: new Date(START + MOVING_INTERN_RUNNING_MS).toISOString(),
      });
      // Busy while provisioning, suspendable once running.
      expect((await sb.post(`/interns/${id}/suspend`)).status).toBe(200);
    } finally {
      await sb.close();
    }
  });

  it('is busy (409) until it runs', async () => {
    const { sb, at } = await clocked();
    try {
      at(MOVING_INTERN_RUNNING_MS - 1);
      expect((await sb.post(`/interns/${sb.examples.moving_intern}/suspend`)).status).toBe(409);
      at(MOVING_INTERN_RUNNING_MS);
      expect((await sb.post(`/interns/${sb.examples.moving_intern}/suspend`)).body).toEqual({ suspended: true });
    } finally {
      await sb.close();
    }
  });
});

describe('generated interns in motion', () => {
  it('leave the queue, provision and run on their seeded schedule; the fixed roles stay put', async () => {
    const { sb, at } = await clocked();
    try {
      const catalog = new InternCatalog(300, DEFAULT_SEED);
      const queued = await allIds(sb, 'queued');
      const provisioning = await allIds(sb, 'provisioning');
      // One fixed role of each, plus the generated ones (and the moving example, provisioning).
      expect(queued.length).toBeGreaterThan(5);
      expect(provisioning.length).toBeGreaterThan(5);
      const runningAtStart = (await allIds(sb, 'running')).length;

      const sample = queued.map((id) => catalog.indexOf(id)!).find((i) => !catalog.isFixedRole(i))!;
      const schedule = scheduleOf(catalog, sample)!;
      expect(schedule.provisioningAtMs).toBeGreaterThanOrEqual(QUEUED_FOR.minMs);
      expect(schedule.provisioningAtMs).toBeLessThanOrEqual(QUEUED_FOR.maxMs);
      expect(schedule.runningAtMs - schedule.provisioningAtMs).toBeGreaterThanOrEqual(PROVISIONING_FOR.minMs);
      const id = catalog.idAt(sample);
      const seeded = await intern(sb, id);
      expect(seeded).toMatchObject({ status: 'queued', vault_id: null, hostname: null });
      at(schedule.provisioningAtMs - 1);
      expect((await intern(sb, id)).status).toBe('queued');
      at(schedule.provisioningAtMs);
      expect(await intern(sb, id)).toMatchObject({
        status: 'provisioning',
        progress: { step_number: 2, step_label: 'Allocating a runtime' },
        updated_at: new Date(START + schedule.provisioningAtMs).toISOString(),
      });
      expect((await intern(sb, id)).vault_id).toMatch(/^[0-9a-f-]{36}$/);
      at(schedule.runningAtMs - 1);
      expect((await intern(sb, id)).status).toBe('provisioning');
      at(schedule.runningAtMs);
      expect(await intern(sb, id)).toMatchObject({
        status: 'running',
        progress: null,
        updated_at: new Date(START + schedule.runningAtMs).toISOString(),
      });

      // After the longest schedule only the fixed roles are queued or provisioning.
      at(QUEUED_FOR.maxMs + PROVISIONING_FOR.maxMs);
      expect(await allIds(sb, 'queued')).toEqual([catalog.idAt(1)]);
      expect(await allIds(sb, 'provisioning')).toEqual([sb.examples.busy_intern]);
      expect((await allIds(sb, 'running')).length).toBe(runningAtStart + queued.length - 1 + provisioning.length - 1);
    } finally {
      await sb.close();
    }
  });
});

describe('suspend with time', () => {
  it('holds the status for 3 s, then the intern is stopped, dated when it stopped', async () => {
    const { sb, at } = await clocked();
    try {
      const id = sb.examples.intern;
      const before = await intern(sb, id);
      at(10 * S);
      expect((await sb.post(`/interns/${id}/suspend`)).body).toEqual({ suspended: true });
      at(10 * S + STOP_AFTER_MS - 1);
      expect(await intern(sb, id)).toEqual(before);
      // Suspending again while it stops changes nothing.
      expect((await sb.post(`/interns/${id}/suspend`)).body).toEqual({ suspended: true });
      at(10 * S + STOP_AFTER_MS);
      const after = await intern(sb, id);
      expect(after).toEqual({ ...before, status: 'stopped', updated_at: new Date(START + 10 * S + STOP_AFTER_MS).toISOString() });
      at(3600 * S);
      expect(await intern(sb, id)).toEqual(after);
      expect(await allIds(sb, 'stopped')).toContain(id);
    } finally {
      await sb.close();
    }
  });

  it('a queued intern suspended before its turn stays queued, then stops, and never provisions', async () => {
    const { sb, at } = await clocked();
    try {
      const catalog = new InternCatalog(300, DEFAULT_SEED);
      const index = (await allIds(sb, 'queued')).map((id) => catalog.indexOf(id)!).find((i) => !catalog.isFixedRole(i))!;
      const { provisioningAtMs } = scheduleOf(catalog, index)!;
      const id = catalog.idAt(index);
      at(provisioningAtMs - 1);
      expect((await sb.post(`/interns/${id}/suspend`)).status).toBe(200);
      at(provisioningAtMs + 1);
      expect((await intern(sb, id)).status).toBe('queued');
      at(provisioningAtMs - 1 + STOP_AFTER_MS);
      expect(await intern(sb, id)).toMatchObject({ status: 'stopped', vault_id: null, hostname: null, progress: null });
      at(3600 * S);
      expect((await intern(sb, id)).status).toBe('stopped');
    } finally {
      await sb.close();
    }
  });

  it('1,200 interns: every running one suspended by selector is stopped 3 s later', async () => {
    const { sb, at } = await clocked({ interns: 1200 });
    try {
      const running = await allIds(sb, 'running');
      expect(running.length).toBeGreaterThan(600);
      for (let k = 0; k < running.length; k += 16) {
        const answers = await Promise.all(running.slice(k, k + 16).map((id) => sb.post(`/interns/${id}/suspend`)));
        for (const res of answers) expect(res.body).toEqual({ suspended: true });
      }
      at(STOP_AFTER_MS - 1);
      expect(await allIds(sb, 'stopped')).not.toContain(running[0]);
      at(STOP_AFTER_MS);
      const stopped = new Set(await allIds(sb, 'stopped'));
      expect(running.filter((id) => !stopped.has(id))).toEqual([]);
    } finally {
      await sb.close();
    }
  });
});

describe('examples.moving_batch', () => {
  it('finishes a request every 2 s, finalizes at 8 s and completes at 10 s', async () => {
    const { sb, at } = await clocked();
    try {
      const id = sb.examples.moving_batch;
      const first = await batch(sb, id);
      expect(first).toMatchObject({
        status: 'in_progress',
        request_counts: { completed: 1, failed: 0, total: 5 },
        results: null,
        finalized_at: null,
        error: null,
      });
      const counts: unknown[] = [];
      for (const ms of [1999, 2000, 4000, 6000, 7999, 8000, 9999]) {
        at(ms);
        const b = await batch(sb, id);
        counts.push([ms, b.status, b.request_counts.completed, b.request_counts.failed, b.results]);
      }
      expect(counts).toEqual([
        [1999, 'in_progress', 1, 0, null],
        [2000, 'in_progress', 2, 0, null],
        [4000, 'in_progress', 3, 0, null],
        [6000, 'in_progress', 3, 1, null],
        [7999, 'in_progress', 3, 1, null],
        [8000, 'finalizing', 4, 1, null],
        [9999, 'finalizing', 4, 1, null],
      ]);
      expect((await sb.del(`/batches/${id}`)).status).toBe(409);
      at(10_000);
      const done = await batch(sb, id);
      expect(done).toMatchObject({
        status: 'completed',
        request_counts: { completed: 4, failed: 1, total: 5 },
        finalized_at: (START + 10_000) / 1000,
      });
      expect(done.results.map((r: any) => [r.custom_id, r.response.status_code, r.error?.error_type ?? null])).toEqual([
        ['request-1', 200, null],
        ['request-2', 200, null],
        ['request-3', 200, null],
        ['request-4', 429, 'rate_limit_exceeded'],
        ['request-5', 200, null],
      ]);
      expect(done.usage.total_tokens).toBeGreaterThan(first.usage.total_tokens);
      expect({
        ...done,
        status: first.status,
        request_counts: first.request_counts,
        results: null,
        finalized_at: null,
        usage: first.usage,
      }).toEqual(first);
      expect((await sb.del(`/batches/${id}`)).status).toBe(200);
      expect((await sb.get(`/batches/${id}`)).status).toBe(404);
    } finally {
      await sb.close();
    }
  });
});

describe('the promises: within 10 s and 20 s at pace 1', () => {
  it('holds them on an injected clock', async () => {
    const { sb, at } = await clocked();
    try {
      at(10 * S);
      expect((await intern(sb, sb.examples.moving_intern)).status).toBe('running');
      at(20 * S);
      expect((await batch(sb, sb.examples.moving_batch)).status).toBe('completed');
    } finally {
      await sb.close();
    }
  });

  it('holds them on the real clock (at pace 10: the batch completes after 1 s, not before)', async () => {
    const sb = await startTestSandbox({ pace: 10 });
    try {
      const began = performance.now();
      const seen: Record<string, number> = {};
      while (performance.now() - began < 4000 && Object.keys(seen).length < 2) {
        if (!seen.intern && (await intern(sb, sb.examples.moving_intern)).status === 'running') seen.intern = performance.now() - began;
        if (!seen.batch && (await batch(sb, sb.examples.moving_batch)).status === 'completed') seen.batch = performance.now() - began;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(seen.intern).toBeLessThan(2500);
      expect(seen.batch).toBeLessThan(3000);
      expect(seen.batch).toBeGreaterThan(800);
    } finally {
      await sb.close();
    }
  });
});

describe('pace', () => {
  it('0 freezes every state, and a suspend stops at once', async () => {
    const { sb, at } = await clocked({ pace: 0 });
    try {
      const listing = (await sb.get('/interns?limit=500')).body;
      const movingBatch = await batch(sb, sb.examples.moving_batch);
      at(24 * 3600 * S);
      expect((await sb.get('/interns?limit=500')).body).toEqual(listing);
      expect(await batch(sb, sb.examples.moving_batch)).toEqual(movingBatch);
      await sb.post(`/interns/${sb.examples.intern}/suspend`);
      expect(await intern(sb, sb.examples.intern)).toMatchObject({
        status: 'stopped',
        updated_at: new Date(START + 24 * 3600 * S).toISOString(),
      });
    } finally {
      await sb.close();
    }
  });

  it('2 moves twice as fast as 1', async () => {
    const { sb, at } = await clocked({ pace: 2 });
    try {
      at(MOVING_INTERN_RUNNING_MS / 2 - 1);
      expect((await intern(sb, sb.examples.moving_intern)).status).toBe('provisioning');
      at(MOVING_INTERN_RUNNING_MS / 2);
      expect(await intern(sb, sb.examples.moving_intern)).toMatchObject({
        status: 'running',
        updated_at: new Date(START + MOVING_INTERN_RUNNING_MS / 2).toISOString(),
      });
      at(999);
      expect((await batch(sb, sb.examples.moving_batch)).request_counts.completed).toBe(1);
      at(1000);
      expect((await batch(sb, sb.examples.moving_batch)).request_counts.completed).toBe(2);
      at(4999);
      expect((await batch(sb, sb.examples.moving_batch)).status).toBe('finalizing');
      at(5000);
      expect(await batch(sb, sb.examples.moving_batch)).toMatchObject({ status: 'completed', finalized_at: (START + 5000) / 1000 });
      await sb.post(`/interns/${sb.examples.intern}/suspend`);
      at(8000 + STOP_AFTER_MS / 2);
      expect((await intern(sb, sb.examples.intern)).status).toBe('stopped');
    } finally {
      await sb.close();
    }
  });

  it('reset starts motion again from the seeded states', async () => {
    const { sb, at } = await clocked();
    try {
      at(60 * S);
      expect((await intern(sb, sb.examples.moving_intern)).status).toBe('running');
      sb.reset();
      at(61 * S);
      expect((await intern(sb, sb.examples.moving_intern)).status).toBe('provisioning');
      expect((await batch(sb, sb.examples.moving_batch)).request_counts.completed).toBe(1);
      at(61 * S + MOVING_INTERN_RUNNING_MS);
      expect((await intern(sb, sb.examples.moving_intern)).status).toBe('running');
    } finally {
      await sb.close();
    }
  });

  it('is refused unless a number from 0 to 1000', async () => {
    for (const pace of [-1, Number.NaN, Number.POSITIVE_INFINITY, 1001]) {
      await expect(startSandbox({ pace })).rejects.toThrow(`pace must be a number from 0 to 1000, not ${pace}`);
    }
  });

  it('parsePace reads what a person types, and refuses the rest as an option parser does', () => {
    expect(() => parsePace('fast')).toThrow(ValueRefused);
    expect([parsePace('0'), parsePace('1'), parsePace('2.5'), parsePace(' 10 '), parsePace('.5'), parsePace('1000')]).toEqual([
      0, 1, 2.5, 10, 0.5, 1000,
    ]);
    for (const text of ['', '-1', '1e3', 'fast', '1001', '0x10', 'Infinity', '1.', '1,5']) {
      expect(() => parsePace(text), text).toThrow('must be a number from 0 (frozen) to 1000, such as 1 (real time) or 10');
    }
  });
});

describe('the documented examples keep their behaviour as time passes', () => {
  it('a day later at pace 1: the fixed roles and each batches.<status> are as seeded', async () => {
    const { sb, at } = await clocked();
    try {
      const catalog = new InternCatalog(300, DEFAULT_SEED);
      const fixed = Array.from({ length: 8 }, (_, i) => catalog.idAt(i));
      const internsBefore = await Promise.all(fixed.map((id) => intern(sb, id)));
      const batchesBefore = await Promise.all(Object.values(sb.examples.batches).map((id) => sb.get(`/batches/${id}`)));
      at(24 * 3600 * S);
      expect(await Promise.all(fixed.map((id) => intern(sb, id)))).toEqual(internsBefore);
      const batchesAfter = await Promise.all(Object.values(sb.examples.batches).map((id) => sb.get(`/batches/${id}`)));
      expect(batchesAfter.map((r) => [r.status, r.body])).toEqual(batchesBefore.map((r) => [r.status, r.body]));
      expect((await sb.post(`/interns/${sb.examples.busy_intern}/suspend`)).status).toBe(409);
    } finally {
      await sb.close();
    }
  });
});

describe('the batch rules for every status in motion', () => {
  const plan = (from: MovingStatus, fails: boolean[], doneAtStart = 0): BatchPlan => ({
    ...BATCH_TIMINGS,
    from,
    fails,
    doneAtStart,
    results: [],
    usageAfter: [],
  });
  const at = (p: BatchPlan, ms: number[]): unknown[] =>
    ms.map((t) => {
      const ph = phaseAt(p, t);
      return [t, ph.status, ph.done, ph.endedAtMs ?? null];
    });

  it('validating: 2 s, then one request every 3 s, finalizing 4 s, completed', () => {
    expect(at(plan('validating', [false, true]), [0, 1999, 2000, 4999, 5000, 7999, 8000, 11_999, 12_000])).toEqual([
      [0, 'validating', 0, null],
      [1999, 'validating', 0, null],
      [2000, 'in_progress', 0, null],
      [4999, 'in_progress', 0, null],
      [5000, 'in_progress', 1, null],
      [7999, 'in_progress', 1, null],
      [8000, 'finalizing', 2, null],
      [11_999, 'finalizing', 2, null],
      [12_000, 'completed', 2, 12_000],
    ]);
  });

  it('finalizing: completed 4 s later; failed when every request failed', () => {
    expect(at(plan('finalizing', [false, false], 2), [3999, 4000])).toEqual([
      [3999, 'finalizing', 2, null],
      [4000, 'completed', 2, 4000],
    ]);
    expect(at(plan('in_progress', [true, true], 1), [2999, 3000, 7000])).toEqual([
      [2999, 'in_progress', 1, null],
      [3000, 'finalizing', 2, null],
      [7000, 'failed', 2, 7000],
    ]);
  });

  it('cancelling: cancelled 3 s later with the counts it had', () => {
    expect(at(plan('cancelling', [false, false, false, false], 1), [0, 2999, 3000, 60_000])).toEqual([
      [0, 'cancelling', 1, null],
      [2999, 'cancelling', 1, null],
      [3000, 'cancelled', 1, 3000],
      [60_000, 'cancelled', 1, 3000],
    ]);
  });
});

describe('startSandbox', () => {
  it('runs at pace 1 unless told otherwise, and says so', async () => {
    const real = await startSandbox({ port: 0 });
    const frozen = await startSandbox({ port: 0, pace: 0 });
    try {
      expect([real.pace, frozen.pace]).toEqual([1, 0]);
    } finally {
      await real.close();
      await frozen.close();
    }
  });
});
