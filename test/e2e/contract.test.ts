// The contract as a user's script meets it, one or two runs per command of the built binary
// against a scripted server on 127.0.0.1: exit codes, stdout and stderr exactly. The detailed
// cases of each command run in-process under test/commands; these prove the same hold for the
// binary (and, run with GWCTL_TEST_NODE or GWCTL_TEST_BINARY, for other Node versions and the
// standalone build).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchBody, fixture, type BatchBody, type ByokListBody, type InternListBody, type VaultSecretListBody } from '../kit/bodies.js';
import { envelope, startServer, type ScriptedServer } from '../kit/server.js';
import { ROOT, runGwctl, tempConfigDir } from '../kit/spawn.js';

const KEY = 'sk-mgmt-e2e-0123456789abcdef';
const ENDPOINT_ID = '5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11';
const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const WS = '89f9f5b2-3f89-4eaf-83ca-5ceae149e8bb';
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const interns: InternListBody = {
  data: [
    {
      id: INTERN,
      name: 'scribe',
      description: null,
      instructions: null,
      model: null,
      status: 'running',
      hostname: 'scribe.example.com',
      progress: null,
      last_failure_message: null,
      vault_id: null,
      attached_vault_id: null,
      workspace_id: WS,
      created_at: '2026-09-10T08:30:00.000Z',
      updated_at: '2026-09-30T08:30:00.000Z',
    },
  ],
  has_more: true,
  next_cursor: 'c1',
};
const secrets: VaultSecretListBody = {
  data: [{ name: 'github_token', hosts: ['api.github.com'], fingerprint: 'sha256:abcd', created_at: '2026-09-15T17:44:00.000Z' }],
  has_more: false,
};
const byok: ByokListBody = {
  data: [
    {
      id: '11111111-2222-3333-4444-000000000001',
      workspace_id: WS,
      provider: 'openai',
      name: 'main',
      label: 'sk-...AbC',
      disabled: false,
      is_byok_only: false,
      is_fallback: false,
      is_required: false,
      sort_order: 0,
      declared_zdr: null,
      allowed_api_key_hashes: null,
      allowed_models: null,
      allowed_user_ids: null,
      created_at: '2025-08-24T10:30:00Z',
    },
  ],
  total_count: 1,
};
const batch: BatchBody = batchBody();

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer(
    (req) => {
      if (req.path === `/api/v1/private-endpoints/${ENDPOINT_ID}`) return { body: fixture('private-endpoint') };
      if (req.path === '/api/v1/tools/openrouter%3Aweb_search') return { body: fixture('tool') };
      if (req.path === '/api/v1/workspaces/production/budgets') return { body: fixture('budgets') };
      if (req.path === '/api/v1/interns') return { body: interns };
      if (req.path === `/api/v1/interns/${INTERN}/suspend`) return { body: { suspended: true } };
      if (req.path === `/api/v1/vault/interns/${INTERN}/secrets`) return { body: secrets };
      if (req.path === '/api/v1/byok') return { body: byok };
      if (req.path === '/api/v1/batches/batch_abc123' && req.method === 'GET') return { body: batch };
      if (req.path === '/api/v1/batches/batch_abc123') return { status: 409, body: envelope(409, 'Only finished batches can be deleted.') };
      if (req.path === '/api/v1/presets/support-bot/messages')
        return { status: 400, body: envelope(400, 'invalid preset', { reason: 'invalid_body', retryable: false }) };
      return { status: 404, body: envelope(404, 'Resource not found') };
    },
    { keys: { management: KEY } },
  );
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const run = (args: string[], options: { input?: string; configDir?: string; env?: Record<string, string | undefined> } = {}) =>
  runGwctl([...args, '--base-url', server.baseUrl], {
    env: { GWCTL_MANAGEMENT_KEY: KEY, ...options.env },
    ...(options.input === undefined ? {} : { input: options.input }),
    ...(options.configDir ? { configDir: options.configDir } : {}),
  });

describe('reads', () => {
  it('endpoints get --json is the body, sent with the management key', async () => {
    const r = await run(['endpoints', 'get', ENDPOINT_ID, '--json']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toEqual(fixture('private-endpoint'));
    expect(server.requests.map((q) => [q.method, q.path, q.key])).toEqual([
      ['GET', `/api/v1/private-endpoints/${ENDPOINT_ID}`, 'management'],
    ]);
  });

  it('tools get prints rows when piped', async () => {
    const r = await run(['tools', 'get', 'openrouter:web_search']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout.split('\n').slice(0, 3)).toEqual(['id\topenrouter:web_search', 'name\tWeb search', 'status\tactive']);
  });

  it('budgets ls: an unknown workspace is exit 5, one JSON object on stderr under --json', async () => {
    const rows = await run(['budgets', 'ls', 'production']);
    expect(rows.code).toBe(0);
    expect(rows.stdout.trimEnd().split('\n')).toHaveLength(3);
    const missing = await run(['budgets', 'ls', 'staging', '--json']);
    expect(missing).toMatchObject({ code: 5, stdout: '' });
    expect(JSON.parse(missing.stderr)).toEqual({ error: { status: 404, code: 404, message: 'Resource not found', exit_code: 5 } });
  });
});

describe('lists', () => {
  it('interns ls: rows, and the next-page hint on stderr', async () => {
    const r = await run(['interns', 'ls', '--limit', '1']);
    expect(r).toMatchObject({
      code: 0,
      stdout: `${INTERN}\tscribe\trunning\t\tscribe.example.com\t2026-09-10T08:30:00.000Z\n`,
      // The suggested command goes where this one went: the base URL was given as a flag.
      stderr: `More interns exist: gwctl interns ls --limit 1 --starting-after c1 --base-url ${server.baseUrl} (or --all for every page)\n`,
    });
  });

  it('interns ls refuses a bad --status with exit 2 before sending', async () => {
    const r = await run(['interns', 'ls', '--status', 'sleeping']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^gwctl: invalid --status "sleeping": /);
    expect(server.requests).toHaveLength(0);
  });

  it('vault secrets and byok ls print their rows', async () => {
    const vault = await run(['vault', 'secrets', INTERN]);
    expect(vault).toMatchObject({ code: 0, stdout: 'github_token\tapi.github.com\tsha256:abcd\t2026-09-15T17:44:00.000Z\n', stderr: '' });
    const keys = await run(['byok', 'ls', '--json']);
    expect(keys.code).toBe(0);
    expect(JSON.parse(keys.stdout)).toEqual(byok);
  });
});

describe('actions', () => {
  it('interns suspend: refused without --yes and a terminal, done with --yes', async () => {
    const refused = await run(['interns', 'suspend', INTERN]);
    expect(refused.code).toBe(2);
    expect(server.requests).toHaveLength(0);
    const done = await run(['interns', 'suspend', INTERN, '--yes']);
    expect(done).toMatchObject({ code: 0, stdout: `${INTERN}\tsuspended\n`, stderr: '' });
    expect(server.requests.map((q) => [q.method, q.body])).toEqual([['POST', '']]);
  });

  it('batches get shows the batch; batches delete of a running one is exit 6, not retried', async () => {
    const got = await run(['batches', 'get', 'batch_abc123']);
    expect(got.code).toBe(0);
    expect(got.stdout).toContain('status\tin_progress\n');
    server.reset();
    const del = await run(['batches', 'delete', 'batch_abc123', '--yes']);
    expect(del).toMatchObject({ code: 6, stdout: '', stderr: 'gwctl: HTTP 409: Only finished batches can be deleted.\n' });
    expect(server.requests).toHaveLength(1);
  });

  it('presets create: --dry-run from stdin sends nothing; a 400 is exit 2 with its reason', async () => {
    const dry = await run(['presets', 'create', 'support-bot', '--file', '-', '--dry-run'], {
      input: JSON.stringify({ model: 'm', stream: true }),
    });
    expect(dry).toMatchObject({
      code: 0,
      stderr:
        'Dry run: nothing sent. The service will ignore: stream.\n' +
        'A new version of support-bot would hold only: model.\n' +
        'If the preset already has a version, the fields not given are not carried over from it.\n',
    });
    expect(JSON.parse(dry.stdout)).toEqual({ model: 'm', stream: true });
    expect(server.requests).toHaveLength(0);
    const refused = await run(['presets', 'create', 'support-bot', '--model', 'm']);
    expect(refused).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'gwctl: HTTP 400: invalid preset (reason: invalid_body, retryable: false)\n',
    });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ model: 'm' });
  });
});

describe('credentials and settings', () => {
  it('auth login --with-token stores the key 0600; auth status shows it masked; logout removes it', async () => {
    const dir = tempConfigDir();
    const key = 'sk-or-v1-e2ekey-0123456789abcdef';
    const login = await runGwctl(['auth', 'login', '--with-token', '--insecure-storage', '--no-verify'], {
      configDir: dir,
      input: `${key}\n`,
    });
    const file = path.join(dir, 'config.json');
    expect(login).toMatchObject({
      code: 0,
      stdout: '',
      stderr: `Stored the management key sk-or-…cdef for profile "default" in ${file}; it is sent only to https://openrouter.ai\n`,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const status = await runGwctl(['auth', 'status', '--json', '--offline'], { configDir: dir });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout).management_key).toEqual({
      masked: 'sk-or-…cdef',
      source: 'file',
      bound_to: 'https://openrouter.ai',
      check: 'offline',
    });
    expect(status.stdout + status.stderr).not.toContain(key);
    expect(await runGwctl(['auth', 'logout'], { configDir: dir })).toMatchObject({
      code: 0,
      stderr: 'Removed the management key of profile "default".\n',
    });
    expect(await runGwctl(['auth', 'status', '--offline'], { configDir: dir })).toMatchObject({
      code: 4,
      stderr: "gwctl: no credentials configured; run 'gwctl auth login' or set GWCTL_MANAGEMENT_KEY\n",
    });
  });

  it('config set, get and path; a bad value is a usage error', async () => {
    const dir = tempConfigDir();
    expect((await runGwctl(['config', 'set', 'workspace', 'production'], { configDir: dir })).code).toBe(0);
    expect(await runGwctl(['config', 'get', 'workspace'], { configDir: dir })).toMatchObject({
      code: 0,
      stdout: 'production\n',
      stderr: '',
    });
    expect(await runGwctl(['config', 'path'], { configDir: dir })).toMatchObject({ code: 0, stdout: `${path.join(dir, 'config.json')}\n` });
    expect(await runGwctl(['config', 'set', 'retries', '99'], { configDir: dir })).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'gwctl: invalid value for retries: "99" (expected an integer from 0 to 10)\n',
    });
  });
});

describe('the program itself', () => {
  it('--version prints the package version', async () => {
    expect(await runGwctl(['--version'])).toMatchObject({ code: 0, stdout: `gwctl ${VERSION}\n`, stderr: '' });
  });

  it('help exit-codes, completion and an unknown command', async () => {
    const help = await runGwctl(['help', 'exit-codes']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Exit codes:\n\n {2}0 {4}success/);
    const completion = await runGwctl(['completion', 'bash']);
    expect(completion.code).toBe(0);
    expect(completion.stdout).toBe(readFileSync(path.join(ROOT, 'completions', 'gwctl.bash'), 'utf8'));
    expect(await runGwctl(['intrns', 'ls'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: "gwctl: unknown command 'intrns'; did you mean interns?\n",
    });
  });

  it('a transient failure that outlives the retries is exit 7', async () => {
    server.handle(() => ({ status: 503, headers: { 'retry-after': '0' }, body: envelope(503, 'down') }));
    const r = await run(['interns', 'get', INTERN, '--retries', '1']);
    expect(r).toMatchObject({ code: 7, stdout: '', stderr: 'gwctl: HTTP 503: down (after 2 attempts)\n' });
    expect(server.requests).toHaveLength(2);
  });
});
