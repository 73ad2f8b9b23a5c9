// vault secrets against a scripted server: offset pages, --all, the legacy secrets, and refusals
// before sending; against the sandbox, --all, key scopes and the intern picker.
import { describe, expect, it } from 'vitest';
import type { VaultSecretBody } from '../../kit/bodies.js';
import { scriptedRuns } from '../../kit/scripted-runs.js';
import { envelope, type Reply } from '../../kit/server.js';
import { gwctl, scriptedPrompter } from '../../kit/cli.js';
import { sandboxRuns } from '../../kit/sandbox.js';

const KEY = 'sk-api-test-0123456789abcdef';
const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const NOT_FOUND: Reply = { status: 404, body: envelope(404, 'Not found', { reason: 'not_found', retryable: false }) };

function secret(n: number): VaultSecretBody {
  const legacy = n === 2;
  return {
    name: `secret_${n}`,
    hosts: legacy ? null : [`api${n}.example.com`],
    fingerprint: legacy ? null : `sha256:${String(n).repeat(8)}`,
    created_at: '2026-09-15T17:44:00.000Z',
  };
}

const secrets = Array.from({ length: 5 }, (_, i) => secret(i + 1));

const scripted = scriptedRuns({
  env: { GWCTL_API_KEY: KEY, GWCTL_MANAGEMENT_KEY: KEY },
  fallback: (req) => {
    if (req.path !== `/api/v1/vault/interns/${INTERN}/secrets`) return NOT_FOUND;
    const limit = Number(req.query.get('limit') ?? 100);
    const offset = Number(req.query.get('offset') ?? 0);
    return { body: { data: secrets.slice(offset, offset + limit), has_more: offset + limit < secrets.length } };
  },
});
const run = scripted.run;
const queries = () => scripted.server.requests.map((r) => Object.fromEntries(r.query));

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
    expect(r.stderr).toBe(
      `More secrets exist: gwctl vault secrets ${INTERN} --limit 2 --offset 4 --base-url ${scripted.server.baseUrl} (or --all for every page)\n`,
    );
    expect(queries()).toEqual([{ limit: '2', offset: '2' }]);
  });

  it.each([
    [['not-a-uuid'], 'gwctl: invalid intern id "not-a-uuid": must be a UUID such as 7c9e6679-7425-40de-944b-e07fc1f90ae7\n'],
    [[INTERN, '--limit', '101'], 'gwctl: invalid --limit "101": --limit must be an integer from 1 to 100\n'],
    [[INTERN, '--offset', '10001'], 'gwctl: invalid --offset "10001": --offset must be an integer from 0 to 10000\n'],
  ])('refuses %j with exit 2 before sending', async (args, stderr) => {
    const r = await run(['vault', 'secrets', ...args]);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr });
    expect(scripted.server.requests).toHaveLength(0);
  });
});

describe('vault secrets against the sandbox', () => {
  const sandboxed = sandboxRuns();
  const sandbox = sandboxed.sandbox;

  it("--all holds the intern's secrets in name order, legacy ones included", async () => {
    const body = await sandboxed.json(['vault', 'secrets', sandboxed.sandbox().examples.intern, '--all', '--limit', '50']);
    const names = body.data.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort());
    expect(names.length).toBeGreaterThan(100);
    expect(body.data.some((s: { hosts: unknown }) => s.hosts === null)).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/"value"/);
  });

  it('a key outside the interns programme gets 404 on interns and vault (exit 5)', async () => {
    const r = await sandboxed.run(['vault', 'secrets', sandboxed.sandbox().examples.intern], { management: null, api: 'outsider' });
    expect(r.code).toBe(5);
  });

  it('vault secrets without an intern id picks one, and without a terminal says how to give it', async () => {
    const sb = sandbox();
    // The example intern is among the oldest: "load more" until it is shown, then take it.
    const prompter = scriptedPrompter({ search: [0, 1, 2].map(() => ({ type: sb.examples.intern, pick: 0 })) });
    const r = await gwctl(['vault', 'secrets', '--limit', '2', '--jq', '.data[].name'], { env: sb.env(), prompter });
    expect(new Set(prompter.asked)).toEqual(new Set(['Which intern to list the secrets of?']));
    expect(prompter.offered.at(-1)![0]).toMatch(/\(running\)$/);
    expect(r).toMatchObject({ code: 0, stdout: 'aws_access_key\ndatabase_url\n' });
    const refused = await gwctl(['vault', 'secrets'], { env: sb.env() });
    expect(refused).toMatchObject({
      code: 2,
      stdout: '',
      stderr: "gwctl: missing intern id; give one, as in 'gwctl vault secrets <intern-id>' (the picker needs a terminal)\n",
    });
  });
});
