// A server that cannot be reached at all (a stopped sandbox: the connection is refused) ends
// with exit 7 and the next step, `gwctl doctor`, repeating where the run went; a server that was
// reached and then dropped the connection gets no such hint (doctor would find the way fine).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gwctl, recordedClock } from '../kit/cli.js';
import { closedPort, startServer, type ScriptedServer } from '../kit/server.js';
import { tempConfigDir } from '../kit/spawn.js';

const KEY = 'sk-mgmt-unreachable-0123456789';
const ID = '5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11';

let dropping: ScriptedServer;
beforeAll(async () => {
  dropping = await startServer(() => ({ drop: true }));
});
afterAll(() => dropping.close());

describe('a server not reached', () => {
  it('a stopped sandbox: connection refused after the retries, then gwctl doctor', async () => {
    const port = await closedPort();
    const base = `http://127.0.0.1:${port}/api/v1`;
    const run = await gwctl(['endpoints', 'get', ID], { env: { GWCTL_BASE_URL: base, GWCTL_MANAGEMENT_KEY: KEY }, clock: recordedClock() });
    expect(run).toMatchObject({
      code: 7,
      stdout: '',
      stderr: `gwctl: connection refused (127.0.0.1:${port}) (after 4 attempts); see where the way to the server fails: gwctl doctor\n`,
    });
  });

  it('the doctor it names goes where the run went (--profile, --base-url), in --json too', async () => {
    const port = await closedPort();
    const configDir = tempConfigDir();
    const made = await gwctl(['config', 'set', 'timeout', '5', '--profile', 'ops'], { configDir });
    expect(made.code, made.stderr).toBe(0);
    const base = `http://127.0.0.1:${port}/api/v1`;
    const run = await gwctl(['endpoints', 'get', ID, '--profile', 'ops', '--base-url', base, '--retries', '0', '--json'], {
      configDir,
      env: { GWCTL_MANAGEMENT_KEY: KEY },
    });
    expect(run.code).toBe(7);
    expect(JSON.parse(run.stderr)).toEqual({
      error: {
        status: null,
        message: `connection refused (127.0.0.1:${port})`,
        hint: `see where the way to the server fails: gwctl doctor --profile ops --base-url ${base}`,
        exit_code: 7,
      },
    });
  });

  it('a server that was reached and dropped the connection: no doctor hint', async () => {
    const run = await gwctl(['endpoints', 'get', ID, '--retries', '0'], {
      env: { GWCTL_BASE_URL: dropping.baseUrl, GWCTL_MANAGEMENT_KEY: KEY },
    });
    expect(run.code).toBe(7);
    expect(run.stderr).not.toContain('doctor');
  });
});
