// interns wait: waiting on many interns reads the list instead of one GET per intern, whichever
// costs fewer requests; --status selects the interns at the start. Against the scripted server,
// whose interns change between polls and between the pages of one poll; requests are counted
// where they arrive. (batches get --wait --timeout is in batches/get.test.ts.)
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { internId } from '../../kit/bodies.js';
import { gwctl } from '../../kit/cli.js';
import { envelope, startServer, type ScriptedServer, type Seen } from '../../kit/server.js';

const KEY = 'sk-api-wait-list-0123456789';
const env = { GWCTL_API_KEY: KEY };
const WS = '3f6c2a1e-8b4d-4c7a-9e15-2d8f0b6a7c31';

/** A list of interns that changes as it is read: `onPoll(n)` before page 1 of the n-th list read, `onPage(n, p)` before page p. */
class World {
  interns: { id: string; name: string; status: string; workspace_id: string }[] = [];
  polls = 0;
  /** Requests by list read: [n] holds those made from page 1 of read n up to the next read's page 1. */
  perPoll: Seen[][] = [[]];
  constructor(
    count: number,
    status: string,
    private readonly changes: { onPoll?: (n: number, w: World) => void; onPage?: (n: number, page: number, w: World) => void } = {},
  ) {
    for (let n = 0; n < count; n++) this.interns.push({ id: internId(n), name: `intern-${n}`, status, workspace_id: WS });
  }
  set(n: number, status: string): void {
    this.interns[n]!.status = status;
  }
  destroy(n: number): void {
    this.interns = this.interns.filter((i) => i.id !== internId(n));
  }
  handle(req: Seen): { status?: number; body: unknown } {
    if (req.path === '/api/v1/interns') {
      const after = req.query.get('starting_after');
      if (after === null) {
        this.polls += 1;
        this.perPoll.push([]);
        this.changes.onPoll?.(this.polls, this);
      }
      this.perPoll.at(-1)!.push(req);
      const limit = Number(req.query.get('limit') ?? 50);
      const statuses = req.query.get('status')?.split(',');
      const start = after === null ? 0 : Number(after);
      this.changes.onPage?.(this.polls, start / limit + 1, this);
      const again = this.interns.filter((i) => !statuses || statuses.includes(i.status));
      const data = again.slice(start, start + limit);
      const more = start + limit < again.length;
      return { body: { data, has_more: more, ...(more ? { next_cursor: String(start + limit) } : {}) } };
    }
    this.perPoll.at(-1)!.push(req);
    const id = req.path.split('/').at(-1);
    const found = this.interns.find((i) => i.id === id);
    return found ? { body: found } : { status: 404, body: envelope(404, 'Intern not found', { reason: 'not_found', retryable: false }) };
  }
}

describe('interns wait on many interns reads the list', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  const wait = (args: string[], input?: string) =>
    gwctl(['interns', 'wait', ...args, '--interval', '1', '--base-url', server.baseUrl], {
      env,
      ...(input === undefined ? {} : { input }),
    });

  it('1,000 interns: at most 3 requests a poll (2 pages of 500), no GET of any one intern, output in input order', async () => {
    const world = new World(1000, 'provisioning', {
      onPoll: (n, w) => {
        for (let k = 0; k < Math.min(1000, (n - 1) * 400); k++) w.set(k, 'running');
      },
    });
    server.handle((req) => world.handle(req));
    const ids = Array.from({ length: 1000 }, (_, n) => internId(999 - n));
    const r = await wait(['-', '--for', 'status=running'], ids.join('\n'));
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe(ids.map((id) => `${id}\trunning\n`).join(''));
    expect(world.polls).toBe(4);
    const counts = world.perPoll.slice(1).map((reqs) => reqs.length);
    expect(counts).toEqual([2, 2, 2, 2]);
    expect(server.requests.every((q) => q.path === '/api/v1/interns' && q.query.get('limit') === '500')).toBe(true);
    // Today's cost would have been 1,000 GETs a poll.
    expect(server.requests).toHaveLength(8);
  });

  it('statuses that change between pages: an intern that leaves the filter before its page is read is read by itself', async () => {
    const world = new World(1000, 'provisioning', {
      onPage: (n, page, w) => {
        if (n === 1 && page === 2) {
          w.set(700, 'queued'); // unread yet: seen as queued
          w.set(10, 'running'); // read already on page 1: seen at the next poll
        }
        if (n === 2 && page === 1) for (let k = 0; k < 500; k++) w.set(k, 'running');
        if (n === 2 && page === 2) w.set(600, 'failed'); // leaves the filter before page 2 is read
        if (n === 3 && page === 1) for (let k = 0; k < 1000; k++) w.set(k, 'running');
      },
    });
    server.handle((req) => world.handle(req));
    const ids = Array.from({ length: 1000 }, (_, n) => internId(n));
    const r = await wait(['-', '--for', 'status=running', '--json'], ids.join('\n'));
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const data = JSON.parse(r.stdout).data as { id: string; status: string }[];
    expect(data.map((i) => i.id)).toEqual(ids);
    expect(data.every((i) => i.status === 'running')).toBe(true);
    const polls = world.perPoll
      .slice(1)
      .map((reqs) => reqs.map((q) => `${q.path.replace('/api/v1/', '')} ${q.query.get('status') ?? ''}`.trim()));
    // 1: every status (unknown yet); 2: the statuses seen and the one wanted, then the one that left them; 3: all running.
    expect(polls[0]).toEqual(['interns', 'interns']);
    expect(polls[1]).toEqual(['interns running,provisioning,queued', 'interns running,provisioning,queued', `interns/${internId(600)}`]);
    expect(polls[2]).toEqual(['interns running,provisioning,failed,queued', 'interns running,provisioning,failed,queued']);
    expect(world.perPoll.slice(1).every((reqs) => reqs.length <= 3)).toBe(true);
  });

  it('an intern destroyed mid-wait while waiting for delete: the list misses it, its GET answers 404, it is done', async () => {
    const world = new World(5, 'running', {
      onPoll: (n, w) => {
        if (n === 2) w.destroy(1);
        if (n === 3) [0, 2, 3].forEach((k) => w.destroy(k));
      },
    });
    server.handle((req) => world.handle(req));
    const r = await wait([internId(0), internId(1), internId(2), internId(3), '--for', 'delete']);
    expect(r).toMatchObject({ code: 0, stderr: '', stdout: [0, 1, 2, 3].map((n) => `${internId(n)}\tdeleted\n`).join('') });
    const seen = world.perPoll.slice(1).map((reqs) => reqs.map((q) => q.path.replace('/api/v1/', '')).sort());
    expect(seen).toEqual([
      ['interns'],
      ['interns', `interns/${internId(1)}`],
      ['interns', `interns/${internId(0)}`, `interns/${internId(2)}`, `interns/${internId(3)}`],
    ]);
    // Unfiltered by status: a deleted intern could have passed through any.
    expect(server.requests.filter((q) => q.path === '/api/v1/interns').every((q) => !q.query.has('status'))).toBe(true);
  });

  it('an intern destroyed while waiting for a status: exit 5, as with one GET per intern', async () => {
    const world = new World(3, 'provisioning', { onPoll: (n, w) => n === 2 && w.destroy(1) });
    server.handle((req) => world.handle(req));
    const r = await wait([internId(0), internId(1), internId(2), '--for', 'status=running']);
    expect(r).toMatchObject({
      code: 5,
      stdout: '',
      stderr: `gwctl: HTTP 404: Intern not found (intern ${internId(1)}) (reason: not_found, retryable: false)\n`,
    });
  });

  it('few interns in a long list: one list read shows it costs more, and the wait goes back to a GET each', async () => {
    const world = new World(1600, 'provisioning');
    let gets = 0;
    server.handle((req) => {
      if (req.path !== '/api/v1/interns' && ++gets > 4) world.set(3, 'running');
      return world.handle(req);
    });
    const r = await wait([internId(3), internId(4), '--for', 'status!=provisioning', '--timeout', '5s']);
    expect(r.code).toBe(7);
    const lists = server.requests.filter((q) => q.path === '/api/v1/interns').length;
    // The first poll reads the list (4 pages for 2 interns), every later one the two GETs.
    expect(lists).toBe(4);
    expect(server.requests.slice(4).every((q) => q.path !== '/api/v1/interns')).toBe(true);
    expect(r.stderr).toBe(
      `gwctl: timed out after 5s waiting for status!=provisioning: ${internId(4)} is provisioning (reason: wait_timeout)\n`,
    );
  });
});

describe('interns wait over many interns that times out', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  const wait = (args: string[]) => gwctl(['interns', 'wait', ...args, '--interval', '1', '--base-url', server.baseUrl], { env });

  it('says how many are in each state and names at most five ids; --json keeps every one', async () => {
    const world = new World(30, 'provisioning');
    for (let n = 0; n < 8; n++) world.set(n, 'queued');
    world.set(29, 'running');
    server.handle((req) => world.handle(req));
    const ids = Array.from({ length: 30 }, (_, n) => internId(n));
    const args = [...ids, '--for', 'status=running', '--timeout', '5s'];
    const r = await wait(args);
    expect(r).toMatchObject({
      code: 7,
      stdout: '',
      stderr:
        'gwctl: timed out after 5s waiting for status=running: 29 interns not there: 21 provisioning, 8 queued ' +
        `(${ids.slice(0, 5).join(', ')} and 24 more; --json lists every one) (reason: wait_timeout)\n`,
    });
    const json = await wait([...args, '--json']);
    const error = JSON.parse(json.stderr) as { error: { interns: { id: string; status: string }[] } };
    expect(error.error.interns.map((i) => i.id)).toEqual(ids.slice(0, 29));
  });
});

describe('interns wait --status: the interns that had those statuses at the start', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  it('selects with the list filtered by status and workspace, and the selection is the first poll', async () => {
    const world = new World(6, 'running');
    world.set(1, 'provisioning');
    world.set(2, 'queued');
    server.handle((req) => {
      if (req.path !== '/api/v1/interns') {
        world.set(1, 'running'); // selected, now running
        world.set(5, 'provisioning'); // not selected: it was running at the start
      }
      return world.handle(req);
    });
    const r = await gwctl(
      [
        'interns',
        'wait',
        '--status',
        'provisioning',
        '--workspace',
        WS,
        '--for',
        'status=running',
        '--interval',
        '1',
        '--base-url',
        server.baseUrl,
      ],
      { env },
    );
    expect(r).toMatchObject({ code: 0, stderr: '', stdout: `${internId(1)}\trunning\n` });
    const first = server.requests[0]!;
    expect([first.query.get('status'), first.query.get('workspace_id')]).toEqual(['provisioning', WS]);
    // One selection and one poll (a single intern is read by its GET).
    expect(server.requests.map((q) => q.path.replace('/api/v1/', ''))).toEqual(['interns', `interns/${internId(1)}`]);
    expect(r.waits).toEqual([1000]);
  });

  it('a selector that matches nothing is a success: nothing piped, {"data":[]} with --json', async () => {
    const world = new World(3, 'running');
    server.handle((req) => world.handle(req));
    const args = ['interns', 'wait', '--status', 'failed', '--for', 'status=stopped', '--base-url', server.baseUrl];
    expect(await gwctl(args, { env })).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(await gwctl([...args, '--json'], { env })).toMatchObject({ code: 0, stdout: '{\n  "data": []\n}\n', stderr: '' });
  });

  it('a server that ignores the filter: only the interns listed with a wanted status are waited on, the others named as skipped', async () => {
    const world = new World(3, 'running');
    world.set(1, 'failed');
    const others = '9a1b2c3d-0000-4000-8000-000000000000';
    world.interns[2]!.workspace_id = others;
    world.set(2, 'failed');
    // Every intern, whatever the status and workspace asked for.
    server.handle((req) => world.handle(req.path === '/api/v1/interns' ? { ...req, query: new URLSearchParams() } : req));
    const args = ['interns', 'wait', '--status', 'failed', '--workspace', WS, '--for', 'status=failed', '--base-url', server.baseUrl];
    const r = await gwctl(args, { env });
    expect(r).toMatchObject({
      code: 0,
      stdout: `${internId(1)}\tfailed\n`,
      stderr: `Skipped ${internId(0)}: status running, not failed\n` + `Skipped ${internId(2)}: workspace ${others}, not ${WS}\n`,
    });
  });

  it('usage errors: exit 2, nothing sent', async () => {
    server.handle(() => ({ status: 500 }));
    const cases: [string[], string][] = [
      [['--workspace', WS, internId(1)], 'gwctl: --workspace selects interns only together with --status\n'],
      [['--status', 'running', internId(1)], 'gwctl: give intern ids or --status, not both\n'],
      [['--status', 'runing'], expect.stringContaining('gwctl: invalid --status "runing"') as unknown as string],
      [[], "gwctl: missing intern id; give one or more, as in 'gwctl interns wait <id> --for status=running', or --status\n"],
    ];
    for (const [flags, stderr] of cases) {
      const r = await gwctl(['interns', 'wait', ...flags, '--for', 'status=running', '--base-url', server.baseUrl], { env });
      expect(r).toMatchObject({ code: 2, stdout: '', stderr });
    }
    expect(server.requests).toHaveLength(0);
  });
});
