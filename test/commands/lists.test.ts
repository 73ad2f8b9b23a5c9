// Paged lists (interns, vault secrets, BYOK) against a scripted server: query names, --all
// across pages, merged JSON, hints, refusals before sending, and failed pages.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envKeyHint } from '../kit/hints.js';
import { gwctl } from '../kit/cli.js';
import { internBody, type ByokCredentialBody, type InternBody, type VaultSecretBody } from '../kit/bodies.js';
import { startServer, type Reply, type Seen, type ScriptedServer } from '../kit/server.js';

const KEY = 'sk-api-test-0123456789abcdef';
const WS = '89f9f5b2-3f89-4eaf-83ca-5ceae149e8bb';
const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

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

function secret(n: number): VaultSecretBody {
  const legacy = n === 2;
  return {
    name: `secret_${n}`,
    hosts: legacy ? null : [`api${n}.example.com`],
    fingerprint: legacy ? null : `sha256:${String(n).repeat(8)}`,
    created_at: '2026-09-15T17:44:00.000Z',
  };
}

function credential(n: number): ByokCredentialBody {
  return {
    id: `11111111-2222-3333-4444-${String(n).padStart(12, '0')}`,
    workspace_id: WS,
    provider: 'openai',
    name: `key ${n}`,
    label: `sk-...${n}AbC`,
    disabled: n === 1,
    is_byok_only: false,
    is_fallback: n === 2,
    is_required: false,
    sort_order: n,
    declared_zdr: null,
    allowed_api_key_hashes: null,
    allowed_models: n === 3 ? ['openai/gpt-4o', 'openai/gpt-5'] : null,
    allowed_user_ids: null,
    created_at: '2025-08-24T10:30:00Z',
  };
}

const interns = Array.from({ length: 7 }, (_, i) => intern(7 - i));
const secrets = Array.from({ length: 5 }, (_, i) => secret(i + 1));
const credentials = Array.from({ length: 7 }, (_, i) => credential(i + 1));

let override: ((req: Seen) => Reply | undefined) | undefined;
let server: ScriptedServer;

beforeAll(async () => {
  server = await startServer((req) => {
    const custom = override?.(req);
    if (custom) return custom;
    const q = req.query;
    if (req.path === '/api/v1/interns') {
      const limit = Number(q.get('limit') ?? 50);
      const start = q.has('starting_after') ? Number(q.get('starting_after')) : 0;
      const page = interns.slice(start, start + limit);
      const more = start + limit < interns.length;
      return { body: { data: page, has_more: more, ...(more ? { next_cursor: String(start + limit) } : {}) } };
    }
    if (req.path === `/api/v1/vault/interns/${INTERN}/secrets`) {
      const limit = Number(q.get('limit') ?? 100);
      const offset = Number(q.get('offset') ?? 0);
      return { body: { data: secrets.slice(offset, offset + limit), has_more: offset + limit < secrets.length } };
    }
    if (req.path === '/api/v1/byok') {
      const limit = Number(q.get('limit') ?? 50);
      const offset = Number(q.get('offset') ?? 0);
      return { body: { data: credentials.slice(offset, offset + limit), total_count: credentials.length } };
    }
    return { status: 404, body: { error: { code: 404, message: 'Not found', metadata: { reason: 'not_found', retryable: false } } } };
  });
});
afterAll(() => server.close());
beforeEach(() => {
  override = undefined;
  server.reset();
});

const run = (args: string[]) => gwctl([...args, '--base-url', server.baseUrl], { env: { GWCTL_API_KEY: KEY, GWCTL_MANAGEMENT_KEY: KEY } });
const queries = () => server.requests.map((r) => Object.fromEntries(r.query));

describe('interns ls', () => {
  it('prints one page as the API body under --json, and hints at the next page on stderr', async () => {
    const r = await run(['interns', 'ls', '--limit', '3', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ data: interns.slice(0, 3), has_more: true, next_cursor: '3' });
    expect(r.stderr).toBe('More interns exist: gwctl interns ls --limit 3 --starting-after 3 (or --all for every page)\n');
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
    override = () => ({ body: { data: [], has_more: false } });
    const all = await run(['interns', 'ls', '--all', '--json']);
    expect(all).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(all.stdout)).toEqual({ data: [], has_more: false });
    const one = await run(['interns', 'ls', '--json']);
    expect(JSON.parse(one.stdout)).toEqual({ data: [], has_more: false });
  });

  it('fails the whole command when a later page fails, leaving the JSON unfinished', async () => {
    override = (req) =>
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
    expect(server.requests).toHaveLength(0);
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
    override = () => ({ status, body: { error: { code: status, message: `message ${status}`, ...metadata } } });
    const r = await run(['interns', 'ls', '--retries', '0']);
    const details = reason === undefined ? '' : ` (reason: ${reason}, retryable: ${retryable})`;
    // A 401 says where the refused key came from (here the environment).
    const hint = status === 401 ? envKeyHint('api') : '';
    expect(r).toMatchObject({ code: exit, stdout: '', stderr: `gwctl: HTTP ${status}: message ${status}${details}${hint}\n` });
  });

  it('accepts a string error code and shows it under --json', async () => {
    override = () => ({
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

describe('vault secrets', () => {
  it('--all pages by offset and merges the pages in name order', async () => {
    const r = await run(['vault', 'secrets', INTERN, '--all', '--limit', '2', '--json']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toEqual({ data: secrets, has_more: false });
    const offsets = queries().map((q) => q.offset ?? '0');
    expect(offsets.slice(0, 3)).toEqual(['0', '2', '4']);
    expect(queries().every((q) => q.limit === '2')).toBe(true);
  });

  it('marks legacy secrets and never shows a value', async () => {
    const r = await run(['vault', 'secrets', INTERN]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[1]).toBe('secret_2\t\t\t2026-09-15T17:44:00.000Z');
    expect(r.stdout.split('\n')[0]).toBe('secret_1\tapi1.example.com\tsha256:11111111\t2026-09-15T17:44:00.000Z');
  });

  it('hints at the next offset without --all', async () => {
    const r = await run(['vault', 'secrets', INTERN, '--limit', '2', '--offset', '2']);
    expect(r.stderr).toBe(`More secrets exist: gwctl vault secrets ${INTERN} --limit 2 --offset 4 (or --all for every page)\n`);
    expect(queries()).toEqual([{ limit: '2', offset: '2' }]);
  });

  it.each([
    [['not-a-uuid'], 'gwctl: invalid intern id "not-a-uuid": must be a UUID such as 7c9e6679-7425-40de-944b-e07fc1f90ae7\n'],
    [[INTERN, '--limit', '101'], 'gwctl: invalid --limit "101": --limit must be an integer from 1 to 100\n'],
    [[INTERN, '--offset', '10001'], 'gwctl: invalid --offset "10001": --offset must be an integer from 0 to 10000\n'],
  ])('refuses %j with exit 2 before sending', async (args, stderr) => {
    const r = await run(['vault', 'secrets', ...args]);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr });
    expect(server.requests).toHaveLength(0);
  });
});

describe('byok ls', () => {
  it('--all uses total_count to fetch the remaining pages concurrently and prints them in order', async () => {
    // Later pages answer first, so printing in order is not an accident of arrival.
    override = (req) => {
      const offset = Number(req.query.get('offset') ?? 0);
      if (offset === 0) return undefined;
      return { delayMs: 200 - offset * 20, body: { data: credentials.slice(offset, offset + 2), total_count: credentials.length } };
    };
    const r = await run(['byok', 'ls', '--all', '--limit', '2', '--provider', 'openai', '--workspace', WS, '--json']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toEqual({ data: credentials, total_count: 7 });
    const seen = queries()
      .map((q) => q.offset ?? '0')
      .sort();
    expect(seen).toEqual(['0', '2', '4', '6']);
    expect(queries().every((q) => q.limit === '2' && q.provider === 'openai' && q.workspace_id === WS)).toBe(true);
    expect(server.maxInFlight()).toBe(3);
  });

  it('prints flags, order and restrictions in rows', async () => {
    const r = await run(['byok', 'ls', '--limit', '3']);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual([
      `${credentials[0]!.id}\topenai\tkey 1\tsk-...1AbC\tdisabled\t1\tnone\t2025-08-24T10:30:00.000Z`,
      `${credentials[1]!.id}\topenai\tkey 2\tsk-...2AbC\tfallback\t2\tnone\t2025-08-24T10:30:00.000Z`,
      `${credentials[2]!.id}\topenai\tkey 3\tsk-...3AbC\t\t3\tmodels: 2\t2025-08-24T10:30:00.000Z`,
    ]);
    expect(r.stderr).toBe('More credentials exist: gwctl byok ls --limit 3 --offset 3 (or --all for every page)\n');
  });

  it('fails when one of the concurrent pages fails', async () => {
    override = (req) =>
      req.query.get('offset') === '4'
        ? { status: 401, body: { error: { code: 401, message: 'Missing Authentication header' } } }
        : undefined;
    const r = await run(['byok', 'ls', '--all', '--limit', '2']);
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(`gwctl: HTTP 401: Missing Authentication header${envKeyHint('management')}\n`);
  });

  it('a failed page cancels the pages fetched ahead of it: nothing of theirs follows the error line', async () => {
    override = (req) => {
      const offset = Number(req.query.get('offset') ?? 0);
      if (offset === 2) return { body: 0 };
      if (offset > 2) return { delayMs: 2_000, status: 503, body: { error: { code: 503, message: 'busy' } } };
      return undefined;
    };
    const began = Date.now();
    const r = await run(['byok', 'ls', '--all', '--limit', '2', '--debug']);
    expect(r.code).toBe(1);
    // The first page was printed as it came; the error says the rest is missing.
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(2);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('gwctl: HTTP 200: unexpected response for list BYOK credentials: the body is not object');
    expect(lines.filter((l) => l === 'gwctl: debug: < cancelled: no longer needed')).toHaveLength(2);
    expect(r.stderr).not.toContain('waiting');
    expect(Date.now() - began).toBeLessThan(1_500);
  });

  it.each([
    [
      ['--provider', 'OpenAI'],
      'gwctl: invalid --provider "OpenAI": --provider must be a lowercase-hyphen provider slug such as openai or amazon-bedrock\n',
    ],
    [['--limit', '101'], 'gwctl: invalid --limit "101": --limit must be an integer from 1 to 100\n'],
    [['--offset', '-1'], 'gwctl: invalid --offset "-1": --offset must be an integer of at least 0\n'],
    [['--workspace', 'default'], 'gwctl: invalid --workspace "default": must be a UUID such as 7c9e6679-7425-40de-944b-e07fc1f90ae7\n'],
  ])('refuses %j with exit 2 before sending', async (flags, stderr) => {
    const r = await run(['byok', 'ls', ...flags]);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr });
    expect(server.requests).toHaveLength(0);
  });
});
