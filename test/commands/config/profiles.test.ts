// config profiles: every profile, the one in effect, and where each keeps its keys.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gwctl } from '../../kit/cli.js';
import { tempConfigDir } from '../../kit/spawn.js';

const STORED = 'sk-stored-cred-fedcba9876543210';

describe('config profiles', () => {
  it('lists every profile, the one in effect, and where each keeps its keys (never the keys)', async () => {
    const dir = tempConfigDir();
    writeFileSync(
      path.join(dir, 'config.json'),
      JSON.stringify({
        profiles: {
          staging: {
            'base-url': 'https://staging.example.com/api/v1',
            'management-key-keychain': true,
            'api-key-command': 'pass show api',
          },
          default: { workspace: 'production', 'management-key': STORED },
        },
      }),
      { mode: 0o600 },
    );
    const json = await gwctl(['config', 'profiles', '--json', '--profile', 'staging'], { configDir: dir });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      data: [
        { name: 'default', current: false, base_url: null, workspace: 'production', management_key: 'file', api_key: null },
        {
          name: 'staging',
          current: true,
          base_url: 'https://staging.example.com/api/v1',
          workspace: null,
          management_key: 'keychain',
          api_key: 'command',
        },
      ],
    });
    const rows = await gwctl(['config', 'profiles'], { configDir: dir });
    expect(rows).toMatchObject({
      code: 0,
      stdout: 'default\ttrue\t\tproduction\tfile\t\nstaging\tfalse\thttps://staging.example.com/api/v1\t\tkeychain\tcommand\n',
    });
    expect(json.stdout + rows.stdout).not.toContain(STORED);
  });
});
