// Keys: no flag takes one; they are never echoed back (usage errors, --debug, server echoes,
// excerpts cut short); and they never leave over plain http except to loopback, which is
// refused before any connection. (Storage with mode 0600 and the loose-mode warning are in
// test/commands/auth/login.test.ts.)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { maskKey } from '../../src/core/mask.js';
import { envKeyHint } from '../kit/hints.js';
import { gwctl } from '../kit/cli.js';
import { type ScriptedServer, envelope, startServer } from '../kit/server.js';
import { tempConfigDir, expectNoCrash } from '../kit/spawn.js';

/** gwctl in-process with these variables over the test environment. */
const run = (args: readonly string[], env: Record<string, string | undefined> = {}) => gwctl(args, { env });

// The middle word never appears in a masked key, so finding it anywhere means a leak, even a partial one.
const MGMT = 'sk-mgmt-LEAKMGMT-0123456789abcdef';
const API = 'sk-api-LEAKAPI-fedcba9876543210';
const env = { GWCTL_MANAGEMENT_KEY: MGMT, GWCTL_API_KEY: API };
const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

function expectNoKey(text: string): void {
  expect(text).not.toContain('LEAKMGMT');
  expect(text).not.toContain('LEAKAPI');
}

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('no key on the command line', () => {
  it.each([
    [['interns', 'ls', '--management-key', MGMT], "gwctl: unknown option '--management-key'; see 'gwctl interns ls --help'"],
    [['interns', 'ls', `--management-key=${MGMT}`], "gwctl: unknown option '--management-key'; see 'gwctl interns ls --help'"],
    [['byok', 'ls', `--token=${API}`], "gwctl: unknown option '--token'; see 'gwctl byok ls --help'"],
    [['--key', MGMT, 'tools', 'get', 'web'], "gwctl: unknown option '--key'; see 'gwctl --help'"],
    [[`-k${MGMT}`, 'interns', 'ls'], "gwctl: unknown option '-k'; see 'gwctl interns ls --help'"],
  ])('%j is an unknown option: exit 2, the value never echoed', async (args, line) => {
    const r = await run(args, {});
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: `${line}\n` });
    expect(server.requests).toHaveLength(0);
  });

  it('auth login --api-key is a switch: a value after it is refused, not stored or shown', async () => {
    const r = await run(['auth', 'login', '--api-key', API, '--with-token'], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("gwctl: too many arguments for 'login'. Expected 0 arguments but got 1; see 'gwctl auth login --help'\n");
    expectNoKey(r.stdout + r.stderr);
  });

  it('a key from the environment typed where a value goes is masked in the usage error', async () => {
    const r = await run(['endpoints', 'get', MGMT], env);
    expect(r).toMatchObject({
      code: 2,
      stderr: `gwctl: invalid endpoint id "${maskKey(MGMT)}": must be a UUID such as 7c9e6679-7425-40de-944b-e07fc1f90ae7\n`,
    });
    const limit = await run(['interns', 'ls', `--limit=${API}`], env);
    expect(limit.stderr).toBe(`gwctl: invalid --limit "${maskKey(API)}": --limit must be an integer from 1 to 500\n`);
  });

  it('a key stored only in the config file is masked too (found by the property tests)', async () => {
    const dir = tempConfigDir();
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ profiles: { default: { 'management-key': MGMT } } }), { mode: 0o600 });
    const r = await run(['endpoints', 'get', `--${MGMT}`], { GWCTL_CONFIG_DIR: dir });
    expect(r).toMatchObject({ code: 2, stderr: `gwctl: unknown option '--${maskKey(MGMT)}'; see 'gwctl endpoints get --help'\n` });
    const id = await run(['endpoints', 'get', MGMT], { GWCTL_CONFIG_DIR: dir });
    expect(id.stderr).toBe(`gwctl: invalid endpoint id "${maskKey(MGMT)}": must be a UUID such as 7c9e6679-7425-40de-944b-e07fc1f90ae7\n`);
  });

  it('a stored key typed as a target is masked in the output of a dry run (found by the property tests)', async () => {
    const dir = tempConfigDir();
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ profiles: { default: { 'management-key': MGMT } } }), { mode: 0o600 });
    server.handle(() => ({ status: 404, body: envelope(404, 'Batch not found') }));
    // A batch id, unlike an intern's, is any text its path takes: this one is read.
    const r = await run(['batches', 'delete', MGMT, '--dry-run', '--base-url', server.baseUrl], {
      GWCTL_CONFIG_DIR: dir,
      GWCTL_API_KEY: 'sk-api-dry-run-0123456789',
    });
    expect(r).toMatchObject({ code: 0, stdout: `${maskKey(MGMT)}\twould-fail\tHTTP 404: Batch not found\n`, stderr: '' });
    // The dry run reads the target it names, and sends nothing else.
    expect(server.requests.map((q) => q.method)).toEqual(['GET']);
  });
});

describe('plain http', () => {
  it.each([
    ['http://gateway.invalid/api/v1', 'gateway.invalid'],
    ['http://127.0.0.1.gateway.invalid/api/v1', '127.0.0.1.gateway.invalid'],
    ['http://localhost.gateway.invalid:8080/api/v1', 'localhost.gateway.invalid:8080'],
  ])('%s is refused before connecting: exit 2', async (base, host) => {
    const r = await run(['interns', 'ls', '--base-url', base, '--debug'], env);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `gwctl: refusing to send a key over plain http to ${host}; use an https:// base URL (plain http is allowed only for loopback addresses)\n`,
    });
    // --debug prints a line before every exchange: none means nothing was sent.
    expect(r.stderr).not.toContain('debug: >');
  });

  it('the same from GWCTL_BASE_URL', async () => {
    const r = await run(['tools', 'get', 'web_search'], { ...env, GWCTL_BASE_URL: 'http://gateway.invalid/api/v1' });
    expect(r).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('gwctl: refusing to send a key over plain http to gateway.invalid;'),
    });
  });

  it('plain http to 127.0.0.1 is allowed (the sandbox and these tests use it)', async () => {
    server.handle(() => ({ body: { data: [], has_more: false } }));
    const r = await run(['interns', 'ls', '--base-url', server.baseUrl], env);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${API}`);
  });
});

describe('a server that echoes the key', () => {
  const echo = (req: { headers: Record<string, unknown> }) => String(req.headers.authorization ?? '');

  it('in an error message: masked in the line, in --json and in --debug', async () => {
    server.handle((req) => ({ status: 401, body: envelope(401, `Invalid credentials: ${echo(req)}`) }));
    const line = await run(['interns', 'ls', '--base-url', server.baseUrl, '--debug'], env);
    expect(line.code).toBe(4);
    expect(line.stderr.trimEnd().split('\n').at(-1)).toBe(
      `gwctl: HTTP 401: Invalid credentials: Bearer ${maskKey(API)}${envKeyHint('api')}`,
    );
    expectNoKey(line.stdout + line.stderr);
    const json = await run(['interns', 'ls', '--base-url', server.baseUrl, '--json'], env);
    expect(JSON.parse(json.stderr).error.message).toBe(`Invalid credentials: Bearer ${maskKey(API)}`);
    expectNoKey(json.stdout + json.stderr);
  });

  it('at the point where a long message is cut: no part of the key survives', async () => {
    // The envelope message is cut at 500 characters; put the key across the cut (its middle word before it).
    server.handle((req) => ({ status: 500, body: envelope(500, `${'x'.repeat(470)}${echo(req)}`, { retryable: false }) }));
    const r = await run(['interns', 'ls', '--base-url', server.baseUrl], env);
    expect(r.code).toBe(1);
    expectNoKey(r.stderr);
  });

  it('in the excerpt of a non-JSON body, cut at 80 characters', async () => {
    server.handle((req) => ({ status: 502, headers: { 'content-type': 'text/html' }, body: `<html>${'y'.repeat(50)}${echo(req)}</html>` }));
    const r = await run(['tools', 'get', 'web_search', '--base-url', server.baseUrl, '--retries', '0'], env);
    expect(r.code).toBe(7);
    expectNoKey(r.stderr);
  });

  it('in a successful body: masked in rows and in --json', async () => {
    server.handle((req) => ({ body: { id: INTERN, name: echo(req), status: 'running', description: `management: ${MGMT}` } }));
    const rows = await run(['interns', 'get', INTERN, '--base-url', server.baseUrl], env);
    expect(rows.code).toBe(0);
    expect(rows.stdout).toContain(`Bearer ${maskKey(API)}`);
    expectNoKey(rows.stdout + rows.stderr);
    const json = await run(['interns', 'get', INTERN, '--base-url', server.baseUrl, '--json', '--debug'], env);
    expect(JSON.parse(json.stdout).description).toBe(`management: ${maskKey(MGMT)}`);
    expectNoKey(json.stdout + json.stderr);
    expectNoCrash(json.stderr);
  });

  it('in a redirect Location (shown in the loop error and in --debug)', async () => {
    server.handle((req) => ({ status: 302, headers: { location: `/again?key=${encodeURIComponent(echo(req).slice(7))}` } }));
    const r = await run(['interns', 'ls', '--base-url', server.baseUrl, '--debug'], env);
    expect(r.code).toBe(1);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(
      `gwctl: HTTP 302: too many redirects (last to ${server.url}/again?key=${maskKey(API)})`,
    );
    expectNoKey(r.stderr);
  });
});
