// An error message quotes at most 200 characters of any input, whoever quotes it: gwctl's own
// messages, the jq engine's, and a server that echoes what it was sent.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { envelope, type ScriptedServer, startServer } from '../kit/server.js';

const KEY = 'sk-mgmt-long-0123456789abcdef';
const env = { GWCTL_MANAGEMENT_KEY: KEY, GWCTL_API_KEY: KEY };
const LONG = 'a'.repeat(5_000);

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer((req) => ({ status: 404, body: envelope(404, `No route for ${req.method} ${req.path}`) }));
});
afterAll(() => server.close());

it.each([
  ['a --jq filter the engine quotes', ['interns', 'ls', '--jq', LONG], 2],
  ['a path the server echoes', ['api', `interns/${LONG}`], 5],
  ['an unknown option the parser quotes', ['interns', 'ls', `--${LONG}`], 2],
])('%s: at most 200 characters of it, saying how long it was', async (_, args, code) => {
  for (const json of [false, true]) {
    const r = await gwctl([...args, '--base-url', server.baseUrl, ...(json ? ['--json'] : [])], { env });
    expect(r.code).toBe(code);
    expect(r.stderr.length).toBeLessThan(400);
    expect(r.stderr).toMatch(/a'?… \(\d{3,} characters\)/);
    expect(r.stderr).not.toMatch(/a{201}/);
  }
});
