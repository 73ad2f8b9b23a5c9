// Where any command's keys come from (environment, key command, stored key), key commands that
// misbehave, and the hint after a 401 naming where the rejected key came from. Behaviour shared by
// every command that sends a key, so it keeps this file; the commands that show or store keys
// (auth login, status, token) have their own under test/commands/auth/.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { configWith } from '../kit/profiles.js';
import { useSandbox } from '../kit/sandbox.js';
import { type ScriptedServer, startServer } from '../kit/server.js';
import { expectNoCrash, tempConfigDir, until } from '../kit/spawn.js';

const KEY = 'sk-mgmt-cred-0123456789abcdef';
const STORED = 'sk-stored-cred-fedcba9876543210';
const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const OTHER = '9b2f4c1e-1f0a-4c1e-9b2f-4c1e9b2f4c1e';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer(() => ({ body: { data: [], total_count: 0 } }));
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const byok = (env: Record<string, string | undefined>, configDir?: string, extra: string[] = []) =>
  gwctl(['byok', 'ls', '--retries', '0', '--base-url', server.baseUrl, ...extra], { env, ...(configDir ? { configDir } : {}) });
const sent = () => server.requests.map((r) => r.headers.authorization);

describe('key commands', () => {
  it('GWCTL_MANAGEMENT_KEY_COMMAND: its output, trimmed, is the key sent', async () => {
    const r = await byok({ GWCTL_MANAGEMENT_KEY_COMMAND: `printf '  ${KEY}\\n\\n'` });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(sent()).toEqual([`Bearer ${KEY}`]);
  });

  it('the profile setting management-key-command, set with config set', async () => {
    const dir = tempConfigDir();
    expect((await gwctl(['config', 'set', 'management-key-command', `echo ${KEY}`], { configDir: dir })).code).toBe(0);
    const r = await byok({}, dir);
    expect(r.code).toBe(0);
    expect(sent()).toEqual([`Bearer ${KEY}`]);
    const status = await gwctl(['auth', 'status', '--json', '--offline'], { configDir: dir });
    expect(JSON.parse(status.stdout).management_key).toEqual({
      masked: 'sk-mgm…cdef',
      source: 'command',
      bound_to: null,
      check: 'offline',
    });
  });

  it('precedence: the environment key, then the environment command, then the profile command, then the stored key', async () => {
    const marker = path.join(tempConfigDir(), 'ran');
    const dir = configWith({ 'management-key': STORED, 'management-key-command': `touch ${marker}-profile; echo profile-key-1234` });
    // The key in the environment wins, and no command runs.
    await byok({ GWCTL_MANAGEMENT_KEY: KEY, GWCTL_MANAGEMENT_KEY_COMMAND: `touch ${marker}-env; echo env-command-key` }, dir);
    expect(sent()).toEqual([`Bearer ${KEY}`]);
    expect(existsSync(`${marker}-env`) || existsSync(`${marker}-profile`)).toBe(false);
    server.reset();
    await byok({ GWCTL_MANAGEMENT_KEY_COMMAND: 'echo env-command-key' }, dir);
    expect(sent()).toEqual(['Bearer env-command-key']);
    server.reset();
    await byok({}, dir);
    expect(sent()).toEqual(['Bearer profile-key-1234']);
    server.reset();
    await byok({}, configWith({ 'management-key': STORED, 'base-url': server.baseUrl }));
    expect(sent()).toEqual([`Bearer ${STORED}`]);
  });

  it('runs only when the run needs that key, and at most once per run', async () => {
    const dir = tempConfigDir();
    const count = path.join(dir, 'count');
    // interns routes take the API key: the management key command is not run.
    server.handle(() => ({ body: { data: [], has_more: false } }));
    const ls = await gwctl(['interns', 'ls', '--json', '--base-url', server.baseUrl], {
      env: { GWCTL_API_KEY: KEY, GWCTL_MANAGEMENT_KEY_COMMAND: `echo run >> ${count}; echo never-used` },
    });
    expect(ls.stderr).toBe('');
    expect(existsSync(count)).toBe(false);
    // Two requests, one run of the command (the API key falls back to the management key).
    server.reset();
    server.handle(() => ({ body: { suspended: true } }));
    const suspend = await gwctl(['interns', 'suspend', INTERN, OTHER, '--yes', '--json', '--base-url', server.baseUrl], {
      env: { GWCTL_MANAGEMENT_KEY_COMMAND: `echo run >> ${count}; echo ${KEY}` },
    });
    expect(suspend.code).toBe(0);
    expect(sent()).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`]);
    expect(readFileSync(count, 'utf8')).toBe('run\n');
  });

  it('a failing command: exit 4 with its first stderr line, never its stdout; nothing sent', async () => {
    const r = await byok({ GWCTL_MANAGEMENT_KEY_COMMAND: 'echo would-be-key; echo "vault is locked" >&2; echo more >&2; exit 3' });
    expectNoCrash(r.stderr);
    expect(r).toMatchObject({
      code: 4,
      stdout: '',
      stderr:
        'gwctl: the management key command (GWCTL_MANAGEMENT_KEY_COMMAND) failed with exit 3: vault is locked; fix the command, or unset it to use a stored key\n',
    });
    expect(server.requests).toEqual([]);
  });

  it.each([
    ['prints nothing', 'true', 'printed nothing'],
    ['prints only blank lines', "printf '\\n \\n'", 'printed nothing'],
    ['prints megabytes', 'head -c 5000000 /dev/zero | tr "\\0" a', 'printed more than 64 KiB, which is no key'],
    ['prints two words', 'echo two words', 'printed more than one word; it should print the key alone'],
    ['cannot be found', 'no-such-program-gwctl', 'failed with exit 127: sh: 1: no-such-program-gwctl: not found'],
  ])('a command that %s: exit 4, nothing sent', async (_name, command, why) => {
    const r = await byok({ GWCTL_MANAGEMENT_KEY_COMMAND: command });
    expectNoCrash(r.stderr);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    // sh names a missing program in its own words; the rest of the line is ours.
    expect(r.stderr.replace(/exit 127: .*not found/, 'exit 127: sh: 1: no-such-program-gwctl: not found')).toBe(
      `gwctl: the management key command (GWCTL_MANAGEMENT_KEY_COMMAND) ${why}; fix the command, or unset it to use a stored key\n`,
    );
    expect(server.requests).toEqual([]);
  });

  it('a command that hangs is stopped after 10 s: exit 4, nothing sent', { timeout: 30_000 }, async () => {
    const r = await byok({ GWCTL_API_KEY: KEY, GWCTL_MANAGEMENT_KEY_COMMAND: 'echo waiting >&2; sleep 60' });
    expect(r).toMatchObject({
      code: 4,
      stdout: '',
      stderr:
        'gwctl: the management key command (GWCTL_MANAGEMENT_KEY_COMMAND) did not finish within 10 s: waiting; fix the command, or unset it to use a stored key\n',
    });
    expect(server.requests).toEqual([]);
  });

  // The shell exits, but what it left in the background holds its output open: that is said as it
  // is, at once, not as a command that never finished (and nothing of it is left running).
  it.each([
    ['in its process group', `echo ${KEY}; sleep 30 &`],
    ['that left the group (setsid)', `echo ${KEY}; setsid sleep 30 &`],
  ])('a command that leaves a process %s holding its output: exit 4 at once, the process ended', async (_name, command) => {
    const began = Date.now();
    const r = await byok({ GWCTL_MANAGEMENT_KEY_COMMAND: command });
    expect(Date.now() - began).toBeLessThan(2_000);
    expectNoCrash(r.stderr);
    const match =
      /^gwctl: the management key command \(GWCTL_MANAGEMENT_KEY_COMMAND\) exited with status 0, but process (\d+), started by it in the background, kept its output open, so gwctl ended it; its output was not taken as the key; start what it leaves running with its output elsewhere \('agent >\/dev\/null 2>&1 &'\)\n$/.exec(
        r.stderr,
      );
    expect(match, r.stderr).not.toBeNull();
    expect(r).toMatchObject({ code: 4, stdout: '' });
    expect(server.requests).toEqual([]);
    const pid = Number(match![1]);
    await until(() => !existsSync(`/proc/${pid}`) || readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z'));
  });

  it("its environment carries no key of gwctl's and no proxy password; the rest as given", async () => {
    const file = path.join(tempConfigDir(), 'env');
    const proxies = {
      HTTPS_PROXY: 'http://proxyuser:s3cr%40t-pw@127.0.0.1:1',
      http_proxy: 'proxyuser:s3cr@t-pw@proxy.invalid:3128',
      ALL_PROXY: 'http://127.0.0.1:2',
    };
    const printed = () =>
      Object.fromEntries(
        readFileSync(file, 'utf8')
          .trim()
          .split('\0')
          .map((line) => line.split(/=(.*)/s, 2)),
      );
    // The API key's command, while the management key is in the environment.
    server.handle(() => ({ body: { data: [], has_more: false } }));
    const ls = await gwctl(['interns', 'ls', '--json', '--base-url', server.baseUrl], {
      env: { GWCTL_MANAGEMENT_KEY: STORED, GWCTL_API_KEY_COMMAND: `env -0 > ${file}; echo ${KEY}`, ...proxies, KEEP: 'kept' },
    });
    expect(ls).toMatchObject({ code: 0, stderr: '' });
    expect(printed()).toMatchObject({
      HTTPS_PROXY: 'http://127.0.0.1:1',
      http_proxy: 'proxy.invalid:3128',
      ALL_PROXY: 'http://127.0.0.1:2',
      KEEP: 'kept',
    });
    expect(printed()).not.toHaveProperty('GWCTL_MANAGEMENT_KEY');
    expect(readFileSync(file, 'utf8')).not.toMatch(/s3cr|proxyuser|sk-stored/);
    // The management key's command, while the API key is.
    server.reset();
    const r = await byok({ GWCTL_API_KEY: STORED, GWCTL_MANAGEMENT_KEY_COMMAND: `env -0 > ${file}; echo ${KEY}` });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(printed()).not.toHaveProperty('GWCTL_API_KEY');
    expect(printed()).toHaveProperty('GWCTL_MANAGEMENT_KEY_COMMAND');
  });

  it('--debug says that the command ran, never what it printed', async () => {
    const r = await byok({ GWCTL_MANAGEMENT_KEY_COMMAND: `echo ${KEY}` }, undefined, ['--debug']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('gwctl: debug: running the management key command (GWCTL_MANAGEMENT_KEY_COMMAND)\n');
    expect(r.stderr).toContain('gwctl: debug: the management key command gave a key\n');
    expect(r.stderr).not.toContain(KEY);
  });
});

describe('the hint after a 401 (the sandbox)', () => {
  const sandbox = useSandbox();
  it('a 401 on any command hints at auth login for a stored key, at the variable or command that gave one otherwise', async () => {
    const base = ['byok', 'ls', '--base-url', sandbox().baseUrl];
    const dir = tempConfigDir();
    const ci = { 'management-key': 'sk-wrong-0123456789abcdef', 'base-url': sandbox().baseUrl };
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ profiles: { ci } }), { mode: 0o600 });
    const fromFile = await gwctl([...base, '--profile', 'ci'], { configDir: dir });
    expect(fromFile).toMatchObject({
      code: 4,
      // The command it suggests goes where this run went: the profile, and the base URL given as a flag.
      stderr: `gwctl: HTTP 401: Invalid credentials; run 'gwctl auth login --profile ci --base-url ${sandbox().baseUrl}' to store a valid key\n`,
    });
    const fromCommand = await gwctl(base, { env: { GWCTL_MANAGEMENT_KEY_COMMAND: 'echo sk-wrong-0123456789abcdef' } });
    expect(fromCommand.stderr).toBe(
      'gwctl: HTTP 401: Invalid credentials; the management key comes from GWCTL_MANAGEMENT_KEY_COMMAND: check the key it prints\n',
    );
  });
});
