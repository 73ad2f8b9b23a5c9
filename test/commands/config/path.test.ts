// config path: the config file of GWCTL_CONFIG_DIR.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gwctl } from '../../kit/cli.js';
import { tempConfigDir } from '../../kit/spawn.js';

describe('config path', () => {
  it('prints the config path', async () => {
    const dir = tempConfigDir();
    expect(await gwctl(['config', 'path'], { configDir: dir })).toMatchObject({ code: 0, stdout: `${path.join(dir, 'config.json')}\n` });
  });
});
