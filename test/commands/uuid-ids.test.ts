// An id the API defines as a UUID (an intern, a private endpoint, a workspace) that is not one is
// exit 2 with one line naming it, and nothing is sent: as an argument, on stdin (`-`), or as
// --workspace. A batch id and a budget's workspace (a UUID or a slug) are any text their path takes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { internBody, internId } from '../kit/bodies.js';
import { gwctl } from '../kit/cli.js';
import { startServer, type ScriptedServer } from '../kit/server.js';

const KEY = 'sk-test-uuid-ids-0123456789';
const WHY = 'must be a UUID such as 7c9e6679-7425-40de-944b-e07fc1f90ae7';
const ID = internId(1);

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer((req) => {
    if (req.path === `/api/v1/interns/${ID}`) return { body: internBody(1) };
    if (req.path === `/api/v1/interns/${ID}/suspend`) return { body: { suspended: true } };
    if (req.path === '/api/v1/workspaces/production/budgets') return { body: { data: [], include_byok_in_budgets: false } };
    return { status: 404, body: { error: { code: 404, message: 'Not found' } } };
  });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const run = (args: string[], input?: string) =>
  gwctl([...args, '--base-url', server.baseUrl], {
    env: { GWCTL_MANAGEMENT_KEY: KEY, GWCTL_API_KEY: KEY },
    ...(input === undefined ? {} : { input }),
  });

describe('an id that is not a UUID', () => {
  it.each([
    [['interns', 'get', 'not-a-uuid'], 'intern id "not-a-uuid"'],
    [['interns', 'get', 'not-a-uuid', '--watch'], 'intern id "not-a-uuid"'],
    [['interns', 'suspend', 'not-a-uuid', '--yes'], 'intern id "not-a-uuid"'],
    [['interns', 'suspend', 'not-a-uuid'], 'intern id "not-a-uuid"'],
    [['interns', 'suspend', ID, 'not-a-uuid', '--yes'], 'intern id "not-a-uuid"'],
    [['interns', 'suspend', 'not-a-uuid', '--dry-run'], 'intern id "not-a-uuid"'],
    [['interns', 'wait', 'not-a-uuid', '--for', 'status=running'], 'intern id "not-a-uuid"'],
    [['interns', 'wait', ID, `${ID}x`, '--for', 'delete'], `intern id "${ID}x"`],
    [['vault', 'secrets', 'not-a-uuid'], 'intern id "not-a-uuid"'],
    [['endpoints', 'get', 'not-a-uuid'], 'endpoint id "not-a-uuid"'],
    [['interns', 'ls', '--workspace', 'production'], '--workspace "production"'],
    [['interns', 'suspend', '--status', 'failed', '--workspace', 'production', '--yes'], '--workspace "production"'],
    [['interns', 'wait', '--status', 'queued', '--workspace', 'production', '--for', 'status=running'], '--workspace "production"'],
    [['byok', 'ls', '--workspace', 'production'], '--workspace "production"'],
  ])('%j is exit 2, nothing sent', async (args, what) => {
    const r = await run(args);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: `gwctl: invalid ${what}: ${WHY}\n` });
    expect(server.requests).toEqual([]);
  });

  it.each([
    [['interns', 'suspend', '-', '--yes']],
    [['interns', 'suspend', '-', '--dry-run']],
    [['interns', 'wait', '-', '--for', 'status=running']],
  ])('%j: one bad id among many on stdin is exit 2 before anything is sent, naming its line', async (args) => {
    const r = await run(args, `${ID}\n# a comment\n\n${internId(2)}\nnot-a-uuid\n${internId(3)}\n`);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: `gwctl: invalid intern id "not-a-uuid": ${WHY} (stdin line 5)\n` });
    expect(server.requests).toEqual([]);
  });

  it('--json: the error object, exit_code 2', async () => {
    const r = await run(['interns', 'get', 'not-a-uuid', '--json']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr)).toEqual({ error: { status: null, message: `invalid intern id "not-a-uuid": ${WHY}`, exit_code: 2 } });
    expect(server.requests).toEqual([]);
  });
});

describe('ids that are UUIDs, and ids the API does not define as UUIDs', () => {
  it('an intern UUID is sent, as an argument and on stdin', async () => {
    expect((await run(['interns', 'get', ID])).code).toBe(0);
    expect((await run(['interns', 'suspend', '-', '--yes'], `${ID}\n`)).code).toBe(0);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v1/interns/' + ID,
      `POST /api/v1/interns/${ID}/suspend`,
    ]);
  });

  it("a budget's workspace may be a slug; a batch id is any text", async () => {
    expect((await run(['budgets', 'ls', 'production'])).code).toBe(0);
    expect((await run(['batches', 'get', 'batch_abc123'])).code).toBe(5);
    expect(server.requests.map((r) => r.path)).toEqual(['/api/v1/workspaces/production/budgets', '/api/v1/batches/batch_abc123']);
  });
});
