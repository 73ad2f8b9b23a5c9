// config set, with get, list and unset reading back what it stored; values and names refused.
import { describe, expect, it } from 'vitest';
import { gwctl } from '../../kit/cli.js';
import { tempConfigDir } from '../../kit/spawn.js';

describe('config set', () => {
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

  it.each([
    [
      ['config', 'set', 'timeout', 'soon'],
      'gwctl: invalid value for timeout: "soon" (expected a duration such as 90, 90s, 1.5s, 5m or 1h)\n',
    ],
    [['config', 'set', 'retries', '99'], 'gwctl: invalid value for retries: "99" (expected an integer from 0 to 10)\n'],
    [
      ['config', 'set', 'colour', 'red'],
      'gwctl: unknown setting "colour"; settings are: base-url, workspace, timeout, retries, management-key-command, api-key-command, ca-file\n',
    ],
    // A typo gets the nearest setting, as a command or a value does (core/suggest.ts), in get and unset too.
    [['config', 'set', 'timout', '5'], 'gwctl: unknown setting "timout"; did you mean timeout?\n'],
    [['config', 'get', 'basurl'], 'gwctl: unknown setting "basurl"; did you mean base-url?\n'],
    [['config', 'unset', 'workspce'], 'gwctl: unknown setting "workspce"; did you mean workspace?\n'],
    [
      ['config', 'set', 'management-key', 'x'],
      "gwctl: management-key is not a setting; keys are stored with 'gwctl auth login' and shown masked by 'gwctl auth status'\n",
    ],
  ])('%j is a usage error', async (args, stderr) => {
    expect(await gwctl(args)).toMatchObject({ code: 2, stdout: '', stderr });
  });
});
