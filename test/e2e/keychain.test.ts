// Keys in the operating system's credential store, against a real one: gnome-keyring's Secret
// Service on a private D-Bus session bus. secret-tool looks inside the keyring: the key is there
// and not in the config file. Without a bus, login falls back to the file and says so first.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyringMissing, startSecretService, type SecretService } from '../kit/keyring.js';
import { type ScriptedServer, startServer } from '../kit/server.js';
import { expectNoCrash, runGwctl, tempConfigDir } from '../kit/spawn.js';

const KEY = 'sk-mgmt-keychain-0123456789abcdef';
const API_KEY = 'sk-api-keychain-fedcba9876543210';
const fileOf = (dir: string) => path.join(dir, 'config.json');
const stored = (dir: string) => JSON.parse(readFileSync(fileOf(dir), 'utf8')) as { profiles: Record<string, Record<string, unknown>> };
const service = (dir: string) => `gwctl:${dir}`;
const DEFAULT_ORIGIN = 'https://openrouter.ai';

if (keyringMissing) console.log(`skipping the credential store tests: ${keyringMissing}`);

describe.skipIf(keyringMissing)(`a real Secret Service${keyringMissing ? ` (skipped: ${keyringMissing})` : ''}`, () => {
  let keyring: SecretService;
  let server: ScriptedServer;
  let other: ScriptedServer;
  const origin = () => new URL(server.baseUrl).origin;
  beforeAll(async () => {
    keyring = await startSecretService();
    server = await startServer(() => ({ body: { data: [], total_count: 0 } }));
    other = await startServer(() => ({ body: { data: [], total_count: 0 } }));
  });
  afterAll(async () => {
    await keyring?.stop();
    await server?.close();
    await other?.close();
  });

  const gw = (dir: string, args: string[], extra: { input?: string; env?: Record<string, string | undefined> } = {}) =>
    runGwctl(args, { configDir: dir, input: extra.input ?? '', env: { ...keyring.env, GWCTL_BASE_URL: server.baseUrl, ...extra.env } });

  it('auth login stores the key in the keyring; the file keeps only that fact; status, token and a request use it', async () => {
    const dir = tempConfigDir();
    const login = await gw(dir, ['auth', 'login', '--with-token', '--no-verify'], { input: `${KEY}\n` });
    expectNoCrash(login.stderr);
    expect(login).toMatchObject({
      code: 0,
      stdout: '',
      stderr: `Stored the management key sk-mgm…cdef for profile "default" in the operating system's credential store; it is sent only to ${origin()}\n`,
    });
    expect(keyring.lookup(service(dir), 'default/management-key')).toBe(KEY);
    expect(stored(dir)).toEqual({ profiles: { default: { 'management-key-keychain': true, 'management-key-origin': origin() } } });
    expect(readFileSync(fileOf(dir), 'utf8')).not.toContain(KEY);

    const status = await gw(dir, ['auth', 'status', '--json', '--offline']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout).management_key).toEqual({
      masked: 'sk-mgm…cdef',
      source: 'keychain',
      bound_to: origin(),
      check: 'offline',
    });

    const token = await gw(dir, ['auth', 'token']);
    expect(token).toMatchObject({ code: 0, stdout: `${KEY}\n`, stderr: '' });

    server.reset();
    const get = await gw(dir, ['byok', 'ls', '--json', '--retries', '0']);
    expect(get).toMatchObject({ code: 0, stderr: '' });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${KEY}`]);
  });

  it('auth logout removes the key from the keyring and the file', async () => {
    const dir = tempConfigDir();
    await gw(dir, ['auth', 'login', '--with-token', '--no-verify'], { input: `${KEY}\n` });
    await gw(dir, ['auth', 'login', '--with-token', '--no-verify', '--api-key', '--insecure-storage'], { input: `${API_KEY}\n` });
    expect(stored(dir).profiles.default).toEqual({
      'management-key-keychain': true,
      'management-key-origin': origin(),
      'api-key': API_KEY,
      'api-key-origin': origin(),
    });
    const r = await gw(dir, ['auth', 'logout']);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: 'Removed the management key and api key of profile "default".\n' });
    expect(keyring.lookup(service(dir), 'default/management-key')).toBeUndefined();
    expect(stored(dir)).toEqual({ profiles: {} });
  });

  it('auth logout where the store does not answer: exit 1, the key and the record of it kept; a later logout removes it', async () => {
    const dir = tempConfigDir();
    await gw(dir, ['auth', 'login', '--with-token', '--no-verify'], { input: `${KEY}\n` });
    await gw(dir, ['auth', 'login', '--with-token', '--no-verify', '--api-key', '--insecure-storage'], { input: `${API_KEY}\n` });
    const r = await gw(dir, ['auth', 'logout'], { env: { DBUS_SESSION_BUS_ADDRESS: undefined } });
    expectNoCrash(r.stderr);
    expect(r).toMatchObject({
      code: 1,
      stdout: '',
      stderr:
        'Removed the api key of profile "default".\n' +
        'gwctl: could not remove the management key of profile "default" from the credential store (no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set); it is still there; ' +
        `remove it with: secret-tool clear service ${service(dir)} username default/management-key (or run gwctl auth logout again where the store answers)\n`,
    });
    expect(keyring.lookup(service(dir), 'default/management-key')).toBe(KEY);
    expect(stored(dir).profiles.default).toEqual({ 'management-key-keychain': true, 'management-key-origin': origin() });
    const again = await gw(dir, ['auth', 'logout']);
    expect(again).toMatchObject({ code: 0, stdout: '', stderr: 'Removed the management key of profile "default".\n' });
    expect(keyring.lookup(service(dir), 'default/management-key')).toBeUndefined();
    expect(stored(dir)).toEqual({ profiles: {} });
  });

  it('--insecure-storage keeps the key in the file, and moves one out of the keyring', async () => {
    const dir = tempConfigDir();
    await gw(dir, ['auth', 'login', '--with-token', '--no-verify'], { input: `${KEY}\n` });
    const r = await gw(dir, ['auth', 'login', '--with-token', '--no-verify', '--insecure-storage'], { input: `${KEY}\n` });
    expect(r).toMatchObject({
      code: 0,
      stderr: `Stored the management key sk-mgm…cdef for profile "default" in ${fileOf(dir)}; it is sent only to ${origin()}\n`,
    });
    expect(stored(dir)).toEqual({ profiles: { default: { 'management-key': KEY, 'management-key-origin': origin() } } });
    expect(keyring.lookup(service(dir), 'default/management-key')).toBeUndefined();
  });

  it('a key in the keyring is bound to the origin it was stored for: --base-url, GWCTL_BASE_URL and config set base-url elsewhere are exit 4, nothing sent', async () => {
    const dir = tempConfigDir();
    await gw(dir, ['auth', 'login', '--with-token', '--no-verify'], { input: `${KEY}\n` });
    const elsewhere = new URL(other.baseUrl).origin;
    const refusal = (login: string) =>
      `gwctl: the management key of profile "default" is bound to ${origin()}; it is not sent to ${elsewhere}; ` +
      `run '${login}' to store a key for ${elsewhere}, or go back to a base URL on ${origin()}\n`;
    other.reset();
    const flag = await gw(dir, ['byok', 'ls', '--base-url', other.baseUrl]);
    expect(flag).toMatchObject({ code: 4, stdout: '', stderr: refusal(`gwctl auth login --base-url ${other.baseUrl}`) });
    const variable = await gw(dir, ['byok', 'ls'], { env: { GWCTL_BASE_URL: other.baseUrl } });
    expect(variable).toMatchObject({ code: 4, stdout: '', stderr: refusal('gwctl auth login') });
    const set = await gw(dir, ['config', 'set', 'base-url', other.baseUrl], { env: { GWCTL_BASE_URL: undefined } });
    expect(set.code).toBe(0);
    expect(set.stderr).toContain(`stays bound to ${origin()}`);
    const profile = await gw(dir, ['byok', 'ls'], { env: { GWCTL_BASE_URL: undefined } });
    expect(profile).toMatchObject({ code: 4, stdout: '', stderr: refusal('gwctl auth login') });
    expect(other.requests).toEqual([]);
  });

  it('a key in the keyring stored by an earlier release is bound at its first use', async () => {
    const dir = tempConfigDir();
    await gw(dir, ['auth', 'login', '--with-token', '--no-verify'], { input: `${KEY}\n` });
    // As an earlier release wrote it: the record says only that the key is in the keyring.
    writeFileSync(fileOf(dir), JSON.stringify({ profiles: { default: { 'base-url': server.baseUrl, 'management-key-keychain': true } } }));
    server.reset();
    const r = await gw(dir, ['byok', 'ls', '--json'], { env: { GWCTL_BASE_URL: undefined } });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(server.requests.map((q) => q.headers.authorization)).toEqual([`Bearer ${KEY}`]);
    expect(stored(dir).profiles.default).toEqual({
      'base-url': server.baseUrl,
      'management-key-keychain': true,
      'management-key-origin': origin(),
    });
    other.reset();
    expect((await gw(dir, ['byok', 'ls', '--base-url', other.baseUrl])).code).toBe(4);
    expect(other.requests).toEqual([]);
  });

  it('an entry that vanished from the keyring: exit 4, says so and how to fix it, nothing sent', async () => {
    const dir = tempConfigDir();
    await gw(dir, ['auth', 'login', '--with-token', '--no-verify'], { input: `${KEY}\n` });
    keyring.clear(service(dir), 'default/management-key');
    server.reset();
    const r = await gw(dir, ['byok', 'ls']);
    expectNoCrash(r.stderr);
    expect(r).toMatchObject({
      code: 4,
      stdout: '',
      stderr: `gwctl: the management key of profile "default" is no longer in the credential store; run 'gwctl auth login' again\n`,
    });
    expect(server.requests).toEqual([]);
  });

  it('the same config without a bus: a key kept in the keyring is exit 4 with a way out, nothing sent', async () => {
    const dir = tempConfigDir();
    await gw(dir, ['auth', 'login', '--with-token', '--no-verify'], { input: `${KEY}\n` });
    server.reset();
    const r = await gw(dir, ['byok', 'ls'], { env: { DBUS_SESSION_BUS_ADDRESS: undefined } });
    expectNoCrash(r.stderr);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^gwctl: the management key of profile "default" is in the credential store, which did not answer: .+\n$/);
    expect(server.requests).toEqual([]);
  });
});

describe('no credential store answers (no D-Bus session bus)', () => {
  it('auth login warns before writing, then stores the key in the 0600 file', async () => {
    const dir = tempConfigDir();
    const r = await runGwctl(['auth', 'login', '--with-token', '--no-verify'], {
      configDir: dir,
      input: `${KEY}\n`,
      env: { DBUS_SESSION_BUS_ADDRESS: undefined },
    });
    expectNoCrash(r.stderr);
    expect(r).toMatchObject({
      code: 0,
      stdout: '',
      stderr:
        'gwctl: warning: no credential store answered (no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set); storing the key in the config file instead\n' +
        `Stored the management key sk-mgm…cdef for profile "default" in ${fileOf(dir)}; it is sent only to ${DEFAULT_ORIGIN}\n`,
    });
    expect(stored(dir)).toEqual({ profiles: { default: { 'management-key': KEY, 'management-key-origin': DEFAULT_ORIGIN } } });
    const status = await runGwctl(['auth', 'status', '--json', '--offline'], { configDir: dir });
    expect(JSON.parse(status.stdout).management_key).toEqual({
      masked: 'sk-mgm…cdef',
      source: 'file',
      bound_to: DEFAULT_ORIGIN,
      check: 'offline',
    });
  });
});
