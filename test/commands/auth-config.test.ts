// Credentials and settings: stored 0600, shown masked, precedence flag > environment > profile > default.
import { readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { tempConfigDir } from '../kit/spawn.js';

const KEY = 'sk-or-v1-profilekey-0123456789abcdef';
const ENV_KEY = 'sk-or-v1-envkey-fedcba9876543210';

async function login(dir: string, key: string, extra: string[] = []) {
  return gwctl(['auth', 'login', '--with-token', '--insecure-storage', '--no-verify', ...extra], { configDir: dir, input: `${key}\n` });
}

describe('auth login --with-token', () => {
  it('stores the key in a 0600 file under GWCTL_CONFIG_DIR and never prints it', async () => {
    const dir = tempConfigDir();
    const r = await login(dir, KEY);
    const file = path.join(dir, 'config.json');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`Stored the management key sk-or-…cdef for profile "default" in ${file}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ profiles: { default: { 'management-key': KEY } } });
  });

  it('stores an API key with --api-key, in the profile named by --profile', async () => {
    const dir = tempConfigDir();
    await login(dir, KEY);
    const r = await login(dir, ENV_KEY, ['--api-key', '--profile', 'staging']);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8'))).toEqual({
      profiles: { default: { 'management-key': KEY }, staging: { 'api-key': ENV_KEY } },
    });
  });

  it('refuses an empty stdin with exit 2', async () => {
    const r = await gwctl(['auth', 'login', '--with-token'], { input: '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("gwctl: no key on standard input; pipe it in, as in 'printenv MY_KEY | gwctl auth login --with-token'\n");
  });

  it('without a terminal and without --with-token refuses with exit 2', async () => {
    const r = await gwctl(['auth', 'login']);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: 'gwctl: no terminal to prompt on; pipe the key in with --with-token\n' });
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

describe('auth status', () => {
  it('shows the stored key masked, with where each value comes from', async () => {
    const dir = tempConfigDir();
    await login(dir, KEY);
    const r = await gwctl(['auth', 'status', '--offline'], { configDir: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'profile\tdefault\tdefault',
        `config file\t${path.join(dir, 'config.json')}\t`,
        'base URL\thttps://openrouter.ai/api/v1\tdefault',
        'management key\tsk-or-…cdef\tfile',
        'API key\tsk-or-…cdef\tmanagement key',
        'workspace\tnot set\t',
        'timeout\t30s\tdefault',
        'retries\t3\tdefault',
        '',
      ].join('\n'),
    );
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });

  it('lets the environment win over the profile, and flags over both', async () => {
    const dir = tempConfigDir();
    await login(dir, KEY);
    await gwctl(['config', 'set', 'timeout', '12'], { configDir: dir });
    const r = await gwctl(['auth', 'status', '--json', '--offline', '--timeout', '5'], {
      configDir: dir,
      env: { GWCTL_MANAGEMENT_KEY: ENV_KEY, GWCTL_BASE_URL: 'https://gw.example.com/api/v1', GWCTL_RETRIES: '1' },
    });
    expect(r.code).toBe(0);
    const status = JSON.parse(r.stdout);
    expect(status.management_key).toEqual({ masked: 'sk-or-…3210', source: 'env', check: 'offline' });
    expect(status.base_url).toEqual({ value: 'https://gw.example.com/api/v1', source: 'environment' });
    expect(status.timeout_seconds).toEqual({ value: 5, source: 'flag' });
    expect(status.retries).toEqual({ value: 1, source: 'environment' });
    expect(r.stdout).not.toContain(ENV_KEY);
  });

  it('exits 4 when no key is configured', async () => {
    const r = await gwctl(['auth', 'status', '--offline']);
    expect(r.code).toBe(4);
    expect(r.stderr).toBe("gwctl: no credentials configured; run 'gwctl auth login' or set GWCTL_MANAGEMENT_KEY\n");
  });

  it('logout removes the keys', async () => {
    const dir = tempConfigDir();
    await login(dir, KEY);
    const out = await gwctl(['auth', 'logout'], { configDir: dir });
    expect(out).toMatchObject({ code: 0, stderr: 'Removed the management key of profile "default".\n' });
    expect((await gwctl(['auth', 'status', '--offline'], { configDir: dir })).code).toBe(4);
  });
});

describe('config', () => {
  it('sets, gets, lists and unsets a setting', async () => {
    const dir = tempConfigDir();
    expect((await gwctl(['config', 'set', 'workspace', 'production'], { configDir: dir })).code).toBe(0);
    expect(await gwctl(['config', 'get', 'workspace'], { configDir: dir })).toMatchObject({ code: 0, stdout: 'production\n' });
    expect(await gwctl(['config', 'list'], { configDir: dir })).toMatchObject({ code: 0, stdout: 'workspace\tproduction\n' });
    expect((await gwctl(['config', 'unset', 'workspace'], { configDir: dir })).code).toBe(0);
    expect(await gwctl(['config', 'get', 'workspace'], { configDir: dir })).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'gwctl: workspace is not set in profile "default"\n',
    });
  });

  it('prints the config path', async () => {
    const dir = tempConfigDir();
    expect(await gwctl(['config', 'path'], { configDir: dir })).toMatchObject({ code: 0, stdout: `${path.join(dir, 'config.json')}\n` });
  });

  it.each([
    [
      ['config', 'set', 'timeout', 'soon'],
      'gwctl: invalid value for timeout: "soon" (expected a number of seconds above 0, at most 3600)\n',
    ],
    [['config', 'set', 'retries', '99'], 'gwctl: invalid value for retries: "99" (expected an integer from 0 to 10)\n'],
    [
      ['config', 'set', 'colour', 'red'],
      'gwctl: unknown setting "colour"; settings are: base-url, workspace, timeout, retries, management-key-command, api-key-command\n',
    ],
    [
      ['config', 'set', 'management-key', 'x'],
      "gwctl: management-key is not a setting; keys are stored with 'gwctl auth login' and shown masked by 'gwctl auth status'\n",
    ],
  ])('%j is a usage error', async (args, stderr) => {
    expect(await gwctl(args)).toMatchObject({ code: 2, stdout: '', stderr });
  });
});
