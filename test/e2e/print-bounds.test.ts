// The seventh release's "Bounds", through the built gwctl as a process against a scripted
// gateway: `gwctl api` refuses nesting deeper than the typed commands take, with their exit 1
// and message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ScriptedServer } from '../kit/server.js';
import { runGwctl } from '../kit/spawn.js';

const KEY = 'sk-mgmt-bounds-0123456789';
const env = { GWCTL_MANAGEMENT_KEY: KEY, GWCTL_API_KEY: KEY };

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('gwctl api refuses nesting deeper than the typed commands take, as they do', () => {
  const nested = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const refusal = (name: string): string => `the response to ${name} is nested more than 512 levels deep; gwctl cannot use it`;

  it('40 KB nested 20,000 deep: exit 1 naming the request, never an internal error', async () => {
    server.handle(() => ({ headers: { 'content-type': 'application/json' }, body: nested(20_000) }));
    const base = ['--base-url', server.baseUrl];
    expect(await runGwctl(['api', 'deep', ...base], { env })).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `gwctl: HTTP 200: ${refusal('GET /api/v1/deep')}\n`,
    });
    const json = await runGwctl(['api', 'deep', '--json', ...base], { env });
    expect({ code: json.code, stdout: json.stdout }).toEqual({ code: 1, stdout: '' });
    expect(JSON.parse(json.stderr)).toEqual({ error: { status: 200, message: refusal('GET /api/v1/deep'), exit_code: 1 } });
    // The typed command's refusal, word for word but for the name.
    expect(await runGwctl(['byok', 'ls', ...base], { env })).toMatchObject({
      code: 1,
      stderr: `gwctl: HTTP 200: ${refusal('list BYOK credentials')}\n`,
    });
  });

  it('--paginate: each page is held to the same bound', async () => {
    server.handle(() => ({ headers: { 'content-type': 'application/json' }, body: `{"data":[${nested(20_000)}]}` }));
    expect(await runGwctl(['api', 'byok', '--paginate', '--base-url', server.baseUrl], { env })).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `gwctl: HTTP 200: ${refusal('GET /api/v1/byok')}\n`,
    });
  });

  it('512 levels print, as JSON.stringify lays them out; 513 do not', async () => {
    server.handle(() => ({ headers: { 'content-type': 'application/json' }, body: nested(512) }));
    const deepest = await runGwctl(['api', 'deep', '--base-url', server.baseUrl], { env });
    expect(deepest).toMatchObject({ code: 0, stderr: '', stdout: `${JSON.stringify(JSON.parse(nested(512)), null, 2)}\n` });
    server.handle(() => ({ headers: { 'content-type': 'application/json' }, body: nested(513) }));
    expect(await runGwctl(['api', 'deep', '--base-url', server.baseUrl], { env })).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `gwctl: HTTP 200: ${refusal('GET /api/v1/deep')}\n`,
    });
  });
});
