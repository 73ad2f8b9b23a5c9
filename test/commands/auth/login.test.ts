// auth login: the key stored 0600 and never printed, --api-key and --profile, refusals without
// a key or a terminal, a loose config file tightened, and the key checked with the API (the
// sandbox) before it is stored; at a terminal, the masked prompt.
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gwctl, scriptedPrompter } from '../../kit/cli.js';
import { loginWithToken } from '../../kit/profiles.js';
import { useSandbox } from '../../kit/sandbox.js';
import { expectNoCrash, tempConfigDir } from '../../kit/spawn.js';

const KEY = 'sk-or-v1-profilekey-0123456789abcdef';
const ENV_KEY = 'sk-or-v1-envkey-fedcba9876543210';

const login = (dir: string, key: string, extra: string[] = []) => loginWithToken(key, { configDir: dir, extra });

describe('auth login --with-token', () => {
  it('stores the key in a 0600 file under GWCTL_CONFIG_DIR and never prints it', async () => {
    const dir = tempConfigDir();
    const r = await login(dir, KEY);
    const file = path.join(dir, 'config.json');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    // Bound to the origin of the base URL it was stored for: the default one here.
    expect(r.stderr).toBe(
      `Stored the management key sk-or-…cdef for profile "default" in ${file}; it is sent only to https://openrouter.ai\n`,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      profiles: { default: { 'management-key': KEY, 'management-key-origin': 'https://openrouter.ai' } },
    });
  });

  it('stores an API key with --api-key, in the profile named by --profile', async () => {
    const dir = tempConfigDir();
    await login(dir, KEY);
    const r = await login(dir, ENV_KEY, ['--api-key', '--profile', 'staging']);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8'))).toEqual({
      profiles: {
        default: { 'management-key': KEY, 'management-key-origin': 'https://openrouter.ai' },
        staging: { 'api-key': ENV_KEY, 'api-key-origin': 'https://openrouter.ai' },
      },
    });
  });

  it('refuses an empty stdin with exit 2', async () => {
    const r = await gwctl(['auth', 'login', '--with-token'], { input: '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("gwctl: no key on standard input; pipe it in, as in 'printenv MY_KEY | gwctl auth login --with-token'\n");
  });

  it('without a terminal and without --with-token refuses with exit 2', async () => {
    const r = await gwctl(['auth', 'login']);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        "gwctl: cannot ask for the key: stdin is not a terminal; pipe the key in with --with-token, as in 'printenv MY_KEY | gwctl auth login --with-token'\n",
    });
  });

  it('tightens an existing config file that others could read', async () => {
    const dir = tempConfigDir();
    const file = path.join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ profiles: { default: { workspace: 'prod' } } }));
    chmodSync(file, 0o644);
    const status = await gwctl(['config', 'get', 'workspace'], { configDir: dir });
    expect(status.stderr).toBe(`gwctl: warning: ${file} can be read by other users (mode 644); run 'chmod 600 ${file}'\n`);
    await login(dir, KEY);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('auth login: the key checked with the API (the sandbox)', () => {
  const sandbox = useSandbox();
  const checked = (key: string, extra: string[] = [], configDir = tempConfigDir()) =>
    loginWithToken(key, { configDir, verifyAt: sandbox().baseUrl, extra });

  it('says a management key is one, and stores it with the base URL it was checked at', async () => {
    const dir = tempConfigDir();
    const r = await checked(sandbox().keys.management, [], dir);
    const origin = new URL(sandbox().baseUrl).origin;
    expect(r).toMatchObject({
      code: 0,
      stderr:
        `Stored the base URL ${sandbox().baseUrl} for profile "default".\n` +
        `Stored the management key gw-san…ment for profile "default" in ${path.join(dir, 'config.json')}; it is sent only to ${origin}\n` +
        'The API accepts it as a management key.\n',
    });
    expect(sandbox().requests()).toHaveLength(1);
  });

  it('an API key given as the management key is refused (exit 4) and the stored management key kept; --api-key stores it', async () => {
    const dir = tempConfigDir();
    const file = path.join(dir, 'config.json');
    await checked(sandbox().keys.management, ['--profile', 'ci'], dir);
    const r = await checked(sandbox().keys.api, ['--profile', 'ci'], dir);
    expect(r).toMatchObject({
      code: 4,
      stdout: '',
      stderr:
        // The login it suggests goes where this one went.
        `gwctl: the API accepts this key only as an API key; it was not stored as the management key; to store it as the API key, run 'gwctl auth login --api-key --profile ci --base-url ${sandbox().baseUrl}'\n`,
    });
    const origin = new URL(sandbox().baseUrl).origin;
    const ci = { 'base-url': sandbox().baseUrl, 'management-key': sandbox().keys.management, 'management-key-origin': origin };
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ profiles: { ci } });
    const asApi = await checked(sandbox().keys.api, ['--api-key', '--profile', 'ci'], dir);
    expect(asApi).toMatchObject({
      code: 0,
      stderr: `Stored the base URL ${sandbox().baseUrl} for profile "ci".\nStored the API key gw-san…-api for profile "ci" in ${file}; it is sent only to ${origin}\nThe API accepts it as an API key.\n`,
    });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      profiles: { ci: { ...ci, 'api-key': sandbox().keys.api, 'api-key-origin': origin } },
    });
  });

  it('a key the API rejects is not stored: exit 4', async () => {
    const dir = tempConfigDir();
    const r = await checked('sk-wrong-0123456789abcdef', [], dir);
    expectNoCrash(r.stderr);
    expect(r).toMatchObject({
      code: 4,
      stdout: '',
      stderr: `gwctl: the API rejected this key (HTTP 401 from ${sandbox().baseUrl}); it was not stored; check the key, and the base URL (--base-url or GWCTL_BASE_URL)\n`,
    });
    expect(existsSync(path.join(dir, 'config.json'))).toBe(false);
  });

  it('--no-verify stores without a request', async () => {
    const r = await checked('sk-wrong-0123456789abcdef', ['--no-verify']);
    expect(r.code).toBe(0);
    expect(sandbox().requests()).toEqual([]);
  });
});

describe('auth login at a terminal', () => {
  it('asks for the key at a masked prompt and stores it, never printing it', async () => {
    const dir = tempConfigDir();
    const key = 'sk-or-v1-prompted-0123456789abcdef';
    const prompter = scriptedPrompter({ password: [key] });
    const r = await gwctl(['auth', 'login', '--insecure-storage', '--no-verify'], { configDir: dir, prompter });
    expect(prompter.asked).toHaveLength(1);
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(key);
    expect(JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8'))).toEqual({
      profiles: { default: { 'management-key': key, 'management-key-origin': 'https://openrouter.ai' } },
    });
  });
});
