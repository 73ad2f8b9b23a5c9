// byok ls against a scripted server: offset pages read a few at a time by total_count, filters,
// a failed page, and refusals before sending.
import { describe, expect, it } from 'vitest';
import { type ByokCredentialBody } from '../../kit/bodies.js';
import { envKeyHint } from '../../kit/hints.js';
import { scriptedRuns } from '../../kit/scripted-runs.js';
import { envelope, type Reply } from '../../kit/server.js';
import { sandboxRuns } from '../../kit/sandbox.js';

const KEY = 'sk-api-test-0123456789abcdef';
const WS = '89f9f5b2-3f89-4eaf-83ca-5ceae149e8bb';
const NOT_FOUND: Reply = { status: 404, body: envelope(404, 'Not found', { reason: 'not_found', retryable: false }) };

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

const credentials = Array.from({ length: 7 }, (_, i) => credential(i + 1));

const scripted = scriptedRuns({
  env: { GWCTL_API_KEY: KEY, GWCTL_MANAGEMENT_KEY: KEY },
  fallback: (req) => {
    if (req.path !== '/api/v1/byok') return NOT_FOUND;
    const limit = Number(req.query.get('limit') ?? 50);
    const offset = Number(req.query.get('offset') ?? 0);
    return { body: { data: credentials.slice(offset, offset + limit), total_count: credentials.length } };
  },
});
const run = scripted.run;
const queries = () => scripted.server.requests.map((r) => Object.fromEntries(r.query));

describe('byok ls', () => {
  it('--all uses total_count to fetch the remaining pages concurrently and prints them in order', async () => {
    // Later pages answer first, so printing in order is not an accident of arrival.
    scripted.script = (req) => {
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
    expect(scripted.server.maxInFlight()).toBe(3);
  });

  it('prints flags, order and restrictions in rows', async () => {
    const r = await run(['byok', 'ls', '--limit', '3']);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual([
      `${credentials[0]!.id}\topenai\tkey 1\tsk-...1AbC\tdisabled\t1\tnone\t2025-08-24T10:30:00.000Z`,
      `${credentials[1]!.id}\topenai\tkey 2\tsk-...2AbC\tfallback\t2\tnone\t2025-08-24T10:30:00.000Z`,
      `${credentials[2]!.id}\topenai\tkey 3\tsk-...3AbC\t\t3\tmodels: 2\t2025-08-24T10:30:00.000Z`,
    ]);
    expect(r.stderr).toBe(
      `More credentials exist: gwctl byok ls --limit 3 --offset 3 --base-url ${scripted.server.baseUrl} (or --all for every page)\n`,
    );
  });

  it('fails when one of the concurrent pages fails', async () => {
    scripted.script = (req) =>
      req.query.get('offset') === '4'
        ? { status: 401, body: { error: { code: 401, message: 'Missing Authentication header' } } }
        : undefined;
    const r = await run(['byok', 'ls', '--all', '--limit', '2']);
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(`gwctl: HTTP 401: Missing Authentication header${envKeyHint('management')}\n`);
  });

  it('a failed page cancels the pages fetched ahead of it: nothing of theirs follows the error line', async () => {
    scripted.script = (req) => {
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
    expect(scripted.server.requests).toHaveLength(0);
  });
});

describe('byok ls against the sandbox', () => {
  const { json } = sandboxRuns();

  it('--all holds total_count credentials', async () => {
    const body = await json(['byok', 'ls', '--all', '--limit', '100']);
    expect(body.data).toHaveLength(body.total_count);
    expect(new Set(body.data.map((c: { id: string }) => c.id)).size).toBe(body.total_count);
    const openai = await json(['byok', 'ls', '--all', '--provider', 'openai']);
    expect(openai.data.every((c: { provider: string }) => c.provider === 'openai')).toBe(true);
  });
});
