// Churn: interns appear, change status and are destroyed on the pace clock, the same for the
// same seed, never the documented examples, and every change is in the sandbox's own record.
// The wall clock is injected and moved by hand, so each instant is exact.
import { describe, expect, it } from 'vitest';
import { ValueRefused } from '../../src/core/options.js';
import { parseChurn } from '../../src/sandbox/data/churn.js';
import { startTestSandbox, type SandboxHandle } from '../kit/sandbox.js';
import { runGwctl } from '../kit/spawn.js';

const START = Date.parse('2026-11-20T10:00:00.000Z');
const S = 1000;

interface Change {
  seq: number;
  at: string;
  type: 'added' | 'modified' | 'deleted';
  id: string;
  status: string;
}

async function churning(options: { churn: number; pace?: number; interns?: number; seed?: number }) {
  let now = START;
  const sb = await startTestSandbox({ pace: options.pace ?? 1, now: () => now, ...options });
  return { sb, at: (ms: number) => void (now = START + ms) };
}

async function changes(sb: SandboxHandle): Promise<Change[]> {
  return (await sb.request('GET', '/_sandbox/changes')).body.data;
}

/** Every intern, across every page: id -> status. */
async function everyIntern(sb: SandboxHandle): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  let cursor: string | undefined;
  do {
    const page = (await sb.get(`/interns?limit=500${cursor ? `&starting_after=${cursor}` : ''}`)).body;
    for (const i of page.data) all.set(i.id, i.status);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

describe('--churn', () => {
  it('about N changes a minute at pace 1, each in its slot, none before the first slot ends', async () => {
    const { sb, at } = await churning({ churn: 60 });
    try {
      at(0);
      expect(await changes(sb)).toEqual([]);
      at(60 * S);
      const minute = await changes(sb);
      // Change k falls within [k, k+1) seconds: 60 by the end of the first minute (the 60th may fall exactly on it).
      expect(minute.length).toBeGreaterThanOrEqual(59);
      expect(minute.length).toBeLessThanOrEqual(60);
      minute.forEach((c, k) => {
        const ms = Date.parse(c.at) - START;
        expect(ms).toBeGreaterThanOrEqual(k * S);
        expect(ms).toBeLessThan((k + 1) * S);
      });
      expect(new Set(minute.map((c) => c.type))).toEqual(new Set(['added', 'modified', 'deleted']));
      // Pace 10: ten times as many in the same wall time.
      const fast = await churning({ churn: 60, pace: 10 });
      try {
        fast.at(6 * S);
        expect((await changes(fast.sb)).length).toBe(minute.filter((c) => Date.parse(c.at) - START < 60 * S).length);
      } finally {
        await fast.sb.close();
      }
    } finally {
      await sb.close();
    }
  });

  it('the listing and the GETs agree with the record: added interns are listed, deleted ones 404, modified ones show the status', async () => {
    const { sb, at } = await churning({ churn: 600, interns: 300 });
    try {
      at(0);
      const before = await everyIntern(sb);
      at(30 * S);
      const record = await changes(sb);
      expect(record.length).toBeGreaterThan(250);
      const now = await everyIntern(sb);
      const last = new Map<string, Change>();
      for (const c of record) last.set(c.id, c);
      for (const [id, c] of last) {
        if (c.type === 'deleted') {
          expect(now.has(id)).toBe(false);
          expect((await sb.get(`/interns/${id}`)).status).toBe(404);
        } else {
          expect(now.get(id)).toBe(c.status);
        }
      }
      // Nothing else changed status: interns the record does not name keep theirs (the seeded ones in motion aside).
      const moved = [...now].filter(([id, status]) => !last.has(id) && before.get(id) !== status);
      expect(moved.every(([id]) => ['running', 'provisioning', 'queued'].includes(now.get(id)!))).toBe(true);
      // Added interns are the newest: they head the list, with their creation time.
      const added = record.filter((c) => c.type === 'added' && now.has(c.id));
      const newest = (await sb.get('/interns?limit=1')).body.data[0];
      expect(newest.id).toBe(added.at(-1)!.id);
      expect(newest.created_at).toBe(added.at(-1)!.at);
    } finally {
      await sb.close();
    }
  });

  it('the same seed gives the same changes; another seed others', async () => {
    const runs = await Promise.all([churning({ churn: 300 }), churning({ churn: 300 }), churning({ churn: 300, seed: 7 })]);
    try {
      for (const r of runs) r.at(20 * S);
      const [a, b, c] = await Promise.all(runs.map((r) => changes(r.sb)));
      expect(a!.length).toBeGreaterThan(90);
      expect(b).toEqual(a);
      expect(c!.map((x) => x.id)).not.toEqual(a!.map((x) => x.id));
    } finally {
      await Promise.all(runs.map((r) => r.sb.close()));
    }
  });

  it('the documented examples never churn; reset starts churn again from the seed; pace 0 never churns', async () => {
    const { sb, at } = await churning({ churn: 6000, interns: 20 });
    try {
      const examples = Object.values(sb.examples).filter((v): v is string => typeof v === 'string');
      const before = await Promise.all(examples.map((id) => sb.get(`/interns/${id}`)));
      at(60 * S);
      const record = await changes(sb);
      expect(record.length).toBeGreaterThan(5000);
      expect(record.filter((c) => examples.includes(c.id))).toEqual([]);
      const after = await Promise.all(examples.map((id) => sb.get(`/interns/${id}`)));
      // The moving intern moves by itself; no example is gone or churned.
      expect(after.map((r) => r.status)).toEqual(before.map((r) => r.status));
      expect(after.filter((r) => r.status === 200).map((r) => r.body.id)).toEqual(
        before.filter((r) => r.status === 200).map((r) => r.body.id),
      );
      at(60 * S);
      sb.reset();
      expect(await changes(sb)).toEqual([]);
      expect((await everyIntern(sb)).size).toBe(20);
    } finally {
      await sb.close();
    }
    const frozen = await churning({ churn: 6000, pace: 0 });
    try {
      frozen.at(600 * S);
      expect(await changes(frozen.sb)).toEqual([]);
    } finally {
      await frozen.sb.close();
    }
  });

  it('counts the connections it accepted', async () => {
    const { sb } = await churning({ churn: 0 });
    try {
      const before = (await sb.request('GET', '/_sandbox/connections')).body.accepted;
      expect(before).toBeGreaterThanOrEqual(1);
      await sb.get('/interns?limit=1');
      expect((await sb.request('GET', '/_sandbox/connections')).body.accepted).toBeGreaterThan(before);
    } finally {
      await sb.close();
    }
  });

  it('parseChurn: whole numbers from 0 to 60000', () => {
    expect(parseChurn('0')).toBe(0);
    expect(parseChurn(' 600 ')).toBe(600);
    for (const bad of ['-1', '1.5', 'x', '', '60001']) expect(() => parseChurn(bad)).toThrow(ValueRefused);
  });

  it('a bad --churn or GWCTL_SANDBOX_CHURN is exit 2', async () => {
    const why = 'must be a whole number of changes a minute from 0 (none) to 60000';
    expect(await runGwctl(['sandbox', '--port', '0', '--churn', 'lots'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `gwctl: invalid --churn "lots": ${why}\n`,
    });
    expect(await runGwctl(['--sandbox', 'interns', 'ls'], { env: { GWCTL_SANDBOX_CHURN: '-5' } })).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `gwctl: invalid GWCTL_SANDBOX_CHURN "-5": ${why}\n`,
    });
  });
});
