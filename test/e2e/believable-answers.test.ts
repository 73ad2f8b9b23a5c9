// The contract's "Answers a script can believe", as a script meets it: the built gwctl against a
// scripted server on 127.0.0.1 (one that answers anything, records everything), exit codes,
// stdout and stderr exactly. (The wait for a deletion is in wait.test.ts, the keychain's logout in
// keychain.test.ts.)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configWith } from '../kit/profiles.js';
import { startServer, type ScriptedServer } from '../kit/server.js';
import { runGwctl, tempConfigDir } from '../kit/spawn.js';

const ENDPOINT_ID = '5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('a key or header that cannot be sent is refused before anything is sent', () => {
  const dashed = 'sk-mgmt-pasted\u2013key-0123456789';
  const hint = '; retype the key: a pasted typographic character (a dash, a quote) cannot be sent in a header\n';

  it('a key from the environment, a key command or the config file: exit 4, where it came from and the position', async () => {
    const get = ['endpoints', 'get', ENDPOINT_ID, '--base-url', server.baseUrl];
    expect(await runGwctl(get, { env: { GWCTL_MANAGEMENT_KEY: dashed } })).toMatchObject({
      code: 4,
      stdout: '',
      stderr: `gwctl: the management key from GWCTL_MANAGEMENT_KEY has a character outside printable ASCII (U+2013) at position 15${hint}`,
    });
    expect(await runGwctl(get, { env: { GWCTL_MANAGEMENT_KEY_COMMAND: "printf 'sk-mgmt-\\001abc'" } })).toMatchObject({
      code: 4,
      stdout: '',
      stderr: `gwctl: the management key from GWCTL_MANAGEMENT_KEY_COMMAND has a control character (U+0001) at position 9${hint}`,
    });
    expect(await runGwctl(get, { configDir: configWith({ 'management-key': dashed }) })).toMatchObject({
      code: 4,
      stdout: '',
      stderr: `gwctl: the management key from the config file has a character outside printable ASCII (U+2013) at position 15${hint}`,
    });
    expect(server.requests).toHaveLength(0);
  });

  it('auth login does not store such a key, checked or not', async () => {
    const dir = tempConfigDir();
    for (const check of [['--no-verify'], ['--base-url', server.baseUrl]]) {
      expect(
        await runGwctl(['auth', 'login', '--with-token', '--insecure-storage', ...check], { configDir: dir, input: `${dashed}\n` }),
      ).toMatchObject({
        code: 4,
        stdout: '',
        stderr: `gwctl: the management key from standard input has a character outside printable ASCII (U+2013) at position 15${hint}`,
      });
    }
    expect(existsSync(path.join(dir, 'config.json'))).toBe(false);
    expect(server.requests).toHaveLength(0);
  });

  it('an api -H value: exit 2', async () => {
    expect(
      await runGwctl(['api', 'credits', '-H', 'X-Note: caf\u00e9', '--base-url', server.baseUrl], {
        env: { GWCTL_MANAGEMENT_KEY: 'sk-mgmt-0123456789' },
      }),
    ).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'gwctl: invalid --header "X-Note: café": the value has a character outside printable ASCII (U+00E9) at position 4; a header carries printable ASCII only\n',
    });
    expect(server.requests).toHaveLength(0);
  });
});
