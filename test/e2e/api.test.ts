// `gwctl api` as a process against a scripted server that records what it received: method,
// path, query, headers, body and which key; and against the sandbox.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envelope, startServer, type Reply, type ScriptedServer, type Seen } from '../kit/server.js';
import { runGwctl } from '../kit/spawn.js';

const MGMT = 'sk-mgmt-0123456789abcdef';
const API = 'sk-api-0123456789abcdef';
let server: ScriptedServer;
let other: ScriptedServer;
let script: ((req: Seen, i: number) => Reply) | undefined;
const dir = mkdtempSync(path.join(tmpdir(), 'gwctl-api-'));

beforeAll(async () => {
  server = await startServer((req, i) => script?.(req, i) ?? { body: { ok: true, path: req.path } }, {
    keys: { management: MGMT, api: API },
  });
  other = await startServer(() => ({ body: { elsewhere: true } }), { keys: { management: MGMT, api: API } });
});
afterAll(async () => {
  await server.close();
  await other.close();
});
beforeEach(() => {
  script = undefined;
  server.reset();
  other.reset();
});

const env = { GWCTL_MANAGEMENT_KEY: MGMT, GWCTL_API_KEY: API, GWCTL_RETRIES: '2' };
const api = (args: string[], options: { input?: string; env?: Record<string, string | undefined> } = {}) =>
  runGwctl(['api', ...args, '--base-url', server.baseUrl], {
    env: { ...env, ...options.env },
    ...(options.input === undefined ? {} : { input: options.input }),
  });
const seen = () => server.requests.map((r) => ({ method: r.method, url: r.url, key: r.key }));

describe('which request is sent', () => {
  it("GET by default, with the key of the route's own command: the API key on interns, vault and batches routes, the management key elsewhere", async () => {
    for (const p of ['interns', '/vault/interns/x/secrets?limit=2', 'credits', 'batches/b1', 'byok']) expect((await api([p])).code).toBe(0);
    expect(seen()).toEqual([
      { method: 'GET', url: '/api/v1/interns', key: 'api' },
      { method: 'GET', url: '/api/v1/vault/interns/x/secrets?limit=2', key: 'api' },
      { method: 'GET', url: '/api/v1/credits', key: 'management' },
      { method: 'GET', url: '/api/v1/batches/b1', key: 'api' },
      { method: 'GET', url: '/api/v1/byok', key: 'management' },
    ]);
  });

  it('gwctl api /batches/ID sends the key gwctl batches get ID sends', async () => {
    await runGwctl(['batches', 'get', 'batch_b1', '--base-url', server.baseUrl], { env });
    await api(['/batches/batch_b1']);
    expect(seen().map((r) => [r.url, r.key])).toEqual([
      ['/api/v1/batches/batch_b1', 'api'],
      ['/api/v1/batches/batch_b1', 'api'],
    ]);
  });

  it('--key chooses; without an API key the interns routes take the management key', async () => {
    await api(['interns', '--key', 'management']);
    await api(['credits', '--key', 'api']);
    await api(['interns'], { env: { GWCTL_API_KEY: undefined } });
    expect(seen().map((r) => r.key)).toEqual(['management', 'api', 'management']);
  });

  it('-f and -F make a POST with a JSON body: typed values, nested keys and lists', async () => {
    writeFileSync(path.join(dir, 'note.txt'), 'from a file');
    const r = await api(
      [
        'presets/p/messages',
        '-f',
        's=5',
        '-F',
        'n=5',
        '-F',
        'ok=true',
        '-F',
        'none=null',
        '-F',
        'neg=-3',
        '-F',
        'a[b]=1',
        '-F',
        'a[c]=x',
        '-F',
        'list[]=x',
        '-F',
        'list[]=2',
        '-F',
        `file=@${path.join(dir, 'note.txt')}`,
        '-F',
        'in=@-',
      ],
      { input: 'from stdin' },
    );
    expect(r.code).toBe(0);
    const [req] = server.requests;
    expect(req).toMatchObject({ method: 'POST', path: '/api/v1/presets/p/messages', key: 'management' });
    expect(req!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req!.body)).toEqual({
      s: '5',
      n: 5,
      ok: true,
      none: null,
      neg: -3,
      a: { b: 1, c: 'x' },
      list: ['x', 2],
      file: 'from a file',
      in: 'from stdin',
    });
  });

  it('fields go into the query for GET, HEAD and DELETE', async () => {
    await api(['interns', '-X', 'GET', '-f', 'limit=5', '-F', 'status=running']);
    await api(['batches/b1', '-X', 'DELETE', '-f', 'reason=x y', '--yes']);
    expect(seen()).toEqual([
      { method: 'GET', url: '/api/v1/interns?limit=5&status=running', key: 'api' },
      { method: 'DELETE', url: '/api/v1/batches/b1?reason=x+y', key: 'api' },
    ]);
  });

  it('-H adds headers; --input sends the body unchanged, as JSON unless a header says otherwise', async () => {
    writeFileSync(path.join(dir, 'body.json'), '{"b": [1, 2]}\n');
    await api(['keys', '--input', path.join(dir, 'body.json'), '-H', 'X-Trace: abc']);
    await api(['keys', '-X', 'PUT', '--input', '-', '-H', 'Content-Type: text/plain'], { input: 'plain text' });
    const [first, second] = server.requests;
    expect(first).toMatchObject({ method: 'POST', body: '{"b": [1, 2]}\n' });
    expect(first!.headers).toMatchObject({ 'content-type': 'application/json', 'x-trace': 'abc', authorization: `Bearer ${MGMT}` });
    expect(second).toMatchObject({ method: 'PUT', body: 'plain text' });
    expect(second!.headers['content-type']).toBe('text/plain');
  });

  it('--dry-run prints the request with the key redacted and sends nothing', async () => {
    const r = await api(['presets/p/messages', '-F', 'max_tokens=256', '-H', 'X-A: 1', '--dry-run']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      method: 'POST',
      url: `${server.baseUrl}/presets/p/messages`,
      headers: { accept: 'application/json', 'x-a': '1', 'content-type': 'application/json', authorization: 'Bearer [redacted]' },
      body: { max_tokens: 256 },
    });
    expect(r.stdout + r.stderr).not.toContain(MGMT);
    expect(server.requests).toHaveLength(0);
  });
});

describe('refused before anything is sent (exit 2)', () => {
  it.each([
    [
      ['credits', '-H', 'Authorization: Bearer x'],
      'gwctl: invalid --header "Authorization: Bearer x": the key is set from the profile; choose which with --key\n',
    ],
    [
      ['credits', '-H', 'X-A: 1\r\nX-B: 2'],
      'gwctl: invalid --header "X-A: 1\\r\\nX-B: 2": the value has a control character (U+000D) at position 2; a header carries printable ASCII only\n',
    ],
    [['credits', '-H', 'no colon'], 'gwctl: invalid --header "no colon": expected \'Name: value\'\n'],
    [['credits', '-f', 'novalue'], 'gwctl: invalid --raw-field "novalue": expected key=value\n'],
    [['credits', '-X', 'BREW'], 'gwctl: invalid --method "BREW": must be one of GET, HEAD, POST, PUT, PATCH, DELETE\n'],
    [['credits', '-X', 'GTE'], 'gwctl: invalid --method "GTE": did you mean GET?\n'],
    [['credits', '--key', 'root'], 'gwctl: invalid --key "root": must be management or api\n'],
    [['credits', '--slurp'], 'gwctl: --slurp needs --paginate\n'],
    [
      ['batches/b1', '-X', 'DELETE'],
      'gwctl: refusing to act without confirmation: stdin is not a terminal, so nobody can be asked; pass --yes to act without asking\n',
    ],
    [
      ['https://example.com/api/v1/credits'],
      "gwctl: refusing to send the key to https://example.com: only the base URL's origin (http://127.0.0.1:PORT) is allowed; give a path relative to the base URL, such as interns or /interns?limit=5\n",
    ],
  ])('%j', async (args, stderr) => {
    const r = await api(args);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toBe(stderr.replace('PORT', String(server.port)));
    expect(server.requests).toHaveLength(0);
  });

  it("an absolute URL on the base URL's origin is accepted", async () => {
    expect((await api([`${server.url}/api/v1/credits?x=1`])).code).toBe(0);
    expect(seen()).toEqual([{ method: 'GET', url: '/api/v1/credits?x=1', key: 'management' }]);
  });
});

describe('what is printed', () => {
  it('JSON pretty-printed and escaped like --json; --jq filters it', async () => {
    script = () => ({ body: { name: 'a\u001b[2J\u202eb', n: 1 } });
    const r = await api(['credits']);
    expect(r).toMatchObject({ code: 0, stderr: '', stdout: '{\n  "name": "a\\u001b[2J\\u202eb",\n  "n": 1\n}\n' });
    const q = await api(['credits', '--jq', '.name']);
    expect(q.stdout).toBe('a\\e[2J\\u202eb\n');
  });

  it('other text made safe for a terminal; -i shows the status line and headers first; --silent nothing', async () => {
    script = () => ({
      status: 200,
      headers: { 'content-type': 'text/plain', 'x-hostile': 'v\u009b[2Jx' },
      body: 'line one\n\u001b[31mred\u009b\u2066\n',
    });
    const r = await api(['activity', '-i']);
    expect(r.code).toBe(0);
    const [head, text] = r.stdout.split('\n\n');
    expect(head!.split('\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(head).toContain('content-type: text/plain');
    expect(head).toContain('\\x9b[2Jx');
    expect(head).not.toContain('\u009b');
    expect(text).toBe('line one\n\\e[31mred\\x9b\\u2066\n');
    expect((await api(['activity', '--silent'])).stdout).toBe('');
  });

  it('a status outside 2xx is reported as for every command, with its exit code', async () => {
    script = () => ({ status: 404, body: envelope(404, 'No such route') });
    const r = await api(['nowhere']);
    expect(r).toMatchObject({ code: 5, stdout: '', stderr: 'gwctl: HTTP 404: No such route\n' });
  });
});

describe('--jq is jq 1.8.2 over the body as sent', () => {
  const sent = '{"b": 1, "10": 2, "n": 1.10, "big": 12345678901234567890, "e": 1e1000, "z": -0, "s": "x"}';

  it('keeps the key order and every number literal jq 1.8.2 keeps; computes as jq computes', async () => {
    script = () => ({ body: sent, headers: { 'content-type': 'application/json' } });
    const whole = await api(['credits', '--jq', '.']);
    expect(whole).toMatchObject({ code: 0, stderr: '' });
    expect(whole.stdout).toBe('{"b":1,"10":2,"n":1.10,"big":12345678901234567890,"e":1E+1000,"z":-0,"s":"x"}\n');
    const picked = await api(['credits', '--jq', '.n, .big, .e, .z, keys_unsorted, (.big + 1), .s']);
    expect(picked.stdout).toBe('1.10\n12345678901234567890\n1E+1000\n-0\n["b","10","n","big","e","z","s"]\n12345678901234567000\nx\n');
  });

  it("jq 1.8.2's grammar", async () => {
    script = () => ({ body: '[1, 2, 3]', headers: { 'content-type': 'application/json' } });
    const r = await api(['credits', '--jq', '{x: if true then 1 else 2 end}, reduce .[] as $x (0; . + $x), (1 + 2 as $x | -$x)']);
    expect(r).toMatchObject({ code: 0, stderr: '', stdout: '{"x":1}\n6\n-3\n' });
  });

  it('a filter jq 1.8.2 does not compile is exit 2 with nothing sent, even one the subset would read', async () => {
    const r = await api(['credits', '--jq', '.a'.repeat(40_000)]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    // Under --jq, errors are JSON on stderr.
    expect(r.stderr).toBe(
      '{"error":{"status":null,"message":"invalid --jq filter: function compiled to 120002 bytes which is too long","exit_code":2}}\n',
    );
    expect(seen()).toEqual([]);
  });
});

describe('retries and redirects', () => {
  it('a 503 on GET is retried; on POST it is not (the request arrived)', async () => {
    script = (_req, i) =>
      i === 0 ? { status: 503, headers: { 'retry-after': '0' }, body: envelope(503, 'busy') } : { body: { ok: true } };
    expect((await api(['credits'])).code).toBe(0);
    expect(server.requests).toHaveLength(2);
    server.reset();
    script = () => ({ status: 503, headers: { 'retry-after': '0' }, body: envelope(503, 'busy') });
    const r = await api(['keys', '-f', 'name=x']);
    expect(r.code).toBe(7);
    expect(server.requests).toHaveLength(1);
  });

  it('a redirect to another origin is followed without the key', async () => {
    script = () => ({ redirect: `${other.baseUrl}/credits` });
    const r = await api(['credits']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ elsewhere: true });
    expect(other.requests.map((q) => q.key)).toEqual(['none']);
  });
});

describe('--paginate', () => {
  const items = Array.from({ length: 5 }, (_, i) => ({ id: `i${i}` }));

  it('follows next_cursor and prints one merged body; --slurp prints each page', async () => {
    script = (req) => {
      const start = Number(req.query.get('starting_after') ?? 0);
      const more = start + 2 < items.length;
      return { body: { data: items.slice(start, start + 2), has_more: more, ...(more ? { next_cursor: String(start + 2) } : {}) } };
    };
    const r = await api(['keys?limit=2', '--paginate']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ data: items, has_more: false });
    expect(seen().map((q) => q.url)).toEqual([
      '/api/v1/keys?limit=2',
      '/api/v1/keys?limit=2&starting_after=2',
      '/api/v1/keys?limit=2&starting_after=4',
    ]);
    const s = await api(['keys?limit=2', '--paginate', '--slurp']);
    expect((JSON.parse(s.stdout) as unknown[]).map((b) => (b as { data: unknown[] }).data.length)).toEqual([2, 2, 1]);
  });

  it('follows offset lists by total_count', async () => {
    script = (req) => {
      const offset = Number(req.query.get('offset') ?? 0);
      return { body: { data: items.slice(offset, offset + 2), total_count: items.length } };
    };
    const r = await api(['things', '--paginate', '--jq', '[.data[].id] | join(",")']);
    expect(r).toMatchObject({ code: 0, stdout: 'i0,i1,i2,i3,i4\n' });
  });

  it('a page that fails fails the command', async () => {
    script = (req) =>
      req.query.has('starting_after')
        ? { status: 500, body: envelope(500, 'boom', { retryable: false }) }
        : { body: { data: [1], has_more: true, next_cursor: 'c' } };
    const r = await api(['keys', '--paginate']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('gwctl: HTTP 500: boom (retryable: false)\n');
  });
});

describe('against the sandbox', () => {
  it('serves the known routes and answers others with 404 in the API envelope', async () => {
    const ok = await runGwctl(['--sandbox', 'api', 'interns', '--paginate', '--jq', '.data | length']);
    expect(ok).toMatchObject({ code: 0, stdout: '300\n' });
    const missing = await runGwctl(['--sandbox', 'api', 'credits']);
    expect(missing).toMatchObject({ code: 5, stdout: '', stderr: 'gwctl: HTTP 404: No route for GET /api/v1/credits\n' });
  });
});
