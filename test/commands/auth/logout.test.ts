// auth logout: the stored keys removed, so that auth status finds none.
import { describe, expect, it } from 'vitest';
import { gwctl } from '../../kit/cli.js';
import { loginWithToken } from '../../kit/profiles.js';
import { tempConfigDir } from '../../kit/spawn.js';

const KEY = 'sk-or-v1-profilekey-0123456789abcdef';

describe('auth logout', () => {
  it('removes the keys', async () => {
    const dir = tempConfigDir();
    await loginWithToken(KEY, { configDir: dir });
    const out = await gwctl(['auth', 'logout'], { configDir: dir });
    expect(out).toMatchObject({ code: 0, stderr: 'Removed the management key of profile "default".\n' });
    expect((await gwctl(['auth', 'status', '--offline'], { configDir: dir })).code).toBe(4);
  });
});
