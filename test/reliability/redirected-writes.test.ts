// A write redirected to another origin is not followed: exit 1 naming the status and the other
// origin, nothing at all (key, header, body) sent there, and the write said to be not done. Two
// listeners on 127.0.0.1, the gateway and another origin, each recording every request. A
// redirect within the gateway's origin is followed as before (a read's elsewhere, too: in
// responses.test.ts and test/e2e/api.test.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { startServer, type ScriptedServer } from '../kit/server.js';
import { expectNoCrash } from '../kit/spawn.js';

const KEY = 'sk-mgmt-redirects-0123456789abcdef';
const SECRET = 'hunter2-do-not-forward';
const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const BATCH = 'batch_2f9c4e1a';
const PRESET_BODY = JSON.stringify({ model: 'openai/gpt-4o', system: `Never say ${SECRET}.` });

let gateway: ScriptedServer;
let other: ScriptedServer;
beforeAll(async () => {
  [gateway, other] = await Promise.all([startServer(), startServer(() => ({ body: { suspended: true, elsewhere: true } }))]);
});
afterAll(async () => {
  await Promise.all([gateway.close(), other.close()]);
});
beforeEach(() => {
  gateway.reset();
  other.reset();
});

const run = (args: readonly string[], input?: string) =>
  gwctl([...args, '--base-url', gateway.baseUrl], {
    env: { GWCTL_MANAGEMENT_KEY: KEY },
    ...(input === undefined ? {} : { input }),
  });

/** Each write, its method and path as sent, and stdin. */
const WRITES: [string, string[], string, string?][] = [
  ['gwctl api -X POST -f', ['api', '-X', 'POST', 'keys', '-f', `secret=${SECRET}`, '-H', 'X-Team: ops'], 'POST /api/v1/keys'],
  ['gwctl api -X DELETE', ['api', '-X', 'DELETE', 'keys/k1', '--yes'], 'DELETE /api/v1/keys/k1'],
  ['presets create --file', ['presets', 'create', 'support-bot', '--file', '-'], 'POST /api/v1/presets/support-bot/messages', PRESET_BODY],
  ['interns suspend <id> --yes', ['interns', 'suspend', INTERN, '--yes'], `POST /api/v1/interns/${INTERN}/suspend`],
  ['batches delete <id> --yes', ['batches', 'delete', BATCH, '--yes'], `DELETE /api/v1/batches/${BATCH}`],
];

describe('a write redirected to another origin', () => {
  describe.each([301, 302, 307, 308])('HTTP %i', (status) => {
    it.each(WRITES)('%s: exit 1 naming the status and the origin; nothing reaches it; not done', async (_, args, sent, input) => {
      gateway.handle(() => ({ status, headers: { location: `${other.url}/api/v1/elsewhere` } }));
      const r = await run(['--retries', '3', ...args], input);
      expectNoCrash(r.stderr);
      const [method, path] = sent.split(' ');
      expect(r).toMatchObject({
        code: 1,
        stdout: '',
        stderr:
          `gwctl: HTTP ${status}: the server redirected ${method} ${path} to another origin (${other.url}): ` +
          `not followed, nothing was sent there, and the ${method} request was not done\n`,
      });
      expect(other.requests).toEqual([]);
      expect(gateway.requests.map((q) => `${q.method} ${q.path}`)).toEqual([sent]);
    });
  });

  it('303 See Other: not followed either, and said to have been acted on', async () => {
    gateway.handle(() => ({ status: 303, headers: { location: `${other.url}/api/v1/result` } }));
    const r = await run(['interns', 'suspend', INTERN, '--yes']);
    expect(r).toMatchObject({
      code: 1,
      stderr:
        `gwctl: HTTP 303: the server redirected POST /api/v1/interns/${INTERN}/suspend to another origin (${other.url}): ` +
        'not followed, nothing was sent there, and a 303 says the server acted on it, so check its outcome\n',
    });
    expect(other.requests).toEqual([]);
  });

  it('--json: one error object with the status, exit_code 1', async () => {
    gateway.handle(() => ({ status: 307, headers: { location: `${other.url}/api/v1/elsewhere` } }));
    const r = await run(['--json', 'batches', 'delete', BATCH, '--yes']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { status: 307, exit_code: 1 } });
    expect(other.requests).toEqual([]);
  });
});

describe('a redirect within the same origin', () => {
  it('a write redirected within the same origin: followed with its key, headers and body', async () => {
    gateway.handle((req) =>
      req.path.endsWith('/moved') ? { body: { ok: true } } : { status: 307, headers: { location: '/api/v1/moved' } },
    );
    const r = await run(['api', '-X', 'POST', 'keys', '-f', `secret=${SECRET}`, '-H', 'X-Team: ops']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(gateway.requests.map((q) => [q.method, q.path, q.key, q.headers['x-team'], q.body])).toEqual([
      ['POST', '/api/v1/keys', 'unknown', 'ops', JSON.stringify({ secret: SECRET })],
      ['POST', '/api/v1/moved', 'unknown', 'ops', JSON.stringify({ secret: SECRET })],
    ]);
  });
});
