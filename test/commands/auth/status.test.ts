// auth status: the stored key masked, with where each value comes from and the precedence flag >
// environment > profile > default; no key; and each key checked with the API (the sandbox).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gwctl } from '../../kit/cli.js';
import { configWith, loginWithToken } from '../../kit/profiles.js';
import { useSandbox } from '../../kit/sandbox.js';
import { tempConfigDir } from '../../kit/spawn.js';

const KEY = 'sk-or-v1-profilekey-0123456789abcdef';
const ENV_KEY = 'sk-or-v1-envkey-fedcba9876543210';

describe('auth status', () => {
  it('shows the stored key masked, with where each value comes from', async () => {
    const dir = tempConfigDir();
    await loginWithToken(KEY, { configDir: dir });
    const r = await gwctl(['auth', 'status', '--offline'], { configDir: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'profile\tdefault\tdefault',
        `config file\t${path.join(dir, 'config.json')}\t`,
        'base URL\thttps://openrouter.ai/api/v1\tdefault',
        'management key\tsk-or-…cdef\tfile, bound to https://openrouter.ai',
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
    await loginWithToken(KEY, { configDir: dir });
    await gwctl(['config', 'set', 'timeout', '12'], { configDir: dir });
    const r = await gwctl(['auth', 'status', '--json', '--offline', '--timeout', '5'], {
      configDir: dir,
      env: { GWCTL_MANAGEMENT_KEY: ENV_KEY, GWCTL_BASE_URL: 'https://gw.example.com/api/v1', GWCTL_RETRIES: '1' },
    });
    expect(r.code).toBe(0);
    const status = JSON.parse(r.stdout);
    expect(status.management_key).toEqual({ masked: 'sk-or-…3210', source: 'env', bound_to: null, check: 'offline' });
    expect(status.base_url).toEqual({ value: 'https://gw.example.com/api/v1', source: 'environment' });
    expect(status.timeout_seconds).toEqual({ value: 5, source: 'flag' });
    expect(status.retries).toEqual({ value: 1, source: 'environment' });
    expect(r.stdout).not.toContain(ENV_KEY);
  });

  it('a base URL with a user name and password (edited by hand): never shown, exit 2, nothing sent', async () => {
    const dir = configWith({ 'base-url': 'http://user:hunter2@127.0.0.1:9/api/v1', 'management-key': KEY });
    const r = await gwctl(['auth', 'status'], { configDir: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('base URL\thttp://…@127.0.0.1:9/api/v1\tprofile\n');
    expect(r.stderr).toBe(
      'gwctl: invalid base URL "http://…@127.0.0.1:9/api/v1" (from the profile): a base URL must not carry a user name or password\n',
    );
    const json = await gwctl(['auth', 'status', '--json', '--offline'], { configDir: dir });
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout).base_url).toEqual({ value: 'http://…@127.0.0.1:9/api/v1', source: 'profile' });
    for (const args of [
      ['config', 'list'],
      ['config', 'get', 'base-url'],
      ['config', 'profiles'],
      ['config', 'profiles', '--json'],
      ['doctor'],
    ]) {
      const shown = await gwctl(args, { configDir: dir });
      expect(shown.stdout, args.join(' ')).toContain('http://…@127.0.0.1:9/api/v1');
      expect(shown.stdout + shown.stderr, args.join(' ')).not.toContain('hunter2');
    }
    expect((r.stdout + r.stderr + json.stdout).includes('hunter2')).toBe(false);
  });

  it('exits 4 when no key is configured', async () => {
    const r = await gwctl(['auth', 'status', '--offline']);
    expect(r.code).toBe(4);
    expect(r.stderr).toBe("gwctl: no credentials configured; run 'gwctl auth login' or set GWCTL_MANAGEMENT_KEY\n");
  });
});

describe('auth status: keys checked with the API (the sandbox)', () => {
  const sandbox = useSandbox();

  it('checks each key in effect; --offline does not', async () => {
    const env = { GWCTL_BASE_URL: sandbox().baseUrl, GWCTL_MANAGEMENT_KEY: sandbox().keys.management, GWCTL_API_KEY: sandbox().keys.api };
    const r = await gwctl(['auth', 'status', '--json'], { env });
    expect(r.code).toBe(0);
    const status = JSON.parse(r.stdout);
    expect(status.management_key).toEqual({ masked: 'gw-san…ment', source: 'env', bound_to: null, check: 'management' });
    expect(status.api_key).toEqual({ masked: 'gw-san…-api', source: 'env', bound_to: null, check: 'api' });
    sandbox().clearRequests();
    expect((await gwctl(['auth', 'status', '--offline'], { env })).code).toBe(0);
    expect(sandbox().requests()).toEqual([]);
  });

  it('with a rejected key: exit 4, and the hint names where the key came from', async () => {
    const r = await gwctl(['auth', 'status'], {
      env: { GWCTL_BASE_URL: sandbox().baseUrl, GWCTL_MANAGEMENT_KEY: 'sk-wrong-0123456789abcdef' },
    });
    expect(r.code).toBe(4);
    expect(r.stdout).toContain('management key\tsk-wro…cdef (rejected by the API (HTTP 401))\tenv\n');
    expect(r.stderr).toBe(
      "gwctl: the API rejected the management key (HTTP 401); the management key comes from GWCTL_MANAGEMENT_KEY: set it to a valid key, or unset it to use the profile's\n",
    );
  });
});
