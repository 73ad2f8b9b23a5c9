// The contract's "Answers a script can believe", as a script meets it: the built gwctl against a
// scripted server on 127.0.0.1 (one that answers anything, records everything), exit codes,
// stdout and stderr exactly. (The wait for a deletion is in wait.test.ts, the keychain's logout in
// keychain.test.ts.)
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { internBody, internId } from '../kit/bodies.js';
import { gwctl } from '../kit/cli.js';
import { configWith } from '../kit/profiles.js';
import { startServer, type ScriptedServer } from '../kit/server.js';
import { gwctlShellCommand, runGwctl, tempConfigDir, testEnv } from '../kit/spawn.js';

const ENDPOINT_ID = '5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('a key or header that cannot be sent is refused before anything is sent', () => {
  const dashed = 'sk-mgmt-pasted\u2013key-0123456789';
  const hint = '; retype the key: a pasted typographic character (a dash, a quote) cannot be sent in a header\n';

  it('a key from the environment, a key command or the config file: exit 4, where it came from and the position', async () => {
    const get = ['endpoints', 'get', ENDPOINT_ID, '--base-url', server.baseUrl];
    expect(await runGwctl(get, { env: { GWCTL_MANAGEMENT_KEY: dashed } })).toMatchObject({
      code: 4,
      stdout: '',
      stderr: `gwctl: the management key from GWCTL_MANAGEMENT_KEY has a character outside printable ASCII (U+2013) at position 15${hint}`,
    });
    expect(await runGwctl(get, { env: { GWCTL_MANAGEMENT_KEY_COMMAND: "printf 'sk-mgmt-\\001abc'" } })).toMatchObject({
      code: 4,
      stdout: '',
      stderr: `gwctl: the management key from GWCTL_MANAGEMENT_KEY_COMMAND has a control character (U+0001) at position 9${hint}`,
    });
    expect(await runGwctl(get, { configDir: configWith({ 'management-key': dashed }) })).toMatchObject({
      code: 4,
      stdout: '',
      stderr: `gwctl: the management key from the config file has a character outside printable ASCII (U+2013) at position 15${hint}`,
    });
    expect(server.requests).toHaveLength(0);
  });

  it('auth login does not store such a key, checked or not', async () => {
    const dir = tempConfigDir();
    for (const check of [['--no-verify'], ['--base-url', server.baseUrl]]) {
      expect(
        await runGwctl(['auth', 'login', '--with-token', '--insecure-storage', ...check], { configDir: dir, input: `${dashed}\n` }),
      ).toMatchObject({
        code: 4,
        stdout: '',
        stderr: `gwctl: the management key from standard input has a character outside printable ASCII (U+2013) at position 15${hint}`,
      });
    }
    expect(existsSync(path.join(dir, 'config.json'))).toBe(false);
    expect(server.requests).toHaveLength(0);
  });

  it('an api -H value: exit 2', async () => {
    expect(
      await runGwctl(['api', 'credits', '-H', 'X-Note: caf\u00e9', '--base-url', server.baseUrl], {
        env: { GWCTL_MANAGEMENT_KEY: 'sk-mgmt-0123456789' },
      }),
    ).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'gwctl: invalid --header "X-Note: café": the value has a character outside printable ASCII (U+00E9) at position 4; a header carries printable ASCII only\n',
    });
    expect(server.requests).toHaveLength(0);
  });
});

describe('an action by selector acts only on the items that match it', () => {
  it('interns suspend --status failed against a server that ignores the status query: the running intern is skipped, not suspended', async () => {
    const listed = [internBody(0, { status: 'failed' }), internBody(1, { status: 'running' }), internBody(2, { status: 'failed' })];
    const serve = (): void =>
      server.handle((req) =>
        req.path === '/api/v1/interns' ? { body: { data: listed, has_more: false } } : { body: { suspended: true } },
      );
    serve();
    const env = { GWCTL_API_KEY: 'sk-api-selector-0123456789' };
    const r = await runGwctl(['interns', 'suspend', '--status', 'failed', '--yes', '--base-url', server.baseUrl], { env });
    expect(r).toMatchObject({
      code: 0,
      stderr: '',
      stdout: `${internId(0)}\tsuspended\t0\n${internId(1)}\tskipped: status running, not failed\t0\n${internId(2)}\tsuspended\t0\n`,
    });
    const posts = server.requests
      .filter((q) => q.method === 'POST')
      .map((q) => q.path)
      .sort();
    expect(posts).toEqual([`/api/v1/interns/${internId(0)}/suspend`, `/api/v1/interns/${internId(2)}/suspend`]);

    server.reset();
    serve();
    const json = await runGwctl(['interns', 'suspend', '--status', 'failed', '--yes', '--json', '--base-url', server.baseUrl], { env });
    expect(json.code).toBe(0);
    const body = JSON.parse(json.stdout) as { data: unknown[]; summary: unknown };
    expect(body.data[1]).toEqual({
      id: internId(1),
      ok: false,
      exit_code: 0,
      skipped: true,
      message: 'skipped: status running, not failed',
    });
    expect(body.summary).toEqual({ requested: 3, succeeded: 2, failed: 0, skipped: 1, throttled: 0 });

    server.reset();
    serve();
    const dry = await runGwctl(['interns', 'suspend', '--status', 'failed', '--dry-run', '--base-url', server.baseUrl], { env });
    // The selector's list read them: the dry run reads nothing more.
    expect(dry).toMatchObject({ code: 0, stderr: '', stdout: `${internId(0)}\twould-act\t\n${internId(2)}\twould-act\t\n` });
    expect(server.requests.filter((q) => q.path !== '/api/v1/interns')).toEqual([]);
  });
});

describe('a base URL with a query, a fragment or user information is refused (exit 2), wherever it comes from', () => {
  const env = { GWCTL_MANAGEMENT_KEY: 'sk-mgmt-base-url-0123456789' };

  it('--base-url, GWCTL_BASE_URL and the profile: nothing sent', async () => {
    const fragment = `${server.baseUrl}#x`;
    expect(await runGwctl(['--base-url', fragment, 'batches', 'delete', 'batch_1', '--yes'], { env })).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `gwctl: invalid base URL "${fragment}": a base URL must not carry a fragment (#)\n`,
    });
    const query = `${server.baseUrl}?a=1`;
    expect(await runGwctl(['batches', 'delete', 'batch_1', '--yes'], { env: { ...env, GWCTL_BASE_URL: query } })).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `gwctl: invalid base URL "${query}": a base URL must not carry a query (?)\n`,
    });
    const user = server.baseUrl.replace('http://', 'http://me:secret@');
    const shown = server.baseUrl.replace('http://', 'http://…@');
    expect(await runGwctl(['batches', 'delete', 'batch_1', '--yes'], { env, configDir: configWith({ 'base-url': user }) })).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `gwctl: invalid base URL "${shown}": a base URL must not carry a user name or password\n`,
    });
    expect(server.requests).toHaveLength(0);
  });

  it('config set base-url stores none of them', async () => {
    const dir = tempConfigDir();
    for (const [url, why] of [
      ['https://gw.example.com/api/v1#x', 'a base URL must not carry a fragment (#)'],
      ['https://gw.example.com/api/v1?', 'a base URL must not carry a query (?)'],
      ['https://me:secret@gw.example.com/api/v1', 'a base URL must not carry a user name or password'],
    ] as const) {
      const shown = url.replace('me:secret@', '…@');
      expect(await runGwctl(['config', 'set', 'base-url', url], { configDir: dir })).toMatchObject({
        code: 2,
        stdout: '',
        stderr: `gwctl: invalid value for base-url: "${shown}" (${why})\n`,
      });
    }
    expect(existsSync(path.join(dir, 'config.json'))).toBe(false);
  });
});

describe('errors quote at most 200 characters of a value, and reach a slow reader whole', () => {
  it('a --json error about a 100,000-character value, read slowly from a pipe: one whole JSON object', async () => {
    const value = 'a'.repeat(100_000);
    const slow = `${gwctlShellCommand()} interns ls --limit "$V" --json 2>&1 >/dev/null | (sleep 1; cat)`;
    const r = await new Promise<{ code: number | null; out: string }>((resolve, reject) => {
      execFile('sh', ['-c', slow], { env: testEnv({ V: value }), maxBuffer: 1 << 20 }, (error, stdout) =>
        error && typeof error.code !== 'number' ? reject(error) : resolve({ code: error ? Number(error.code) : 0, out: stdout }),
      );
    });
    expect(JSON.parse(r.out)).toEqual({
      error: {
        status: null,
        message: `invalid --limit "${'a'.repeat(200)}"… (100000 characters): --limit must be an integer from 1 to 500`,
        exit_code: 2,
      },
    });
  });

  it('an unknown option or command is quoted at most 200 characters', async () => {
    const long = 'b'.repeat(5000);
    expect(await runGwctl(['interns', 'ls', `--${long}`])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(new RegExp(`^gwctl: unknown option '--${'b'.repeat(198)}'… \\(5002 characters\\)`)),
    });
    expect(await runGwctl(['interns', long])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(new RegExp(`^gwctl: unknown command '${'b'.repeat(200)}'… \\(5000 characters\\)`)),
    });
  });
});

describe('a key is masked however the server wrote it, and never cached', () => {
  const key = 'sk-api-echoed-0123456789abcdefghijkl';
  // The key as a JSON string with every letter a \u escape: the text of the body never holds it.
  const escaped = [...key].map((c) => (/[a-z]/.test(c) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join('');
  const body = `{"data":[{"id":"${escaped}","name":"${escaped}","status":"running"}],"has_more":false}`;
  const serve = (): void => server.handle(() => ({ headers: { 'content-type': 'application/json' }, body }));
  const env = { GWCTL_API_KEY: key };

  it('a table at a terminal, piped rows and --json show it masked', async () => {
    serve();
    const table = await gwctl(['interns', 'ls', '--base-url', server.baseUrl], { env, stdoutIsTTY: true, columns: 60 });
    expect(table.code).toBe(0);
    expect(table.stdout).not.toContain(key.slice(0, 10));
    const rows = await runGwctl(['interns', 'ls', '--base-url', server.baseUrl], { env });
    expect(rows).toMatchObject({ code: 0, stderr: '', stdout: 'sk-api…ijkl\tsk-api…ijkl\trunning\t\t\t\n' });
    const json = await runGwctl(['interns', 'ls', '--json', '--base-url', server.baseUrl], { env });
    expect(JSON.parse(json.stdout)).toEqual({ data: [{ id: 'sk-api…ijkl', name: 'sk-api…ijkl', status: 'running' }], has_more: false });
  });

  it('the completion id cache never holds it', async () => {
    serve();
    const dir = tempConfigDir();
    expect((await runGwctl(['interns', 'ls', '--base-url', server.baseUrl], { env, configDir: dir })).code).toBe(0);
    const cache = path.join(dir, 'cache', 'intern-ids.json');
    expect(existsSync(cache) ? readFileSync(cache, 'utf8') : '').not.toContain(key.slice(0, 10));
  });
});

describe('the config folder is never relative', () => {
  it('an empty HOME (and a relative XDG_CONFIG_HOME): exit 2, and nothing written in the current folder', async () => {
    const cwd = tempConfigDir();
    const env = { GWCTL_CONFIG_DIR: undefined, HOME: '', XDG_CONFIG_HOME: 'relative' };
    const said = 'gwctl: no config folder: HOME is empty; set HOME, XDG_CONFIG_HOME or GWCTL_CONFIG_DIR to an absolute folder\n';
    const login = await runGwctl(['auth', 'login', '--with-token', '--no-verify', '--insecure-storage'], {
      env,
      input: 'sk-mgmt-nowhere-0123456789\n',
      cwd,
    });
    expect(login).toMatchObject({ code: 2, stdout: '', stderr: said });
    expect(await runGwctl(['config', 'set', 'workspace', 'w'], { env, cwd })).toMatchObject({ code: 2, stdout: '', stderr: said });
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('a relative XDG_CONFIG_HOME is ignored for HOME/.config', async () => {
    const home = tempConfigDir();
    const r = await runGwctl(['config', 'path'], { env: { GWCTL_CONFIG_DIR: undefined, HOME: home, XDG_CONFIG_HOME: 'relative' } });
    expect(r).toMatchObject({ code: 0, stdout: `${path.join(home, '.config', 'gwctl', 'config.json')}\n` });
  });
});

describe('a response gwctl cannot use is exit 1 naming it, never an internal error', () => {
  const env = { GWCTL_API_KEY: 'sk-api-unusable-0123456789' };

  it('nested 100,000 levels deep', async () => {
    const deep = `{"data":[{"id":"x","name":"n","status":"running","extra":${'['.repeat(100_000)}${']'.repeat(100_000)}}],"has_more":false}`;
    server.handle(() => ({ headers: { 'content-type': 'application/json' }, body: deep }));
    const said = 'the response to list interns is nested more than 512 levels deep; gwctl cannot use it';
    expect(await runGwctl(['interns', 'ls', '--base-url', server.baseUrl], { env })).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `gwctl: HTTP 200: ${said}\n`,
    });
    const json = await runGwctl(['interns', 'ls', '--json', '--base-url', server.baseUrl], { env });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stderr)).toEqual({ error: { status: 200, message: said, exit_code: 1 } });
  });

  it('a page of 150,000 rows on a terminal', async () => {
    const data = Array.from({ length: 150_000 }, (_, i) => ({ id: `i${i}`, name: 'n', status: 'running' }));
    server.handle(() => ({ body: { data, has_more: false } }));
    const r = await gwctl(['interns', 'ls', '--base-url', server.baseUrl], { env, stdoutIsTTY: true, columns: 100 });
    expect(r).toMatchObject({
      code: 1,
      stdout: '',
      stderr:
        'gwctl: the response has 150000 rows, more than a table on a terminal shows (10000); use --json or --jsonl, or pipe the output\n',
    });
  });
});
