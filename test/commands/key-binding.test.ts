// Keys stay with their gateway: a key `auth login` stored goes only to the origin it was stored
// for. Two scripted servers on two ports (two origins): login against one; every way of aiming
// a run at the other (--base-url, GWCTL_BASE_URL, config set base-url) ends with exit 4 and the
// other receives nothing. Keys from the environment or a key command are not bound; a record of
// an earlier release is bound at its first use; --sandbox never sends a stored key. (The same
// with the key in a real credential store: test/e2e/keychain.test.ts; `gwctl mcp`:
// test/e2e/mcp.test.ts.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { configWith } from '../kit/profiles.js';
import { type ScriptedServer, startServer } from '../kit/server.js';
import { tempConfigDir } from '../kit/spawn.js';

const KEY = 'sk-mgmt-bound-0123456789abcdef';
const ENV_KEY = 'sk-mgmt-env-fedcba9876543210';

let home: ScriptedServer;
let other: ScriptedServer;
beforeAll(async () => {
  home = await startServer(() => ({ body: { data: [], total_count: 0 } }));
  other = await startServer(() => ({ body: { data: [], total_count: 0 } }));
});
afterAll(async () => {
  await home.close();
  await other.close();
});
beforeEach(() => {
  home.reset();
  other.reset();
});

const origin = (s: ScriptedServer) => new URL(s.baseUrl).origin;
const stored = (dir: string) =>
  (JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8')) as { profiles: Record<string, Record<string, unknown>> }).profiles;

/** A config folder where `auth login --base-url` stored KEY for `home` (checked there). */
async function loggedIn(extra: string[] = []): Promise<string> {
  const dir = tempConfigDir();
  const r = await gwctl(['auth', 'login', '--with-token', '--insecure-storage', '--base-url', home.baseUrl, ...extra], {
    configDir: dir,
    input: `${KEY}\n`,
  });
  expect(r.code).toBe(0);
  home.reset();
  return dir;
}

const refusal = (to: string, login: string) =>
  `gwctl: the management key of profile "default" is bound to ${origin(home)}; it is not sent to ${to}; ` +
  `run '${login}' to store a key for ${to}, or go back to a base URL on ${origin(home)}\n`;

describe('a key stored by auth login', () => {
  it('auth login --base-url stores the URL, says so, and the key goes there', async () => {
    const dir = tempConfigDir();
    const r = await gwctl(['auth', 'login', '--with-token', '--insecure-storage', '--base-url', home.baseUrl], {
      configDir: dir,
      input: `${KEY}\n`,
    });
    expect(r).toMatchObject({
      code: 0,
      stdout: '',
      stderr:
        `Stored the base URL ${home.baseUrl} for profile "default".\n` +
        `Stored the management key sk-mgm…cdef for profile "default" in ${path.join(dir, 'config.json')}; it is sent only to ${origin(home)}\n` +
        'The API accepts it as a management key.\n',
    });
    expect(stored(dir)).toEqual({
      default: { 'base-url': home.baseUrl, 'management-key': KEY, 'management-key-origin': origin(home) },
    });
    home.reset();
    const ls = await gwctl(['byok', 'ls', '--json'], { configDir: dir });
    expect(ls).toMatchObject({ code: 0, stderr: '' });
    expect(home.requests.map((q) => q.headers.authorization)).toEqual([`Bearer ${KEY}`]);
  });

  it('--base-url elsewhere: exit 4 naming both origins and the login to run; nothing sent', async () => {
    const dir = await loggedIn();
    const r = await gwctl(['byok', 'ls', '--base-url', other.baseUrl], { configDir: dir });
    expect(r).toMatchObject({
      code: 4,
      stdout: '',
      stderr: refusal(origin(other), `gwctl auth login --base-url ${other.baseUrl}`),
    });
    expect(other.requests).toEqual([]);
    expect(home.requests).toEqual([]);
  });

  it('GWCTL_BASE_URL elsewhere: exit 4, nothing sent', async () => {
    const dir = await loggedIn();
    const r = await gwctl(['byok', 'ls'], { configDir: dir, env: { GWCTL_BASE_URL: other.baseUrl } });
    expect(r).toMatchObject({ code: 4, stdout: '', stderr: refusal(origin(other), 'gwctl auth login') });
    expect(other.requests).toEqual([]);
  });

  it('config set base-url elsewhere: a warning (exit 0), then exit 4 and nothing sent', async () => {
    const dir = await loggedIn();
    const set = await gwctl(['config', 'set', 'base-url', other.baseUrl], { configDir: dir });
    expect(set).toMatchObject({
      code: 0,
      stdout: '',
      stderr:
        'Set base-url for profile "default".\n' +
        `gwctl: warning: the management key of profile "default" stays bound to ${origin(home)} and will not be sent to the new base URL; run 'gwctl auth login' to store keys for it\n`,
    });
    const r = await gwctl(['byok', 'ls'], { configDir: dir });
    expect(r).toMatchObject({ code: 4, stdout: '', stderr: refusal(origin(other), 'gwctl auth login') });
    expect(other.requests).toEqual([]);
    // Another path on the same origin is the same gateway: no warning, and the key goes.
    const back = await gwctl(['config', 'set', 'base-url', `${origin(home)}/v2`], { configDir: dir });
    expect(back).toMatchObject({ code: 0, stderr: 'Set base-url for profile "default".\n' });
  });

  it('gwctl api and auth status refuse it the same way; status shows where it is bound', async () => {
    const dir = await loggedIn();
    const api = await gwctl(['api', 'byok', '--base-url', other.baseUrl], { configDir: dir });
    expect(api).toMatchObject({ code: 4, stdout: '', stderr: refusal(origin(other), `gwctl auth login --base-url ${other.baseUrl}`) });
    const status = await gwctl(['auth', 'status', '--json', '--base-url', other.baseUrl], { configDir: dir });
    expect(status.code).toBe(4);
    expect(JSON.parse(status.stdout).management_key).toMatchObject({ source: 'file', bound_to: origin(home), check: 'failed' });
    const [message, hint] = refusal(origin(other), `gwctl auth login --base-url ${other.baseUrl}`)
      .replace(/^gwctl: /, '')
      .trimEnd()
      .split('; run ');
    expect(JSON.parse(status.stderr)).toEqual({ error: { status: null, message, hint: `run ${hint}`, exit_code: 4 } });
    expect(other.requests).toEqual([]);
    const atHome = await gwctl(['auth', 'status', '--json'], { configDir: dir });
    expect(atHome.code).toBe(0);
    expect(JSON.parse(atHome.stdout).management_key).toEqual({
      masked: 'sk-mgm…cdef',
      source: 'file',
      bound_to: origin(home),
      check: 'management',
    });
  });

  it('doctor shows the binding and does not send the key elsewhere', async () => {
    const dir = await loggedIn();
    const r = await gwctl(['doctor', '--json', '--base-url', other.baseUrl], { configDir: dir });
    expect(r.code).toBe(4);
    const steps = (JSON.parse(r.stdout) as { steps: { name: string; status: string; detail: string }[] }).steps;
    expect(steps.find((s) => s.name === 'profile')?.detail).toContain(`management key from the config file, bound to ${origin(home)}`);
    expect(steps.find((s) => s.name === 'management_key')).toMatchObject({
      status: 'fail',
      detail: `the management key of profile "default" is bound to ${origin(home)}; it is not sent to ${origin(other)}`,
    });
    // Only the keyless probe of the way there.
    expect(other.requests.map((q) => q.headers.authorization)).toEqual([undefined]);
  });

  it('a redirect to the other origin drops the key', async () => {
    const dir = await loggedIn();
    home.handle(() => ({ redirect: `${other.baseUrl}/byok?limit=20` }));
    await gwctl(['byok', 'ls', '--json'], { configDir: dir });
    expect(home.requests.map((q) => q.headers.authorization)).toEqual([`Bearer ${KEY}`]);
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('--sandbox never sends it: the sandbox gets its own demo keys', async () => {
    const dir = await loggedIn();
    const r = await gwctl(['--sandbox', 'auth', 'status', '--json', '--offline'], { configDir: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).management_key).toMatchObject({ source: 'sandbox', bound_to: null });
    expect((await gwctl(['--sandbox', 'byok', 'ls', '--json'], { configDir: dir })).code).toBe(0);
  });
});

describe('keys that are not bound', () => {
  it('a key from the environment goes to whichever base URL is given', async () => {
    const dir = await loggedIn();
    const r = await gwctl(['byok', 'ls', '--json', '--base-url', other.baseUrl], {
      configDir: dir,
      env: { GWCTL_MANAGEMENT_KEY: ENV_KEY },
    });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(other.requests.map((q) => q.headers.authorization)).toEqual([`Bearer ${ENV_KEY}`]);
  });

  it('a key from a key command too', async () => {
    const r = await gwctl(['byok', 'ls', '--json', '--base-url', other.baseUrl], {
      configDir: await loggedIn(),
      env: { GWCTL_MANAGEMENT_KEY_COMMAND: `echo ${ENV_KEY}` },
    });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(other.requests.map((q) => q.headers.authorization)).toEqual([`Bearer ${ENV_KEY}`]);
  });
});

describe('a key stored by an earlier release (no binding recorded)', () => {
  it('works, and is bound to the profile base URL at its first use', async () => {
    const dir = configWith({ 'base-url': home.baseUrl, 'management-key': KEY });
    const first = await gwctl(['byok', 'ls', '--json'], { configDir: dir });
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(home.requests.map((q) => q.headers.authorization)).toEqual([`Bearer ${KEY}`]);
    expect(stored(dir).default).toEqual({ 'base-url': home.baseUrl, 'management-key': KEY, 'management-key-origin': origin(home) });
    const elsewhere = await gwctl(['byok', 'ls', '--base-url', other.baseUrl], { configDir: dir });
    expect(elsewhere).toMatchObject({ code: 4, stderr: refusal(origin(other), `gwctl auth login --base-url ${other.baseUrl}`) });
    expect(other.requests).toEqual([]);
  });

  it('aimed elsewhere at its first use: bound to the profile base URL, so nothing is sent', async () => {
    const dir = configWith({ 'base-url': home.baseUrl, 'management-key': KEY });
    const r = await gwctl(['byok', 'ls', '--base-url', other.baseUrl], { configDir: dir });
    expect(r).toMatchObject({ code: 4, stderr: refusal(origin(other), `gwctl auth login --base-url ${other.baseUrl}`) });
    expect(other.requests).toEqual([]);
    expect(stored(dir).default!['management-key-origin']).toBe(origin(home));
  });

  it('under a profile base URL that names no origin it can be bound to: exit 4, nothing sent, wherever the run is aimed', async () => {
    const dir = configWith({ 'base-url': 'https://gw.example/api/v1?x=1', 'management-key': KEY });
    const unbound = (login: string) =>
      `gwctl: the management key of profile "default" has no record of the gateway it was stored for, and the profile's base URL names none it can be bound to; it is not sent; ` +
      `run '${login}' to store it again for the gateway it belongs to\n`;
    const flag = await gwctl(['byok', 'ls', '--base-url', other.baseUrl], { configDir: dir });
    expect(flag).toMatchObject({ code: 4, stdout: '', stderr: unbound(`gwctl auth login --base-url ${other.baseUrl}`) });
    const variable = await gwctl(['byok', 'ls', '--json'], { configDir: dir, env: { GWCTL_BASE_URL: other.baseUrl } });
    expect(variable.code).toBe(4);
    expect(JSON.parse(variable.stderr)).toMatchObject({ error: { exit_code: 4 } });
    const api = await gwctl(['api', '/byok'], { configDir: dir, env: { GWCTL_BASE_URL: other.baseUrl } });
    expect(api).toMatchObject({ code: 4, stdout: '', stderr: unbound('gwctl auth login') });
    expect(other.requests).toEqual([]);
    expect(stored(dir).default).toEqual({ 'base-url': 'https://gw.example/api/v1?x=1', 'management-key': KEY });
  });

  it('config set base-url before its first use binds it to the old base URL', async () => {
    const dir = configWith({ 'base-url': home.baseUrl, 'management-key': KEY });
    const set = await gwctl(['config', 'set', 'base-url', other.baseUrl], { configDir: dir });
    expect(set.stderr).toContain(`stays bound to ${origin(home)}`);
    expect((await gwctl(['byok', 'ls'], { configDir: dir })).code).toBe(4);
    expect(other.requests).toEqual([]);
  });
});
