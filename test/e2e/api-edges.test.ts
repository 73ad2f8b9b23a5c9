// More of `gwctl api <path>` as a process, beyond test/e2e/api.test.ts: against a scripted server
// that records what it received (method, path, query, headers, body, which key) and against the
// sandbox. Refusals with their exact messages, typed and nested fields, files and stdin, a header
// made hostile, answers without JSON, lost answers to a POST, offset lists by has_more, and
// --paginate over the sandbox's interns compared with interns ls --all --json.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spec } from '../../src/commands/api.js';
import { forbiddenEnvHint } from '../kit/hints.js';
import { serverForFile } from '../kit/scripted-runs.js';
import { useSandbox } from '../kit/sandbox.js';
import { envelope } from '../kit/server.js';
import { expectNoCrash, runGwctl } from '../kit/spawn.js';

const MKEY = 'sk-mgmt-api-cmd-0123456789abcdef';
const AKEY = 'sk-api-api-cmd-0123456789abcdef';
const KEYS = { management: MKEY, api: AKEY };

const server = serverForFile(() => ({ body: { ok: true } }), { keys: KEYS });
const other = serverForFile(() => ({ body: { elsewhere: true } }), { keys: KEYS });

const env = (): Record<string, string> => ({
  GWCTL_BASE_URL: server.baseUrl,
  GWCTL_MANAGEMENT_KEY: MKEY,
  GWCTL_API_KEY: AKEY,
  GWCTL_RETRIES: '2',
});
const api = async (args: string[], input?: string) => {
  const r = await runGwctl(['api', ...args], { env: env(), ...(input === undefined ? {} : { input }) });
  expectNoCrash(r.stderr);
  return r;
};
const files = mkdtempSync(path.join(os.tmpdir(), 'gwctl-api-'));
const file = (name: string, text: string): string => {
  const p = path.join(files, name);
  writeFileSync(p, text);
  return p;
};

describe('methods, keys and the body printed', () => {
  it('GET by default, the API key on interns routes, the body pretty-printed', async () => {
    const r = await api(['interns/abc']);
    expect(r).toMatchObject({ code: 0, stdout: '{\n  "ok": true\n}\n', stderr: '' });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/api/v1/interns/abc', key: 'api', body: '' });
  });

  it('the API key on vault routes, the management key on every other route (known or not)', async () => {
    await api(['vault/interns/x/secrets']);
    await api(['/credits']);
    await api(['private-endpoints/pe_1']);
    await api(['keys?limit=2']);
    expect(server.requests.map((s) => [s.path, s.key])).toEqual([
      ['/api/v1/vault/interns/x/secrets', 'api'],
      ['/api/v1/credits', 'management'],
      ['/api/v1/private-endpoints/pe_1', 'management'],
      ['/api/v1/keys', 'management'],
    ]);
    expect(server.requests[3]!.query.get('limit')).toBe('2');
  });

  it('--key chooses the key', async () => {
    await api(['interns', '--key', 'management']);
    await api(['credits', '--key', 'api']);
    expect(server.requests.map((s) => s.key)).toEqual(['management', 'api']);
  });

  it('--key with another word is exit 2, nothing sent', async () => {
    const r = await api(['interns', '--key', 'root']);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: 'gwctl: invalid --key "root": must be management or api\n' });
    expect(server.requests).toHaveLength(0);
  });

  it('-X sets the method; HEAD prints nothing', async () => {
    expect(await api(['-X', 'patch', 'keys/k1', '-f', 'name=x'])).toMatchObject({ code: 0 });
    expect(await api(['-X', 'HEAD', 'credits'])).toMatchObject({ code: 0, stdout: '' });
    expect(server.requests.map((s) => s.method)).toEqual(['PATCH', 'HEAD']);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ name: 'x' });
  });
});

describe('fields', () => {
  it('-f and -F make a JSON body and POST; -F types true, false, null and integers; nested keys and arrays', async () => {
    const r = await api([
      'keys',
      '-f',
      'name=ci',
      '-f',
      'limit=10',
      '-F',
      'count=10',
      '-F',
      'on=true',
      '-F',
      'off=false',
      '-F',
      'none=null',
      '-F',
      'big=12345678901234567890',
      '-F',
      'meta[team]=infra',
      '-F',
      'meta[level][deep]=1',
      '-F',
      'tags[]=a',
      '-F',
      'tags[]=b',
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const seen = server.requests[0]!;
    expect(seen).toMatchObject({ method: 'POST', path: '/api/v1/keys', key: 'management' });
    expect(seen.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen.body)).toEqual({
      name: 'ci',
      limit: '10',
      count: 10,
      on: true,
      off: false,
      none: null,
      big: '12345678901234567890',
      meta: { team: 'infra', level: { deep: 1 } },
      tags: ['a', 'b'],
    });
  });

  it('a[][x] fields fill one object of the list until a key repeats, as in gh', async () => {
    await api([
      '-X',
      'PATCH',
      'schema',
      '-F',
      'properties[][property_name]=environment',
      '-F',
      'properties[][default_value]=production',
      '-F',
      'properties[][allowed_values][]=staging',
      '-F',
      'properties[][allowed_values][]=production',
      '-F',
      'properties[][property_name]=tier',
      '-F',
      'properties[][value]=1',
      '-F',
      'messages[][role]=user',
      '-F',
      'messages[][content]=hi',
      '-F',
      'messages[][role]=assistant',
      '-F',
      'grid[][]=1',
      '-F',
      'grid[][]=2',
    ]);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({
      properties: [
        { property_name: 'environment', default_value: 'production', allowed_values: ['staging', 'production'] },
        { property_name: 'tier', value: 1 },
      ],
      messages: [{ role: 'user', content: 'hi' }, { role: 'assistant' }],
      grid: [[1], [2]],
    });
  });

  it('-F @FILE and @- read the value from a file and from stdin', async () => {
    const p = file('prompt.txt', 'line one\nline two\n');
    await api(['presets/p/messages', '-F', `system=@${p}`, '-F', 'note=@-'], 'from stdin');
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ system: 'line one\nline two\n', note: 'from stdin' });
  });

  it('-F @FILE that cannot be read is exit 2, nothing sent', async () => {
    const r = await api(['keys', '-F', `x=@${path.join(files, 'missing')}`]);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `gwctl: cannot read -F x file ${JSON.stringify(path.join(files, 'missing'))} (ENOENT)\n`,
    });
    expect(server.requests).toHaveLength(0);
  });

  it('fields go into the query for GET and DELETE', async () => {
    await api(['-X', 'GET', 'interns', '-f', 'status=running', '-F', 'limit=5', '-F', 'ids[]=a', '-F', 'ids[]=b']);
    await api(['-X', 'DELETE', 'keys/k1', '-f', 'reason=rotated', '--yes']);
    expect(server.requests[0]).toMatchObject({
      method: 'GET',
      url: '/api/v1/interns?status=running&limit=5&ids%5B%5D=a&ids%5B%5D=b',
      body: '',
    });
    expect(server.requests[1]).toMatchObject({ method: 'DELETE', url: '/api/v1/keys/k1?reason=rotated', body: '' });
  });

  it('a field without = or with a broken key is exit 2, nothing sent', async () => {
    expect(await api(['keys', '-f', 'novalue'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'gwctl: invalid --raw-field "novalue": expected key=value\n',
    });
    expect(await api(['keys', '-F', 'a[b=1'])).toMatchObject({
      code: 2,
      stderr: 'gwctl: invalid field name "a[b"; use key, key[sub] or key[]\n',
    });
    expect(await api(['keys', '-F', 'a=1', '-F', 'a[b]=2'])).toMatchObject({
      code: 2,
      stderr: 'gwctl: field "a[b]" conflicts with another field of the same name\n',
    });
    expect(server.requests).toHaveLength(0);
  });
});

describe('headers', () => {
  it('-H adds request headers (repeatable)', async () => {
    await api(['credits', '-H', 'X-Request-Id: r-1', '-H', 'Accept-Language:  fr ']);
    expect(server.requests[0]!.headers).toMatchObject({ 'x-request-id': 'r-1', 'accept-language': 'fr' });
  });

  it('a header value with CR or LF, or an Authorization header, is exit 2 and nothing is sent', async () => {
    expect(await api(['credits', '-H', 'X-A: one\r\nX-B: two'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'gwctl: invalid --header "X-A: one\\r\\nX-B: two": the value has a control character (U+000D) at position 4; a header carries printable ASCII only\n',
    });
    expect(await api(['credits', '-H', 'authorization: Bearer other'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'gwctl: invalid --header "authorization: Bearer other": the key is set from the profile; choose which with --key\n',
    });
    expect(await api(['credits', '-H', 'no colon'])).toMatchObject({
      code: 2,
      stderr: 'gwctl: invalid --header "no colon": expected \'Name: value\'\n',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('a Host header, in any case, is exit 2 and nothing is sent: the key would go to another site behind the same front end', async () => {
    for (const given of ['Host: evil.example', 'host:evil.example', 'HOST: 127.0.0.1']) {
      expect(await api(['credits', '-H', given])).toMatchObject({
        code: 2,
        stdout: '',
        stderr: `gwctl: invalid --header "${given}": the host is the base URL's; set it with --base-url\n`,
      });
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe('--input', () => {
  it('sends the file unchanged as JSON, POST by default', async () => {
    const text = '{"model":"x",  "messages":[]}\n';
    await api(['presets/p/messages', '--input', file('body.json', text)]);
    expect(server.requests[0]).toMatchObject({ method: 'POST', body: text, key: 'management' });
    expect(server.requests[0]!.headers['content-type']).toBe('application/json');
  });

  it('reads stdin with -, a Content-Type header wins, fields then go into the query', async () => {
    await api(['-X', 'PUT', 'files/f1', '--input', '-', '-H', 'Content-Type: text/plain', '-f', 'mode=raw'], 'plain text body');
    expect(server.requests[0]).toMatchObject({ method: 'PUT', url: '/api/v1/files/f1?mode=raw', body: 'plain text body' });
    expect(server.requests[0]!.headers['content-type']).toBe('text/plain');
  });
});

describe('--dry-run', () => {
  it('prints the request with the key redacted and sends nothing', async () => {
    const r = await api(['keys', '-F', 'limit=5', '-H', 'X-Trace: t1', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      method: 'POST',
      url: `${server.baseUrl}/keys`,
      headers: { accept: 'application/json', authorization: 'Bearer [redacted]', 'content-type': 'application/json', 'x-trace': 't1' },
      body: { limit: 5 },
    });
    expect(r.stdout).not.toContain(MKEY);
    expect(server.requests).toHaveLength(0);
  });

  it("the help's example that filters models asks with GET, fields in the query", async () => {
    const example = spec.examples.find((e) => e.includes('supported_parameters'));
    const r = await api([...example!.split(' ').slice(2), '--dry-run']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ method: 'GET', url: `${server.baseUrl}/models?supported_parameters=tools`, body: null });
  });

  it('a DELETE needs no --yes to be shown', async () => {
    const r = await api(['-X', 'DELETE', 'batches/b1', '--dry-run']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ method: 'DELETE', url: `${server.baseUrl}/batches/b1`, body: null });
    expect(server.requests).toHaveLength(0);
  });
});

describe('safety', () => {
  it("an absolute URL on the base URL's origin is accepted", async () => {
    expect(await api([`${server.baseUrl}/credits`])).toMatchObject({ code: 0 });
    expect(server.requests[0]).toMatchObject({ path: '/api/v1/credits', key: 'management' });
  });

  it('an absolute URL on another origin is exit 2 and nothing is sent anywhere', async () => {
    const r = await api([`${other.baseUrl}/credits`]);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `gwctl: refusing to send the key to ${other.url}: only the base URL's origin (${server.url}) is allowed; give a path relative to the base URL, such as interns or /interns?limit=5\n`,
    });
    expect(server.requests).toHaveLength(0);
    expect(other.requests).toHaveLength(0);
  });

  it('a DELETE without a terminal needs --yes: exit 2, nothing sent', async () => {
    const r = await api(['-X', 'DELETE', 'keys/k1']);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'gwctl: refusing to act without confirmation: stdin is not a terminal, so nobody can be asked; pass --yes to act without asking\n',
    });
    expect(server.requests).toHaveLength(0);
    expect(await api(['-X', 'DELETE', 'keys/k1', '--yes'])).toMatchObject({ code: 0 });
    expect(server.requests[0]).toMatchObject({ method: 'DELETE', path: '/api/v1/keys/k1' });
  });

  it('a redirect to another origin is followed without the key', async () => {
    server.handle(() => ({ redirect: `${other.baseUrl}/moved` }));
    const r = await api(['credits']);
    expect(r).toMatchObject({ code: 0, stdout: '{\n  "elsewhere": true\n}\n' });
    expect(server.requests[0]!.key).toBe('management');
    expect(other.requests[0]).toMatchObject({ path: '/api/v1/moved', key: 'none' });
    expect(other.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('plain http off this machine is refused before sending', async () => {
    const r = await runGwctl(['api', 'credits'], { env: { ...env(), GWCTL_BASE_URL: 'http://gateway.example/api/v1' } });
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'gwctl: refusing to send a key over plain http to gateway.example; use an https:// base URL (plain http is allowed only for loopback addresses)\n',
    });
  });

  it('--debug shows the exchange with the key redacted', async () => {
    const r = await api(['credits', '--debug']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`gwctl: debug: > GET ${server.baseUrl}/credits (attempt 1/3) authorization: Bearer [redacted]\n`);
    expect(r.stderr).not.toContain(MKEY);
  });
});

describe('answers', () => {
  it('hostile JSON: ESC, C1 and bidi controls are escaped as with --json', async () => {
    server.handle(() => ({ body: { name: 'a\u001b]0;owned\u0007b\u009b2J\u202eevil' } }));
    const r = await api(['credits']);
    expect(r).toMatchObject({ code: 0, stdout: '{\n  "name": "a\\u001b]0;owned\\u0007b\\u009b2J\\u202eevil"\n}\n', stderr: '' });
  });

  it('a non-JSON answer is printed as text made safe for a terminal', async () => {
    server.handle(() => ({ headers: { 'content-type': 'text/plain' }, body: 'line 1\n\u001b[31mred\u009b\u202e\n' }));
    const r = await api(['reports/usage.csv']);
    expect(r).toMatchObject({ code: 0, stdout: 'line 1\n\\e[31mred\\x9b\\u202e\n', stderr: '' });
  });

  it('-i prints the status line and headers first; --silent prints no body', async () => {
    server.handle(() => ({ headers: { 'x-credits': 'ten\u009b2J' }, body: { total: 10 } }));
    const r = await api(['credits', '-i']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^HTTP\/1\.1 200 OK\n/);
    expect(r.stdout).toContain('\\x9b2J\n');
    expect(r.stdout).not.toMatch(/[\u0080-\u009f]/);
    expect(r.stdout).toMatch(/\n\n\{\n {2}"total": 10\n\}\n$/);
    expect(await api(['credits', '--silent'])).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const both = await api(['credits', '--silent', '-i']);
    expect(both.stdout).toMatch(/^HTTP\/1\.1 200 OK\n[^{]*\n\n$/);
  });

  it('an error status is reported as for every command: one line, exit code from the status, stdout empty', async () => {
    server.handle(() => ({ status: 404, body: envelope(404, 'Not Found') }));
    expect(await api(['keys/nope'])).toMatchObject({ code: 5, stdout: '', stderr: 'gwctl: HTTP 404: Not Found\n' });
    server.handle(() => ({ status: 409, body: envelope(409, 'busy', { reason: 'key_busy', retryable: false }) }));
    expect(await api(['keys/k', '-X', 'PATCH', '-f', 'a=b'])).toMatchObject({
      code: 6,
      stdout: '',
      stderr: 'gwctl: HTTP 409: busy (reason: key_busy, retryable: false)\n',
    });
    server.handle(() => ({ status: 400, headers: { 'content-type': 'text/html' }, body: '<h1>bad\u001b</h1>' }));
    expect(await api(['keys'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'gwctl: HTTP 400: Bad Request (text/html): "<h1>bad\\\\e</h1>"\n',
    });
  });

  it('--json reports errors as JSON on stderr', async () => {
    server.handle(() => ({ status: 403, body: envelope(403, 'Forbidden') }));
    const r = await api(['credits', '--json']);
    expect(r).toMatchObject({ code: 4, stdout: '' });
    const hint = forbiddenEnvHint('management', MKEY).slice(2);
    expect(JSON.parse(r.stderr)).toEqual({ error: { status: 403, code: 403, message: 'Forbidden', exit_code: 4, hint } });
  });
});

describe('retries', () => {
  it('a 503 on GET is retried', async () => {
    server.handle((_, i) =>
      i < 2 ? { status: 503, headers: { 'retry-after': '0' }, body: envelope(503, 'Service Unavailable') } : { body: { ok: 1 } },
    );
    expect(await api(['credits'])).toMatchObject({ code: 0, stdout: '{\n  "ok": 1\n}\n', stderr: '' });
    expect(server.requests).toHaveLength(3);
  });

  it('a 503 on POST is not retried: it reached the server', async () => {
    server.handle(() => ({ status: 503, headers: { 'retry-after': '0' }, body: envelope(503, 'Service Unavailable') }));
    expect(await api(['keys', '-f', 'name=x'])).toMatchObject({ code: 7, stdout: '', stderr: 'gwctl: HTTP 503: Service Unavailable\n' });
    expect(server.requests).toHaveLength(1);
  });

  it('a POST whose connection drops is not repeated, and the report says its outcome is unknown', async () => {
    server.handle(() => ({ drop: true }));
    const r = await api(['keys', '-f', 'name=x']);
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(
      /^gwctl: connection closed by the server \(127\.0\.0\.1:\d+\): the POST \/api\/v1\/keys request was sent but its answer was lost, so its outcome is unknown; check the current state before trying again\n$/,
    );
    expect(server.requests).toHaveLength(1);
  });
});

describe('--paginate', () => {
  const cursorPages = (req: { query: URLSearchParams }) => {
    const after = req.query.get('starting_after');
    if (after === null) return { body: { data: [{ id: 1 }, { id: 2 }], has_more: true, next_cursor: 'c2' } };
    if (after === 'c2') return { body: { data: [{ id: 3 }], has_more: true, next_cursor: 'c3' } };
    return { body: { data: [{ id: 4 }], has_more: false, next_cursor: null } };
  };

  it('follows next_cursor as starting_after while has_more, printing one merged body', async () => {
    server.handle(cursorPages);
    const r = await api(['interns?limit=2', '--paginate']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toEqual({ data: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }], has_more: false, next_cursor: null });
    expect(server.requests.map((s) => s.url)).toEqual([
      '/api/v1/interns?limit=2',
      '/api/v1/interns?limit=2&starting_after=c2',
      '/api/v1/interns?limit=2&starting_after=c3',
    ]);
    expect(server.requests.every((s) => s.key === 'api')).toBe(true);
  });

  it('--slurp prints each page body as returned, in one array', async () => {
    server.handle(cursorPages);
    const r = await api(['interns', '--paginate', '--slurp']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { data: [{ id: 1 }, { id: 2 }], has_more: true, next_cursor: 'c2' },
      { data: [{ id: 3 }], has_more: true, next_cursor: 'c3' },
      { data: [{ id: 4 }], has_more: false, next_cursor: null },
    ]);
  });

  it('offset lists: offset + limit until total_count', async () => {
    const all = Array.from({ length: 7 }, (_, i) => ({ n: i }));
    server.handle((req) => {
      const offset = Number(req.query.get('offset') ?? 0);
      const limit = Number(req.query.get('limit') ?? 3);
      return { body: { data: all.slice(offset, offset + limit), total_count: all.length } };
    });
    const r = await api(['keys', '-X', 'GET', '-F', 'limit=3', '--paginate']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ data: all, total_count: 7 });
    expect(server.requests.map((s) => s.url).sort()).toEqual([
      '/api/v1/keys?limit=3',
      '/api/v1/keys?limit=3&offset=3',
      '/api/v1/keys?limit=3&offset=6',
    ]);
    const slurped = await api(['keys?limit=3', '--paginate', '--slurp']);
    expect(JSON.parse(slurped.stdout).map((p: { data: unknown[] }) => p.data.length)).toEqual([3, 3, 1]);
  });

  it('offset lists: while has_more is true', async () => {
    server.handle((req) => {
      const offset = Number(req.query.get('offset') ?? 0);
      return { body: { data: [{ at: offset }, { at: offset + 1 }], has_more: offset < 2 } };
    });
    const r = await api(['generations?limit=2', '--paginate']);
    expect(JSON.parse(r.stdout)).toEqual({ data: [{ at: 0 }, { at: 1 }, { at: 2 }, { at: 3 }], has_more: false });
  });

  it('a body that is not a list is refused, printing nothing', async () => {
    expect(await api(['credits', '--paginate'])).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'gwctl: HTTP 200: --paginate needs a list: the answer of /api/v1/credits has no "data" array\n',
    });
  });

  it('a page that fails fails the command', async () => {
    server.handle((req) => (req.query.get('starting_after') ? { status: 404, body: envelope(404, 'Not Found') } : cursorPages(req)));
    const r = await api(['interns', '--paginate']);
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('gwctl: HTTP 404: Not Found\n');
  });

  it('--slurp without --paginate, or --paginate on a POST, is exit 2, nothing sent', async () => {
    expect(await api(['interns', '--slurp'])).toMatchObject({ code: 2, stdout: '', stderr: 'gwctl: --slurp needs --paginate\n' });
    expect(await api(['keys', '-f', 'a=b', '--paginate'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'gwctl: --paginate follows the pages of a GET list, not POST\n',
    });
    expect(server.requests).toHaveLength(0);
  });
});

describe('against the sandbox', () => {
  const sandbox = useSandbox();

  it('--paginate over interns prints byte for byte what interns ls --all --json prints', async () => {
    const e = sandbox().env();
    const viaApi = await runGwctl(['api', 'interns', '--paginate'], { env: e });
    const viaLs = await runGwctl(['interns', 'ls', '--all', '--json'], { env: e });
    expect(viaApi.code).toBe(0);
    // Same paging machinery, same bytes (the test sandbox is frozen in time).
    expect(viaApi.stdout).toBe(viaLs.stdout);
    expect(JSON.parse(viaApi.stdout).data.length).toBeGreaterThan(100);
  });

  it("a route the sandbox does not serve is a 404 in the API's envelope: exit 5", async () => {
    const r = await runGwctl(['api', 'credits'], { env: sandbox().env() });
    expect(r).toMatchObject({ code: 5, stdout: '', stderr: 'gwctl: HTTP 404: No route for GET /api/v1/credits\n' });
  });

  it('--sandbox works as a global option', async () => {
    const r = await runGwctl(['--sandbox', 'api', 'byok', '--paginate']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body.data.length).toBe(body.total_count);
  });
});
