// The three management reads, run as a user's script runs them: the built binary against a
// scripted server on 127.0.0.1, checking exit code, stdout and stderr exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withEnvKeyHint } from '../kit/hints.js';
import { fixture } from '../kit/bodies.js';
import { gwctl } from '../kit/cli.js';
import { startServer, type Reply, type ScriptedServer } from '../kit/server.js';

const KEY = 'sk-mgmt-test-0123456789abcdef';
const ENDPOINT_ID = '5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11';

/** What the server answers next, per path; the default is the command's fixture. */
let next: Map<string, Reply[]>;
let server: ScriptedServer;

beforeAll(async () => {
  server = await startServer((req) => {
    const queued = next.get(req.path)?.shift();
    if (queued) return queued;
    if (req.path === `/api/v1/private-endpoints/${ENDPOINT_ID}`) return { body: fixture('private-endpoint') };
    if (req.path === '/api/v1/tools/openrouter%3Aweb_search' || req.path === '/api/v1/tools/openrouter:web_search')
      return { body: fixture('tool') };
    if (req.path === '/api/v1/workspaces/production/budgets') return { body: fixture('budgets') };
    return { status: 404, body: { error: { code: 404, message: 'Resource not found' } } };
  });
});
afterAll(() => server.close());

function run(args: string[], env: Record<string, string | undefined> = {}) {
  next ??= new Map();
  return gwctl([...args, '--base-url', server.baseUrl], { env: { GWCTL_MANAGEMENT_KEY: KEY, ...env } });
}

function queue(path: string, ...replies: Reply[]): void {
  next = new Map([[path, replies]]);
}

interface ReadCase {
  name: string;
  args: string[];
  path: string;
  fixture: 'private-endpoint' | 'tool' | 'budgets';
  rows: string;
}

const cases: ReadCase[] = [
  {
    name: 'endpoints get',
    args: ['endpoints', 'get', ENDPOINT_ID],
    path: `/api/v1/private-endpoints/${ENDPOINT_ID}`,
    fixture: 'private-endpoint',
    rows: [
      // API field names (or the column's own name) and raw values, as piped rows carry them.
      `id\t${ENDPOINT_ID}`,
      'status\tactive',
      'model\topenai/gpt-4o',
      'model_permaslug\topenai/gpt-4o-2024-08-06',
      'provider\tazure',
      'upstream_model_id\tgpt-4o-prod',
      'base_url\thttps://contoso.openai.azure.com',
      'declared_zdr\ttrue',
      'declared_region\tus',
      'prompt_price\t0.0000025',
      'completion_price\t0.00001',
      '',
    ].join('\n'),
  },
  {
    name: 'tools get',
    args: ['tools', 'get', 'openrouter:web_search'],
    path: '/api/v1/tools/openrouter%3Aweb_search',
    fixture: 'tool',
    rows: [
      'id\topenrouter:web_search',
      'name\tWeb search',
      'status\tactive',
      'summary\tSearch the web',
      'tool_description\tSearches the web and returns results with citations.',
      'docs_url\thttps://openrouter.ai/docs/tools/web-search',
      'supported_api_formats\tresponses,chat-completions',
      'aliases\tweb_search_20250305',
      'default_engine\tnative',
      'fallback_engine\texa',
      'native_support\t{"endpoint_count":18,"model_count":12}',
      'engine\texa\tExa\topenrouter\tnone\tauto\tglobal, us\t$0.004 per request (auto, max 1/call)\topenrouter',
      'engine\t\tNative\tprovider\toptional\t\tglobal\t\tprovider',
      '',
    ].join('\n'),
  },
  {
    name: 'budgets ls',
    args: ['budgets', 'ls', 'production'],
    path: '/api/v1/workspaces/production/budgets',
    fixture: 'budgets',
    rows: [
      // Raw values: the amount as the API sent it, an empty interval for null.
      '770e8400-e29b-41d4-a716-446655440000\tmonthly\t100\ttrue\t550e8400-e29b-41d4-a716-446655440000\t2025-08-24T15:45:00.000Z',
      '770e8400-e29b-41d4-a716-446655440001\tdaily\t12.5\ttrue\t550e8400-e29b-41d4-a716-446655440000\t2025-08-25T00:00:00.000Z',
      '770e8400-e29b-41d4-a716-446655440002\t\t5000\ttrue\t550e8400-e29b-41d4-a716-446655440000\t2025-08-24T10:30:00.000Z',
      '',
    ].join('\n'),
  },
];

describe.each(cases)('$name', (c) => {
  it('prints the server body under --json, and sends the management key', async () => {
    const before = server.requests.length;
    const r = await run([...c.args, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(fixture(c.fixture));
    const seen = server.requests.slice(before);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('prints tab-separated rows when piped', async () => {
    const r = await run(c.args);
    expect(r).toMatchObject({ code: 0, stderr: '', stdout: c.rows });
  });

  it.each([
    [401, { error: { code: 401, message: 'Missing Authentication header' } }, 4],
    [403, { error: { code: 403, message: 'Only management keys can perform this operation' } }, 4],
    [404, { error: { code: 404, message: 'Resource not found' } }, 5],
    [408, { error: { code: 408, message: 'Operation timed out. Please try again later.' } }, 7],
    [500, { error: { code: 500, message: 'Internal Server Error' } }, 7],
  ])('maps HTTP %i to the contract exit code', async (status, body, exit) => {
    queue(c.path, { status, body });
    const r = await run([...c.args, '--retries', '0']);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`gwctl: HTTP ${status}: ${withEnvKeyHint(status, body.error.message, 'management')}\n`);
    expect(r.code).toBe(exit);
  });

  it('gives the same error as one JSON object on stderr under --json', async () => {
    queue(c.path, { status: 404, body: { error: { code: 404, message: 'Resource not found' } } });
    const r = await run([...c.args, '--json']);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toEqual({ error: { status: 404, code: 404, message: 'Resource not found', exit_code: 5 } });
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.code).toBe(5);
  });

  it('without a key exits 4 and sends nothing', async () => {
    const before = server.requests.length;
    const r = await run(c.args, { GWCTL_MANAGEMENT_KEY: undefined, GWCTL_API_KEY: 'sk-api-only-0123456789' });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("gwctl: no management key configured; run 'gwctl auth login' or set GWCTL_MANAGEMENT_KEY\n");
    expect(server.requests.length).toBe(before);
  });

  it('never shows the key, even with --debug', async () => {
    const r = await run([...c.args, '--debug', '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('authorization: Bearer [redacted]');
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });
});

describe('input checked before sending', () => {
  it.each([
    [
      ['endpoints', 'get', 'not-a-uuid'],
      'gwctl: invalid endpoint id "not-a-uuid": must be a UUID such as 7c9e6679-7425-40de-944b-e07fc1f90ae7\n',
    ],
    [['tools', 'get', ''], 'gwctl: missing tool name\n'],
    [['budgets', 'ls', ''], 'gwctl: missing workspace\n'],
    [['budgets', 'ls', '..'], 'gwctl: ".." cannot be sent as the id in a URL path: "." and ".." would address another route\n'],
    [
      ['budgets', 'ls'],
      "gwctl: no workspace given and the profile has none; pass one, as in 'gwctl budgets ls <workspace>', or run 'gwctl config set workspace <uuid-or-slug>'\n",
    ],
  ])('%j exits 2 and sends nothing', async (args, stderr) => {
    const before = server.requests.length;
    const r = await run(args);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr });
    expect(server.requests.length).toBe(before);
  });

  it.each([
    [['tools', 'get', 'web search'], '/api/v1/tools/web%20search'],
    [['budgets', 'ls', 'a/b'], '/api/v1/workspaces/a%2Fb/budgets'],
    [['budgets', 'ls', 'ünï code'], '/api/v1/workspaces/%C3%BCn%C3%AF%20code/budgets'],
  ])('%j: a value the document does not rule out is sent, percent-encoded, for the API to judge', async (args, path) => {
    server.reset();
    await run(args);
    expect(server.requests.map((r) => r.url)).toEqual([path]);
  });

  it('refuses to send a key over plain http to a non-loopback host', async () => {
    const r = await gwctl(['endpoints', 'get', ENDPOINT_ID, '--base-url', 'http://example.com/api/v1'], {
      env: { GWCTL_MANAGEMENT_KEY: KEY },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'gwctl: refusing to send a key over plain http to example.com; use an https:// base URL (plain http is allowed only for loopback addresses)\n',
    );
  });
});

describe('responses', () => {
  it('keeps and shows a field the client does not know', async () => {
    const body = fixture('private-endpoint');
    body.data.status = 'paused';
    body.data.capacity = { rpm: 600 };
    queue(`/api/v1/private-endpoints/${ENDPOINT_ID}`, { body }, { body });
    const rows = await run(['endpoints', 'get', ENDPOINT_ID]);
    expect(rows.code).toBe(0);
    expect(rows.stdout).toContain('status\tpaused\n');
    expect(rows.stdout).toContain('capacity\t{"rpm":600}\n');
    const json = await run(['endpoints', 'get', ENDPOINT_ID, '--json']);
    expect(JSON.parse(json.stdout)).toEqual(body);
  });

  it('--columns and --header pick fields of the detail view as one row of raw values', async () => {
    queue(`/api/v1/private-endpoints/${ENDPOINT_ID}`, { body: fixture('private-endpoint') });
    const r = await run([
      'endpoints',
      'get',
      ENDPOINT_ID,
      '--columns',
      'id,model,provider,declared_zdr,prompt_price,completion_price',
      '--header',
    ]);
    expect(r).toMatchObject({
      code: 0,
      stderr: '',
      stdout: `id\tmodel\tprovider\tdeclared_zdr\tprompt_price\tcompletion_price\n${ENDPOINT_ID}\topenai/gpt-4o\tazure\ttrue\t0.0000025\t0.00001\n`,
    });
  });

  it('tools get --columns: lists joined by commas, an object as compact JSON', async () => {
    queue('/api/v1/tools/openrouter%3Aweb_search', { body: fixture('tool') });
    const r = await run(['tools', 'get', 'openrouter:web_search', '--columns', 'id,supported_api_formats,aliases,native_support']);
    expect(r).toMatchObject({
      code: 0,
      stderr: '',
      stdout: 'openrouter:web_search\tresponses,chat-completions\tweb_search_20250305\t{"endpoint_count":18,"model_count":12}\n',
    });
  });

  it('reports a body of the wrong shape with exit 1', async () => {
    queue(`/api/v1/private-endpoints/${ENDPOINT_ID}`, { body: { data: [1, 2] } });
    const r = await run(['endpoints', 'get', ENDPOINT_ID]);
    expect(r).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'gwctl: HTTP 200: unexpected response for get private endpoint: data is not object\n',
    });
  });

  it('makes control characters from the server visible', async () => {
    const body = fixture('private-endpoint');
    body.data.upstream_model_id = 'gpt\u001b[2J\u0007\u009bx';
    queue(`/api/v1/private-endpoints/${ENDPOINT_ID}`, { body });
    const r = await run(['endpoints', 'get', ENDPOINT_ID]);
    expect(r.stdout).toContain('upstream_model_id\tgpt\\e[2J\\x07\\x9bx\n');
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it('retries a 500 and says how many attempts were made', async () => {
    const fail = { status: 500, headers: { 'retry-after': '0' }, body: { error: { code: 500, message: 'Internal Server Error' } } };
    queue('/api/v1/workspaces/production/budgets', fail, fail, fail);
    const before = server.requests.length;
    const r = await run(['budgets', 'ls', 'production', '--retries', '2']);
    expect(r).toMatchObject({ code: 7, stdout: '', stderr: 'gwctl: HTTP 500: Internal Server Error (after 3 attempts)\n' });
    expect(server.requests.length - before).toBe(3);
  });

  it('treats a 500 the API marks not retryable as a plain failure (exit 1), tried once', async () => {
    const body = { error: { code: 500, message: 'configuration error', metadata: { reason: 'configuration_error', retryable: false } } };
    queue('/api/v1/workspaces/production/budgets', { status: 500, body });
    const before = server.requests.length;
    const r = await run(['budgets', 'ls', 'production']);
    expect(r).toMatchObject({ code: 1, stderr: 'gwctl: HTTP 500: configuration error (reason: configuration_error, retryable: false)\n' });
    expect(server.requests.length - before).toBe(1);
  });
});
