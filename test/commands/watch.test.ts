// --watch in-process against the scripted server, whose interns change between polls: every
// event type, the first poll, filters entering and leaving, pages that change under the reader,
// piped rows and --jq per event, a watched object that is gone, failures while watching, and
// the interval's bounds. The run is stopped (Ctrl-C) from the server once enough polls were seen.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { envelope, startServer, type ScriptedServer, type Seen } from '../kit/server.js';

const KEY = 'sk-api-watch-0123456789';
const env = { GWCTL_API_KEY: KEY };
const idOf = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

interface Intern {
  id: string;
  name: string;
  status: string;
  model?: string;
}

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

/**
 * Serves `interns` (newest first, filtered by status, offset cursors); `before(poll, page)`
 * changes them before each page is answered; after `polls` list reads the run is stopped.
 */
function serve(interns: Intern[], polls: number, before: (poll: number, page: number, list: Intern[]) => void = () => {}) {
  const stop = new AbortController();
  let poll = 0;
  server.handle((req: Seen) => {
    const after = req.query.get('starting_after');
    if (after === null) poll += 1;
    if (poll > polls) {
      stop.abort();
      return { delayMs: 5_000, body: {} };
    }
    const limit = Number(req.query.get('limit'));
    const start = after === null ? 0 : Number(after);
    before(poll, start / limit + 1, interns);
    const statuses = req.query.get('status')?.split(',');
    const matching = interns.filter((i) => !statuses || statuses.includes(i.status));
    const data = matching.slice(start, start + limit);
    const more = start + limit < matching.length;
    return { body: { data, has_more: more, ...(more ? { next_cursor: String(start + limit) } : {}) } };
  });
  return stop.signal;
}

const events = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
const summary = (stdout: string) => events(stdout).map((e) => `${e.type} ${e.object.id.slice(-2)} ${e.object.status}`);

describe('interns ls --watch', () => {
  it('the first poll as added; then added, modified, deleted; filters entered and left; exit 130 on Ctrl-C', async () => {
    const interns: Intern[] = [
      { id: idOf(1), name: 'a', status: 'running' },
      { id: idOf(2), name: 'b', status: 'running' },
      { id: idOf(3), name: 'c', status: 'provisioning' },
    ];
    const signal = serve(interns, 3, (poll, _page, list) => {
      if (poll === 2) {
        list[1]!.model = 'openai/gpt-5.4'; // modified, still matching
        list[2]!.status = 'running'; // enters the filter: added
        list[0]!.status = 'stopped'; // leaves the filter: deleted, with its last known state
      }
      if (poll === 3) {
        list.unshift({ id: idOf(4), name: 'd', status: 'running' }); // new: added
        list.splice(
          list.findIndex((i) => i.id === idOf(2)),
          1,
        ); // gone: deleted
      }
    });
    const r = await gwctl(['interns', 'ls', '--watch', '--status', 'running', '--jsonl', '--base-url', server.baseUrl], { env, signal });
    expect(r.code).toBe(130);
    expect(summary(r.stdout)).toEqual([
      'added 01 running',
      'added 02 running',
      'modified 02 running',
      'added 03 running',
      'deleted 01 running',
      'added 04 running',
      'deleted 02 running',
    ]);
    const all = events(r.stdout);
    expect(all[2].object.model).toBe('openai/gpt-5.4');
    expect(all[6].object.model).toBe('openai/gpt-5.4');
    // Every event: type, an ISO time, the object; the polls 2 s apart (the default interval).
    for (const e of all) expect(Object.keys(e)).toEqual(['type', 'at', 'object']);
    const times = [...new Set(all.map((e) => Date.parse(e.at)))];
    expect(times.slice(1).map((t, i) => t - times[i]!)).toEqual([2000, 2000]);
    expect(r.waits.slice(0, 3)).toEqual([2000, 2000, 2000]);
    expect(server.requests.every((q) => q.query.get('status') === 'running')).toBe(true);
    expect(r.stderr).toBe('{"error":{"status":null,"message":"interrupted","exit_code":130}}\n');
  });

  it('--json means JSON Lines events too; piped rows lead with the type (--columns, --header); --jq runs per event', async () => {
    const one = [{ id: idOf(1), name: 'a', status: 'running' }];
    const json = await gwctl(['interns', 'ls', '--watch', '--json', '--base-url', server.baseUrl], { env, signal: serve([...one], 1) });
    expect(summary(json.stdout)).toEqual(['added 01 running']);
    const rows = await gwctl(['interns', 'ls', '--watch', '--columns', 'id,status', '--header', '--base-url', server.baseUrl], {
      env,
      signal: serve([...one], 1),
    });
    expect(rows.stdout).toBe(`type\tid\tstatus\nadded\t${idOf(1)}\trunning\n`);
    const jq = await gwctl(['interns', 'ls', '--watch', '--jq', '.type + " " + .object.name', '--base-url', server.baseUrl], {
      env,
      signal: serve([...one], 1),
    });
    expect(jq.stdout).toBe('added a\n');
  });

  it('every page at every poll; pages that change under the reader give no false events', async () => {
    const interns: Intern[] = Array.from({ length: 700 }, (_, n) => ({ id: idOf(n), name: `n${n}`, status: 'running' }));
    const signal = serve(interns, 2, (poll, page, list) => {
      // Between page 1 and page 2 of the first poll, a new intern heads the list: the last of
      // page 1 comes again at the top of page 2.
      if (poll === 1 && page === 2) list.unshift({ id: idOf(999), name: 'new', status: 'running' });
    });
    const r = await gwctl(['interns', 'ls', '--watch', '--jsonl', '--base-url', server.baseUrl], { env, signal });
    const all = events(r.stdout);
    expect(all.filter((e) => e.type === 'added')).toHaveLength(701);
    expect(new Set(all.map((e) => e.object.id)).size).toBe(701);
    // The second poll saw the newcomer for the first time: one added, nothing else.
    expect(all.at(-1)).toMatchObject({ type: 'added', object: { id: idOf(999) } });
    expect(all.slice(700).map((e) => e.type)).toEqual(['added']);
    expect(server.requests.filter((q) => q.query.get('starting_after') === null)).toHaveLength(3);
    // Every page of every poll over one connection, kept alive.
    expect(server.connections()).toBe(1);
  });

  it('a retryable failure is one line on stderr and the watch goes on; a 401 ends it with exit 4 after the events so far', async () => {
    let n = 0;
    server.handle(() => {
      n += 1;
      if (n === 2) return { status: 503, body: envelope(503, 'down for a moment') };
      if (n === 4) return { status: 401, body: envelope(401, 'Invalid credentials') };
      return { body: { data: [{ id: idOf(1), name: 'a', status: n === 3 ? 'failed' : 'running' }], has_more: false } };
    });
    const r = await gwctl(['interns', 'ls', '--watch', '--jsonl', '--retries', '0', '--base-url', server.baseUrl], { env });
    expect(r.code).toBe(4);
    expect(summary(r.stdout)).toEqual(['added 01 running', 'modified 01 failed']);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('gwctl: HTTP 503: down for a moment; still watching, next poll in 2s');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1]!).error).toMatchObject({ status: 401, exit_code: 4 });
  });

  it('--interval: 0.5s at least, 1h at most; bad durations and --interval without --watch are exit 2, nothing sent', async () => {
    const cases: [string[], string][] = [
      [['--watch', '--interval', '0.4'], 'gwctl: invalid --interval "0.4": must be from 0.5s to 1h\n'],
      [['--watch', '--interval', '2h'], 'gwctl: invalid --interval "2h": must be from 0.5s to 1h\n'],
      [['--watch', '--interval', 'soon'], 'gwctl: invalid --interval "soon": expected a duration such as 90, 90s, 1.5s, 5m or 1h\n'],
      [['--interval', '5s'], 'gwctl: --interval goes with --watch\n'],
      [['--watch', '--starting-after', 'abc'], 'gwctl: --starting-after does not go with --watch, which reads every page\n'],
    ];
    for (const [flags, stderr] of cases) {
      const r = await gwctl(['interns', 'ls', ...flags, '--base-url', server.baseUrl], { env });
      expect(r).toMatchObject({ code: 2, stdout: '', stderr });
    }
    expect(server.requests).toHaveLength(0);
    const fast = await gwctl(['interns', 'ls', '--watch', '--interval', '0.5', '--jsonl', '--base-url', server.baseUrl], {
      env,
      signal: serve([{ id: idOf(1), name: 'a', status: 'running' }], 3),
    });
    expect(fast.waits.slice(0, 3)).toEqual([500, 500, 500]);
  });
});

describe('interns get --watch and batches get --watch', () => {
  it('interns get: modified, then the intern is gone: a deleted event with its last state, exit 0', async () => {
    const script = ['running', 'running', 'stopped'];
    server.handle((_req, i) =>
      i < script.length
        ? { body: { id: idOf(7), name: 'g', status: script[i] } }
        : { status: 404, body: envelope(404, 'Intern not found', { reason: 'not_found', retryable: false }) },
    );
    const r = await gwctl(['interns', 'get', idOf(7), '--watch', '--jsonl', '--base-url', server.baseUrl], { env });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(summary(r.stdout)).toEqual(['added 07 running', 'modified 07 stopped', 'deleted 07 stopped']);
  });

  it('interns get: an intern that is not there at the start is exit 5, as without --watch', async () => {
    server.handle(() => ({ status: 404, body: envelope(404, 'Intern not found', { reason: 'not_found', retryable: false }) }));
    const r = await gwctl(['interns', 'get', idOf(7), '--watch', '--base-url', server.baseUrl], { env });
    expect(r).toMatchObject({ code: 5, stdout: '' });
  });

  it("only the object's own answer is a deletion: a 404 of another kind (no route, a proxy's page) is exit 5 with what the server said", async () => {
    const noRoute = { status: 404, body: envelope(404, 'No route for GET /api/v1/interns/x') };
    const page = { status: 404, headers: { 'content-type': 'text/html' }, body: '<html>Not Found</html>' };
    for (const [args, first, lost, said] of [
      [['interns', 'get', idOf(7)], { body: { id: idOf(7), name: 'g', status: 'running' } }, noRoute, 'No route for GET /api/v1/interns/x'],
      [
        ['batches', 'get', 'batch_w'],
        { body: { id: 'batch_w', object: 'batch', status: 'in_progress', request_counts: { total: 4, completed: 1, failed: 0 } } },
        page,
        'Not Found (text/html): "<html>Not Found</html>"',
      ],
      [
        ['batches', 'get', 'batch_w'],
        { body: { id: 'batch_w', object: 'batch', status: 'in_progress', request_counts: { total: 4, completed: 1, failed: 0 } } },
        noRoute,
        'No route for GET /api/v1/interns/x',
      ],
    ] as const) {
      server.reset();
      server.handle((_req, i) => (i === 0 ? first : lost));
      const r = await gwctl([...args, '--watch', '--jsonl', '--base-url', server.baseUrl], { env });
      expect(r.code).toBe(5);
      expect(
        r.stdout
          .split('\n')
          .filter(Boolean)
          .map((l) => (JSON.parse(l) as { type: string }).type),
      ).toEqual(['added']);
      expect(JSON.parse(r.stderr)).toMatchObject({ error: { status: 404, message: said, exit_code: 5 } });
    }
  });

  it('batches get: piped rows of each change; --watch with --wait, or a short --interval, is exit 2', async () => {
    const batch = (status: string, completed: number) => ({
      body: { id: 'batch_w', object: 'batch', status, request_counts: { total: 4, completed, failed: 0 } },
    });
    const script = [batch('in_progress', 1), batch('in_progress', 3), batch('completed', 4)];
    server.handle((_req, i) =>
      i < script.length ? script[i]! : { status: 404, body: envelope(404, 'Batch not found', { reason: 'not_found', retryable: false }) },
    );
    const r = await gwctl(['batches', 'get', 'batch_w', '--watch', '--base-url', server.baseUrl], { env });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe(
      [
        'added\tbatch_w\tin_progress\t1\t0\t4',
        'modified\tbatch_w\tin_progress\t3\t0\t4',
        'modified\tbatch_w\tcompleted\t4\t0\t4',
        'deleted\tbatch_w\tcompleted\t4\t0\t4',
        '',
      ].join('\n'),
    );
    server.reset();
    for (const [flags, stderr] of [
      [['--wait'], 'gwctl: --watch and --wait do not go together; --wait ends when the batch does; --watch when interrupted\n'],
      [['--interval', '0.2'], 'gwctl: invalid --interval "0.2": must be from 0.5s to 1h\n'],
    ] as const) {
      const bad = await gwctl(['batches', 'get', 'batch_w', '--watch', ...flags, '--base-url', server.baseUrl], { env });
      expect(bad).toMatchObject({ code: 2, stdout: '', stderr });
    }
    expect(server.requests).toHaveLength(0);
  });
});
