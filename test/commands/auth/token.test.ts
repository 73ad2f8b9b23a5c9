// auth token: the key in effect printed whole (from a key command, a stored key, or the
// environment), --api-key with its fallback, and no key.
import { describe, expect, it } from 'vitest';
import { gwctl } from '../../kit/cli.js';
import { configWith } from '../../kit/profiles.js';

const KEY = 'sk-mgmt-cred-0123456789abcdef';
const STORED = 'sk-stored-cred-fedcba9876543210';

describe('auth token', () => {
  it('prints the management key in effect, whole, and a newline', async () => {
    expect(await gwctl(['auth', 'token'], { env: { GWCTL_MANAGEMENT_KEY_COMMAND: `echo ${KEY}` } })).toMatchObject({
      code: 0,
      stdout: `${KEY}\n`,
      stderr: '',
    });
    expect(await gwctl(['auth', 'token'], { configDir: configWith({ 'management-key': STORED }) })).toMatchObject({
      code: 0,
      stdout: `${STORED}\n`,
    });
  });

  it('--api-key: the API key, falling back to the management key', async () => {
    expect((await gwctl(['auth', 'token', '--api-key'], { env: { GWCTL_API_KEY: KEY, GWCTL_MANAGEMENT_KEY: STORED } })).stdout).toBe(
      `${KEY}\n`,
    );
    expect((await gwctl(['auth', 'token', '--api-key'], { env: { GWCTL_MANAGEMENT_KEY: STORED } })).stdout).toBe(`${STORED}\n`);
  });

  it('no key: exit 4 and nothing on stdout', async () => {
    expect(await gwctl(['auth', 'token'])).toMatchObject({
      code: 4,
      stdout: '',
      stderr: "gwctl: no management key configured; run 'gwctl auth login' or set GWCTL_MANAGEMENT_KEY\n",
    });
    const failing = await gwctl(['auth', 'token'], { env: { GWCTL_MANAGEMENT_KEY_COMMAND: 'exit 1' } });
    expect(failing).toMatchObject({ code: 4, stdout: '' });
  });
});
