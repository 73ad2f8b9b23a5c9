// A list the server never ends must end here. Each script below answers in a way that would keep
// a naive reader asking forever; gwctl stops with exit 1, one line naming where, and what was read
// before that page handled as for a page that fails (rows of the earlier pages; --json unfinished).
// The server itself refuses every request past the tenth, so a reader without the guard fails
// these tests at once (another exit code, more requests) instead of running on.
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { internBody, type InternBody } from '../kit/bodies.js';
import { envelope, type Reply, type ScriptedServer, type Seen, startServer } from '../kit/server.js';

const KEY = 'sk-mgmt-endless-0123456789abcdef';
const WS = '89f9f5b2-3f89-4eaf-83ca-5ceae149e8bb';
const NEVER_ENDS = 'gwctl: the server kept the list from ending: ';
const NOT_IN_FULL = '; the list was not read in full\n';

function intern(n: number): InternBody {
  return internBody(n, { status: 'failed', workspace_id: WS });
}
const first = [intern(1), intern(2)];
const second = [intern(3), intern(4)];

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

/** Answers from `script` for the first ten requests; every later one is refused (418, not retried). */
function serve(script: (req: Seen) => Reply): void {
  server.handle((req, i) => (i < 10 ? script(req) : { status: 418, body: envelope(418, 'past the test limit', { retryable: false }) }));
}
const cursorOf = (req: Seen) => req.query.get('starting_after');
const page = (data: unknown[], more: Record<string, unknown>) => ({ body: { data, ...more } });

const env = { GWCTL_API_KEY: KEY, GWCTL_MANAGEMENT_KEY: KEY };
const run = (args: string[], tty = false) =>
  gwctl([...args, '--base-url', server.baseUrl], { env, stdoutIsTTY: tty, stderrIsTTY: false, columns: 120 });

/** What a page that failed after `items` leaves under --json: the merged body, unfinished. */
function unfinishedJson(stdout: string, items: unknown[]): void {
  expect(() => JSON.parse(stdout)).toThrow();
  expect(JSON.parse(`${stdout}\n  ]\n}`)).toEqual({ data: items });
}
const rows = (stdout: string) => stdout.split('\n').filter(Boolean);

// The three ways, each as a server script, the message gwctl gives, and the pages it may print.
const cases = [
  {
    name: 'a next_cursor that repeats one already followed',
    script: (req: Seen) => page(cursorOf(req) === null ? first : second, { has_more: true, next_cursor: 'c1' }),
    message: 'cursor "c1" came back after it was followed',
    requests: [null, 'c1'],
  },
  {
    name: 'a next_cursor that comes back two pages later',
    script: (req: Seen) => {
      const at = cursorOf(req);
      return at === null
        ? page(first, { has_more: true, next_cursor: 'c1' })
        : page(second, { has_more: true, next_cursor: at === 'c1' ? 'c2' : 'c1' });
    },
    message: 'cursor "c1" came back after it was followed',
    requests: [null, 'c1', 'c2'],
    printed: [...first, ...second],
  },
  {
    name: 'has_more true with no cursor',
    script: (req: Seen) => (cursorOf(req) === null ? page(first, { has_more: true, next_cursor: 'c1' }) : page(second, { has_more: true })),
    message: 'the page at cursor "c1" said more follow but gave no cursor',
    requests: [null, 'c1'],
  },
  {
    name: 'a page with has_more true and no item',
    script: (req: Seen) =>
      cursorOf(req) === null ? page(first, { has_more: true, next_cursor: 'c1' }) : page([], { has_more: true, next_cursor: 'c2' }),
    message: 'the page at cursor "c1" brought no item but said more follow',
    requests: [null, 'c1'],
  },
];

describe('interns ls --all', () => {
  for (const c of cases) {
    const printed = c.printed ?? first;
    describe(c.name, () => {
      it('piped: exit 1, one line, the rows of the pages before it', async () => {
        serve(c.script);
        const r = await run(['interns', 'ls', '--all']);
        expect(r.stderr).toBe(`${NEVER_ENDS}${c.message}${NOT_IN_FULL}`);
        expect(r.code).toBe(1);
        expect(rows(r.stdout).map((l) => l.split('\t')[1])).toEqual(printed.map((i) => i.name));
        expect(server.requests.map(cursorOf)).toEqual(c.requests);
      });

      it('--json: exit 1, the merged body left unfinished', async () => {
        serve(c.script);
        const r = await run(['interns', 'ls', '--all', '--json']);
        expect(r.code).toBe(1);
        expect(JSON.parse(r.stderr)).toEqual({
          error: { status: null, message: `${NEVER_ENDS.slice(7)}${c.message}${NOT_IN_FULL.trimEnd()}`, exit_code: 1 },
        });
        unfinishedJson(r.stdout, printed);
      });

      it('on a terminal: exit 1, the table of the pages before it', async () => {
        serve(c.script);
        const r = await run(['interns', 'ls', '--all'], true);
        expect(r.code).toBe(1);
        expect(r.stderr).toBe(`${NEVER_ENDS}${c.message}${NOT_IN_FULL}`);
        const lines = rows(stripVTControlCharacters(r.stdout));
        expect(lines[0]).toMatch(/^ID\s+NAME\s+STATUS/);
        expect(lines.slice(1).map((l) => l.split(/\s+/)[1])).toEqual(printed.map((i) => i.name));
      });
    });
  }

  it('the first page with has_more true and nothing else: named as the first page, nothing printed', async () => {
    serve(() => page([], { has_more: true }));
    const r = await run(['interns', 'ls', '--all']);
    expect(r).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `${NEVER_ENDS}the first page brought no item but said more follow${NOT_IN_FULL}`,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('a cursor given with --starting-after counts as followed', async () => {
    serve(() => page(first, { has_more: true, next_cursor: 'c0' }));
    const r = await run(['interns', 'ls', '--all', '--starting-after', 'c0']);
    expect(r).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `${NEVER_ENDS}cursor "c0" came back after it was followed${NOT_IN_FULL}`,
    });
    expect(server.requests.map(cursorOf)).toEqual(['c0']);
  });

  it('a hostile cursor is named made safe and cut short', async () => {
    const cursor = `\u001b[2J${'x'.repeat(300)}`;
    serve(() => page(first, { has_more: true, next_cursor: cursor }));
    const r = await run(['interns', 'ls', '--all']);
    const shown = `\\e[2J${'x'.repeat(34)}…`;
    expect(r.stderr).toBe(`${NEVER_ENDS}cursor "${shown}" came back after it was followed${NOT_IN_FULL}`);
    expect(r.code).toBe(1);
  });

  it('without --all one page is read and no guard is needed (the baseline)', async () => {
    serve(() => page(first, { has_more: true, next_cursor: 'c1' }));
    const r = await run(['interns', 'ls']);
    expect(r.code).toBe(0);
    expect(rows(r.stdout)).toHaveLength(2);
    expect(server.requests).toHaveLength(1);
  });
});

describe('interns suspend --status', () => {
  for (const c of cases) {
    it(`${c.name}: exit 1 before anything is suspended`, async () => {
      serve(c.script);
      const r = await run(['interns', 'suspend', '--status', 'failed', '--yes']);
      expect(r).toMatchObject({ code: 1, stdout: '', stderr: `${NEVER_ENDS}${c.message}${NOT_IN_FULL}` });
      expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual(c.requests.map(() => 'GET /api/v1/interns'));
      expect(server.requests[0]!.query.get('limit')).toBe('500');
    });
  }

  it('--dry-run prints no target', async () => {
    serve(cases[0]!.script);
    const r = await run(['interns', 'suspend', '--status', 'failed', '--dry-run']);
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: `${NEVER_ENDS}${cases[0]!.message}${NOT_IN_FULL}` });
  });
});

describe('api --paginate', () => {
  for (const c of cases) {
    describe(c.name, () => {
      const printed = c.printed ?? first;
      it('merged body: exit 1, left unfinished', async () => {
        serve(c.script);
        const r = await run(['api', 'interns', '--paginate']);
        expect(r.stderr).toBe(`${NEVER_ENDS}${c.message}${NOT_IN_FULL}`);
        expect(r.code).toBe(1);
        unfinishedJson(r.stdout, printed);
        expect(server.requests.map(cursorOf)).toEqual(c.requests);
      });

      it('--slurp and --silent: exit 1, nothing printed', async () => {
        serve(c.script);
        expect(await run(['api', 'interns', '--paginate', '--slurp'])).toMatchObject({
          code: 1,
          stdout: '',
          stderr: `${NEVER_ENDS}${c.message}${NOT_IN_FULL}`,
        });
        server.reset();
        serve(c.script);
        expect(await run(['api', 'interns', '--paginate', '--silent'])).toMatchObject({ code: 1, stdout: '' });
      });

      it('--jsonl: the items of the pages before it', async () => {
        serve(c.script);
        const r = await run(['api', 'interns', '--paginate', '--jsonl']);
        expect(r.code).toBe(1);
        expect(rows(r.stdout).map((l) => JSON.parse(l) as unknown)).toEqual(printed);
      });
    });
  }

  const offsetOf = (req: Seen) => Number(req.query.get('offset') ?? 0);

  it('offsets: a page with has_more true and no item', async () => {
    serve((req) => page(offsetOf(req) === 0 ? [{ n: 0 }, { n: 1 }] : [], { has_more: true }));
    const r = await run(['api', 'generations?limit=2', '--paginate']);
    expect(r.stderr).toBe(`${NEVER_ENDS}the page at offset 2 brought no item but said more follow${NOT_IN_FULL}`);
    expect(r.code).toBe(1);
    unfinishedJson(r.stdout, [{ n: 0 }, { n: 1 }]);
  });

  it('offsets: a server that ignores the offset (has_more true forever)', async () => {
    serve(() => page([{ n: 0 }, { n: 1 }], { has_more: true }));
    const r = await run(['api', 'generations?limit=2', '--paginate']);
    expect(r.stderr).toBe(`${NEVER_ENDS}the page at offset 2 repeats the page before it${NOT_IN_FULL}`);
    expect(r.code).toBe(1);
    unfinishedJson(r.stdout, [{ n: 0 }, { n: 1 }]);
    expect(server.requests.map((q) => q.url)).toEqual(['/api/v1/generations?limit=2', '/api/v1/generations?limit=2&offset=2']);
  });

  it('offsets: a server that ignores the offset under a total_count it never reaches', async () => {
    serve(() => page([{ n: 0 }, { n: 1 }], { total_count: 1_000_000 }));
    const r = await run(['api', 'keys?limit=2', '--paginate']);
    expect(r).toMatchObject({ code: 1, stderr: `${NEVER_ENDS}the page at offset 2 repeats the page before it${NOT_IN_FULL}` });
  });

  it('an offset list that shrinks to an empty page under total_count just ends (the baseline)', async () => {
    serve((req) => page(offsetOf(req) === 0 ? [{ n: 0 }, { n: 1 }] : [], { total_count: 5 }));
    const r = await run(['api', 'keys?limit=2', '--paginate']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toEqual({ data: [{ n: 0 }, { n: 1 }], total_count: 5 });
  });
});

describe('offset lists (--all)', () => {
  const credential = (n: number) => ({
    id: `11111111-2222-3333-4444-${String(n).padStart(12, '0')}`,
    workspace_id: WS,
    provider: 'openai',
    name: `key ${n}`,
    label: `sk-...${n}`,
    disabled: false,
    is_byok_only: false,
    is_fallback: false,
    is_required: false,
    sort_order: n,
    declared_zdr: null,
    allowed_api_key_hashes: null,
    allowed_models: null,
    allowed_user_ids: null,
    created_at: '2025-08-24T10:30:00Z',
  });

  it('byok ls --all against a server that ignores the offset: exit 1 after the first page', async () => {
    serve(() => page([credential(1), credential(2)], { total_count: 1_000_000 }));
    const r = await run(['byok', 'ls', '--all', '--limit', '2']);
    expect(r.stderr).toBe(`${NEVER_ENDS}the page at offset 2 repeats the page before it${NOT_IN_FULL}`);
    expect(r.code).toBe(1);
    expect(rows(r.stdout).map((l) => l.split('\t')[0])).toEqual([credential(1).id, credential(2).id]);
  });

  it('vault secrets --all, a page with has_more true and no item: exit 1', async () => {
    const secret = { name: 's1', hosts: ['a.example.com'], fingerprint: 'sha256:1', created_at: '2026-09-15T17:44:00.000Z' };
    serve((req) => page(Number(req.query.get('offset') ?? 0) === 0 ? [secret] : [], { has_more: true }));
    const r = await run(['vault', 'secrets', '7c9e6679-7425-40de-944b-e07fc1f90ae7', '--all', '--limit', '1']);
    expect(r.stderr).toBe(`${NEVER_ENDS}the page at offset 1 brought no item but said more follow${NOT_IN_FULL}`);
    expect(r.code).toBe(1);
    expect(rows(r.stdout).map((l) => l.split('\t')[0])).toEqual(['s1']);
  });
});
