// `gwctl endpoints ls`, `tools ls`, `batches ls`: the API has no list of these, and a person who
// tries one is told so, and what the command that reads one takes (where its id comes from),
// rather than "unknown command 'ls'". Exit 2 as for an unknown command; nothing is sent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { startServer, type ScriptedServer } from '../kit/server.js';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const env = () => ({
  GWCTL_BASE_URL: server.baseUrl,
  GWCTL_MANAGEMENT_KEY: 'sk-mgmt-unlisted-0123456789',
  GWCTL_API_KEY: 'sk-api-unlisted-0123456789',
});

const REFUSALS = {
  endpoints:
    "gwctl: the API has no list of private endpoints; 'gwctl endpoints get' takes a private endpoint id (UUID), from where the endpoint was set up; see 'gwctl endpoints get --help'\n",
  tools:
    "gwctl: the API has no list of server tools; 'gwctl tools get' takes a canonical tool name (openrouter:web_search) or any alias; see 'gwctl tools get --help'\n",
  batches:
    "gwctl: the API has no list of batches; 'gwctl batches get' takes a batch id, as returned when the batch was submitted; see 'gwctl batches get --help'\n",
};

describe('ls where the API has no list', () => {
  it.each(Object.entries(REFUSALS))('%s ls and list say so, exit 2, nothing sent', async (group, stderr) => {
    for (const verb of ['ls', 'list']) {
      const run = await gwctl([group, verb], { env: env() });
      expect(run, `${group} ${verb}`).toMatchObject({ code: 2, stdout: '', stderr });
    }
    // With options after it, and under `help`, the same answer.
    expect(await gwctl([group, 'ls', '--limit', '5'], { env: env() })).toMatchObject({ code: 2, stdout: '', stderr });
    expect(await gwctl(['help', group, 'ls'], { env: env() })).toMatchObject({ code: 2, stdout: '', stderr });
    expect(server.requests).toEqual([]);
  });

  it('--json gets the same error as JSON on stderr', async () => {
    const run = await gwctl(['batches', 'ls', '--json'], { env: env() });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(JSON.parse(run.stderr)).toEqual({
      error: {
        status: null,
        message: "the API has no list of batches; 'gwctl batches get' takes a batch id, as returned when the batch was submitted",
        hint: "see 'gwctl batches get --help'",
        exit_code: 2,
      },
    });
  });

  it('other unknown words, and groups that have a list, are as before', async () => {
    expect(await gwctl(['batches', 'show'], { env: env() })).toMatchObject({
      code: 2,
      stderr: "gwctl: unknown command 'show'; see 'gwctl batches --help'; its commands: delete, get\n",
    });
    expect(await gwctl(['auth', 'ls'], { env: env() })).toMatchObject({ code: 2, stderr: expect.stringContaining("unknown command 'ls'") });
    expect((await gwctl(['interns', 'list', '--help'])).code).toBe(0);
  });
});
