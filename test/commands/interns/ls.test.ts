// interns ls against a scripted server: query names, --all across cursor pages, merged JSON,
// hints, refusals before sending, and failed pages.
import { describe, expect, it } from 'vitest';
import { internBody, type InternBody } from '../../kit/bodies.js';
import { envKeyHint, forbiddenEnvHint } from '../../kit/hints.js';
import { scriptedRuns } from '../../kit/scripted-runs.js';
import { envelope, type Reply } from '../../kit/server.js';
import { sandboxRuns } from '../../kit/sandbox.js';

const KEY = 'sk-api-test-0123456789abcdef';
const WS = '89f9f5b2-3f89-4eaf-83ca-5ceae149e8bb';
const NOT_FOUND: Reply = { status: 404, body: envelope(404, 'Not found', { reason: 'not_found', retryable: false }) };

function intern(n: number): InternBody {
  return internBody(n, {
    model: n % 2 ? 'openai/gpt-5.4' : null,
    status: n % 3 ? 'running' : 'failed',
    hostname: `intern-${n}.example.com`,
    last_failure_message: n % 3 ? null : 'disk full',
    workspace_id: WS,
    created_at: `2026-09-${String(10 + n).padStart(2, '0')}T08:30:00.000Z`,
  });
}

const interns = Array.from({ length: 7 }, (_, i) => intern(7 - i));

const scripted = scriptedRuns({
  env: { GWCTL_API_KEY: KEY, GWCTL_MANAGEMENT_KEY: KEY },
  fallback: (req) => {
    if (req.path !== '/api/v1/interns') return NOT_FOUND;
    const q = req.query;
    const limit = Number(q.get('limit') ?? 50);
    const start = q.has('starting_after') ? Number(q.get('starting_after')) : 0;
    const page = interns.slice(start, start + limit);
    const more = start + limit < interns.length;
    return { body: { data: page, has_more: more, ...(more ? { next_cursor: String(start + limit) } : {}) } };
  },
});
const run = scripted.run;
const queries = () => scripted.server.requests.map((r) => Object.fromEntries(r.query));

describe('interns ls', () => {
  it('prints one page as the API body under --json, and hints at the next page on stderr', async () => {
    const r = await run(['interns', 'ls', '--limit', '3', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ data: interns.slice(0, 3), has_more: true, next_cursor: '3' });
    // Pasted, it goes where this run went: the base URL was given as a flag.
    expect(r.stderr).toBe(
      `More interns exist: gwctl interns ls --limit 3 --starting-after 3 --base-url ${scripted.server.baseUrl} (or --all for every page)\n`,
    );
    expect(queries()).toEqual([{ limit: '3' }]);
  });

  it('--all follows next_cursor as starting_after across pages and merges them into one body', async () => {
    const r = await run(['interns', 'ls', '--all', '--limit', '3', '--status', 'running,failed,running', '--workspace', WS, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ data: interns, has_more: false });
    expect(queries()).toEqual([
      { limit: '3', status: 'running,failed', workspace_id: WS },
      { limit: '3', status: 'running,failed', workspace_id: WS, starting_after: '3' },
      { limit: '3', status: 'running,failed', workspace_id: WS, starting_after: '6' },
    ]);
    // Each page asked for once the last one is in: over the connection that brought it.
    expect(scripted.server.connections()).toBe(1);
  });

  it('prints rows when piped: id, name, status, model (empty for the workspace default), hostname, ISO time', async () => {
    const r = await run(['interns', 'ls', '--limit', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        `${interns[0]!.id}\tintern-7\trunning\topenai/gpt-5.4\tintern-7.example.com\t2026-09-17T08:30:00.000Z`,
        `${interns[1]!.id}\tintern-6\tfailed\t\tintern-6.example.com\t2026-09-16T08:30:00.000Z`,
        '',
      ].join('\n'),
    );
  });

  it('prints an empty list as a valid body', async () => {
    scripted.script = () => ({ body: { data: [], has_more: false } });
    const all = await run(['interns', 'ls', '--all', '--json']);
    expect(all).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(all.stdout)).toEqual({ data: [], has_more: false });
    const one = await run(['interns', 'ls', '--json']);
    expect(JSON.parse(one.stdout)).toEqual({ data: [], has_more: false });
  });

  it('fails the whole command when a later page fails, leaving the JSON unfinished', async () => {
    scripted.script = (req) =>
      req.query.get('starting_after') === '3'
        ? {
            status: 500,
            body: {
              error: { code: 500, message: 'The request could not be completed', metadata: { reason: 'internal_error', retryable: true } },
            },
          }
        : undefined;
    const r = await run(['interns', 'ls', '--all', '--limit', '3', '--json', '--retries', '0']);
    expect(r.code).toBe(7);
    expect(r.stderr).toBe(
      '{"error":{"status":500,"code":500,"message":"The request could not be completed","reason":"internal_error","retryable":true,"exit_code":7}}\n',
    );
    expect(() => JSON.parse(r.stdout)).toThrow();
  });

  it.each([
    [
      ['--status', 'running,sleeping'],
      'gwctl: invalid --status "running,sleeping": --status values must be among: awaiting_chat_install, queued, provisioning, running, failed, stopped, destroying, destroy_failed\n',
    ],
    [['--status', 'a,b,c,d,e,f,g,h,i'], 'gwctl: invalid --status "a,b,c,d,e,f,g,h,i": --status takes at most 8 statuses\n'],
    [['--limit', '0'], 'gwctl: invalid --limit "0": --limit must be an integer from 1 to 500\n'],
    [['--limit', '501'], 'gwctl: invalid --limit "501": --limit must be an integer from 1 to 500\n'],
    [['--limit', 'ten'], 'gwctl: invalid --limit "ten": --limit must be an integer from 1 to 500\n'],
    [['--workspace', 'prod'], 'gwctl: invalid --workspace "prod": must be a UUID such as 7c9e6679-7425-40de-944b-e07fc1f90ae7\n'],
  ])('refuses %j with exit 2 before sending', async (flags, stderr) => {
    const r = await run(['interns', 'ls', ...flags]);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr });
    expect(scripted.server.requests).toHaveLength(0);
  });

  it.each([
    [400, 'invalid_body', false, 2],
    [401, undefined, undefined, 4],
    [403, undefined, undefined, 4],
    [404, 'not_found', false, 5],
    [408, 'timeout', true, 7],
    [500, 'internal_error', true, 7],
  ])('maps HTTP %i to its exit code, with reason and retryable', async (status, reason, retryable, exit) => {
    const metadata = reason === undefined ? {} : { metadata: { reason, retryable } };
    scripted.script = () => ({ status, body: { error: { code: status, message: `message ${status}`, ...metadata } } });
    const r = await run(['interns', 'ls', '--retries', '0']);
    const details = reason === undefined ? '' : ` (reason: ${reason}, retryable: ${retryable})`;
    // A 401 says where the refused key came from (here the environment).
    const hint = status === 401 ? envKeyHint('api') : status === 403 ? forbiddenEnvHint('api', KEY) : '';
    expect(r).toMatchObject({ code: exit, stdout: '', stderr: `gwctl: HTTP ${status}: message ${status}${details}${hint}\n` });
  });

  it('accepts a string error code and shows it under --json', async () => {
    scripted.script = () => ({
      status: 404,
      body: { error: { code: 'not_found', message: 'Intern not found', metadata: { reason: 'not_found', retryable: false } } },
    });
    const r = await run(['interns', 'ls', '--json']);
    expect(r.code).toBe(5);
    expect(JSON.parse(r.stderr)).toEqual({
      error: { status: 404, code: 'not_found', message: 'Intern not found', reason: 'not_found', retryable: false, exit_code: 5 },
    });
  });
});

describe('interns ls against the sandbox', () => {
  const sandboxed = sandboxRuns();
  const { sandbox, json } = sandboxed;

  it('--all holds every intern, newest first, across pages', async () => {
    const body = await json(['interns', 'ls', '--all', '--limit', '120']);
    expect(body.has_more).toBe(false);
    expect(body.data).toHaveLength(300);
    const times = body.data.map((i: { created_at: string }) => Date.parse(i.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(
      sandbox()
        .requests()
        .filter((r) => r.path === '/api/v1/interns'),
    ).toHaveLength(3);
  });

  it('--status filters on the server', async () => {
    const body = await json(['interns', 'ls', '--all', '--status', 'failed,stopped']);
    expect(body.data.length).toBeGreaterThan(0);
    expect(new Set(body.data.map((i: { status: string }) => i.status))).toEqual(new Set(['failed', 'stopped']));
  });

  it("an intern's own key sees its intern but not the collection (exit 5)", async () => {
    const sb = sandbox();
    expect((await sandboxed.run(['interns', 'get', sb.examples.intern], { management: null, api: 'intern' })).code).toBe(0);
    const list = await sandboxed.run(['interns', 'ls'], { management: null, api: 'intern' });
    expect(list.code).toBe(5);
    expect(list.stderr).toMatch(/^gwctl: HTTP 404: .*\(reason: not_found, retryable: false\)\n$/);
  });
});
