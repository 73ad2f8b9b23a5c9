// Hostile and broken answers: HTML from a proxy, cut-off or empty bodies, wrong content types, a
// body over the size limit, a wrong shape, redirect loops and redirects elsewhere. Each is one
// line on stderr with the status and the contract's exit code, never a stack trace, and nothing
// the server sent can steer the terminal.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envKeyHint, forbiddenEnvHint } from '../kit/hints.js';
import { serverForFile } from '../kit/scripted-runs.js';
import type { InternBody } from '../kit/bodies.js';
import { gwctl } from '../kit/cli.js';
import { type ScriptedServer, envelope, startServer } from '../kit/server.js';
import { expectNoCrash, runGwctl, type RunResult } from '../kit/spawn.js';

/** gwctl in-process with these variables over the test environment. */
const run = (args: readonly string[], env: Record<string, string | undefined> = {}) => gwctl(args, { env });

const KEY = 'sk-api-responses-0123456789abcdef';
const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const INTERN_BODY: InternBody = { id: INTERN, name: 'scribe', status: 'running' };
const NGINX_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

const RAW_CONTROL = /[\u0007\u001b\u0080-\u009f]/;

const server = serverForFile();
const other = serverForFile();

const get = (...flags: string[]) =>
  run(['interns', 'get', INTERN, '--base-url', server.baseUrl, '--retries', '0', ...flags], { GWCTL_API_KEY: KEY });

function expectOneLine(r: RunResult, code: number, line: string): void {
  expectNoCrash(r.stderr);
  expect(r.stdout).toBe('');
  expect(r.stderr).toBe(`${line}\n`);
  expect(r.code).toBe(code);
}

describe('bodies that are not what they claim', () => {
  it("a proxy's HTML 502 page: status, content type and a short, flat excerpt; exit 7", async () => {
    server.handle(() => ({ status: 502, headers: { 'content-type': 'text/html' }, body: NGINX_502 }));
    const r = await get();
    expectOneLine(
      r,
      7,
      'gwctl: HTTP 502: Bad Gateway (text/html): "<html> <head><title>502 Bad Gateway</title></head> <body> <center><h1>502 Bad Ga…"',
    );
    expect(server.requests).toHaveLength(1);
  });

  it('the same page is retried like any 502 and the attempts counted', async () => {
    server.handle(() => ({ status: 502, headers: { 'content-type': 'text/html', 'retry-after': '0' }, body: NGINX_502 }));
    const r = await get('--retries', '2');
    expect(server.requests).toHaveLength(3);
    expect(r.stderr).toMatch(/^gwctl: HTTP 502: Bad Gateway \(text\/html\): ".*" \(after 3 attempts\)\n$/);
    expect(r.code).toBe(7);
  });

  it('an HTML page with status 200 (a captive portal, a login page) is exit 1', async () => {
    server.handle(() => ({
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: '<!doctype html><title>Sign in</title><p>Please sign in</p>',
    }));
    expectOneLine(
      await get(),
      1,
      'gwctl: HTTP 200: the response is not JSON (text/html): "<!doctype html><title>Sign in</title><p>Please sign in</p>"',
    );
  });

  it('JSON cut off in the middle (a complete HTTP message) is exit 1', async () => {
    server.handle(() => ({
      headers: { 'content-type': 'application/json' },
      body: '{"id":"7c9e6679-7425-40de-944b-e07fc1f90ae7","name":"scr',
    }));
    expectOneLine(
      await get(),
      1,
      'gwctl: HTTP 200: the response is not JSON (application/json): "{\\"id\\":\\"7c9e6679-7425-40de-944b-e07fc1f90ae7\\",\\"name\\":\\"scr"',
    );
  });

  it('an error status with a cut-off JSON body keeps its exit code', async () => {
    server.handle(() => ({ status: 404, headers: { 'content-type': 'application/json' }, body: '{"error":{"code":404,"mess' }));
    expectOneLine(await get(), 5, 'gwctl: HTTP 404: Not Found (application/json): "{\\"error\\":{\\"code\\":404,\\"mess"');
  });

  it('JSON labelled as HTML is not trusted as JSON', async () => {
    server.handle(() => ({ headers: { 'content-type': 'text/html' }, body: JSON.stringify(INTERN_BODY) }));
    const r = await get();
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^gwctl: HTTP 200: the response is not JSON \(text\/html\): /);
  });

  it('JSON labelled text/plain or with no content type at all is read as JSON (proxies mislabel)', async () => {
    server.handle(() => ({ headers: { 'content-type': 'text/plain' }, body: JSON.stringify(INTERN_BODY) }));
    expect(await get('--json')).toMatchObject({ code: 0, stderr: '' });
    server.handle(() => ({ headers: { 'content-type': null }, body: JSON.stringify(INTERN_BODY) }));
    expect(await get('--json')).toMatchObject({ code: 0, stderr: '' });
  });

  it('binary junk with a made-up content type is exit 1, its bytes shown escaped', async () => {
    server.handle(() => ({
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.from([0x1b, 0x5b, 0x32, 0x4a, 0x07, 0xc2, 0x9b, 0x41]),
    }));
    expectOneLine(await get(), 1, 'gwctl: HTTP 200: the response is not JSON (application/octet-stream): "\\\\e[2J\\\\x07\\\\x9bA"');
  });

  it('an empty 200 body is exit 1', async () => {
    server.handle(() => ({ headers: { 'content-type': 'application/json' } }));
    expectOneLine(await get(), 1, 'gwctl: HTTP 200: the response is not JSON (application/json): empty body');
  });

  it('an empty error body still gives the status and its exit code', async () => {
    server.handle(() => ({ status: 503, headers: { 'content-type': null } }));
    expectOneLine(await get(), 7, 'gwctl: HTTP 503: Service Unavailable (no content type): empty body');
    server.handle(() => ({ status: 401 }));
    expectOneLine(await get(), 4, `gwctl: HTTP 401: Unauthorized (text/plain): empty body${envKeyHint('api')}`);
  });

  it('a status the contract does not name is exit 1', async () => {
    server.handle(() => ({ raw: 'HTTP/1.1 599 Weird\r\nContent-Length: 2\r\nContent-Type: application/json\r\n\r\n{}' }));
    expectOneLine(await get(), 1, 'gwctl: HTTP 599: HTTP status 599');
    server.handle(() => ({ status: 300, body: {} }));
    expectOneLine(await get(), 1, 'gwctl: HTTP 300: HTTP status 300');
  });

  it('a body of the wrong shape is exit 1 and names what is wrong', async () => {
    server.handle(() => ({ body: { data: [1, 2, 3] } }));
    expectOneLine(await get(), 1, 'gwctl: HTTP 200: unexpected response for get intern: id is not string');
    server.handle(() => ({ body: [INTERN_BODY] }));
    expectOneLine(await get(), 1, 'gwctl: HTTP 200: unexpected response for get intern: the body is not object');
  });

  it('an error envelope of the wrong shape falls back to the status text', async () => {
    server.handle(() => ({ status: 403, body: { error: 'forbidden', message: 42 } }));
    expectOneLine(await get(), 4, `gwctl: HTTP 403: Forbidden${forbiddenEnvHint('api', KEY)}`);
    server.handle(() => ({ status: 500, body: { error: { code: [], message: {}, metadata: 'x' } } }));
    expectOneLine(await get(), 7, 'gwctl: HTTP 500: Internal Server Error');
  });
});

describe('a body over the size limit (32 MiB)', () => {
  const huge = Buffer.alloc(40 * 1024 * 1024, 'a');

  it('is refused from its declared length, quickly, with the status; exit 1', async () => {
    server.handle(() => ({ body: huge, headers: { 'content-type': 'application/json' } }));
    const r = await get();
    expectOneLine(r, 1, 'gwctl: HTTP 200: the response was larger than 32 MiB');
    expect(r.ms).toBeLessThan(5_000);
  });

  it('is cut off at the limit when it comes without a length (chunked), and not retried', async () => {
    server.handle(() => ({
      raw: Buffer.concat([
        Buffer.from(
          `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${huge.length.toString(16)}\r\n`,
        ),
        huge,
        Buffer.from('\r\n0\r\n\r\n'),
      ]),
    }));
    const r = await get('--retries', '2');
    expectOneLine(r, 1, 'gwctl: HTTP 200: the response was larger than 32 MiB');
    expect(server.requests).toHaveLength(1);
    expect(r.ms).toBeLessThan(5_000);
  });
});

describe('redirects', () => {
  it('a redirect to itself is a loop: exit 1 with the status', async () => {
    server.handle((req) => ({ status: 302, headers: { location: req.url } }));
    expectOneLine(await get(), 1, `gwctl: HTTP 302: too many redirects (last to ${server.baseUrl}/interns/${INTERN})`);
    expect(server.requests).toHaveLength(1);
  });

  it('a loop through two addresses is caught the first time round', async () => {
    server.handle((req) => ({ status: 307, headers: { location: req.path.endsWith('/b') ? `/api/v1/interns/${INTERN}` : '/b' } }));
    expectOneLine(await get(), 1, `gwctl: HTTP 307: too many redirects (last to ${server.baseUrl}/interns/${INTERN})`);
    expect(server.requests).toHaveLength(2);
  });

  it('an endless chain of new addresses stops after 5 redirects', async () => {
    server.handle((_req, i) => ({ status: 301, headers: { location: `/hop/${i + 1}` } }));
    expectOneLine(await get(), 1, `gwctl: HTTP 301: too many redirects (last to ${server.url}/hop/6)`);
    expect(server.requests).toHaveLength(6);
  });

  it('follows a redirect to another origin without the Authorization header', async () => {
    server.handle(() => ({ status: 307, headers: { location: `${other.url}/elsewhere` } }));
    other.handle(() => ({ body: INTERN_BODY }));
    const r = await get('--json', '--debug');
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0]!.path).toBe('/elsewhere');
    expect(other.requests[0]!.headers.authorization).toBeUndefined();
    expect(Object.keys(other.requests[0]!.headers).filter((h) => /auth|key|token/i.test(h))).toEqual([]);
    expect(r.stderr).toContain(`gwctl: debug: > GET ${other.url}/elsewhere (attempt 1/1)\n`);
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });

  it('another origin that then wants a key gets none: its 401 is reported', async () => {
    server.handle(() => ({ status: 302, headers: { location: `${other.url}/login` } }));
    other.handle((req) => ({
      status: 401,
      body: envelope(401, req.headers.authorization ? 'got a key' : 'Missing Authentication header'),
    }));
    expectOneLine(await get(), 4, 'gwctl: HTTP 401: Missing Authentication header');
  });

  it('a redirect to plain http off this machine is refused before connecting: exit 1', async () => {
    server.handle(() => ({ status: 301, headers: { location: 'http://gateway.invalid/api/v1/interns' } }));
    expectOneLine(await get(), 1, 'gwctl: HTTP 301: refusing to follow a redirect to plain http (gateway.invalid)');
  });

  it('a redirect to another scheme is refused', async () => {
    server.handle(() => ({ status: 302, headers: { location: 'file:///etc/passwd' } }));
    expectOneLine(await get(), 1, 'gwctl: HTTP 302: refusing to follow a redirect to a file address');
  });

  it('a Location that is not a URL is exit 1, shown escaped', async () => {
    // Header bytes are read as Latin-1: 0x80 is the C1 control U+0080.
    server.handle(() => ({ raw: Buffer.from('HTTP/1.1 302 Found\r\nLocation: http://[::1\x80\r\nContent-Length: 0\r\n\r\n', 'latin1') }));
    expectOneLine(await get(), 1, 'gwctl: HTTP 302: the server redirected to an invalid address "http://[::1\\\\x80"');
  });
});

describe('https', () => {
  let dir: string;
  let tlsServer: ScriptedServer;
  let ready = false;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gwctl-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '2',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
          '-keyout',
          path.join(dir, 'key.pem'),
          '-out',
          path.join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
    } catch {
      return;
    }
    tlsServer = await startServer(undefined, {
      tls: {
        key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
        cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
      },
    });
    ready = true;
  });
  afterAll(async () => {
    await tlsServer?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // Node reads NODE_EXTRA_CA_CERTS only when it starts, so these runs are separate processes.
  const tlsGet = () =>
    runGwctl(['interns', 'get', INTERN, '--base-url', tlsServer.baseUrl, '--retries', '0'], {
      env: { GWCTL_API_KEY: KEY, NODE_EXTRA_CA_CERTS: path.join(dir, 'cert.pem') },
    });

  it('works over https to a trusted certificate (the setup of the next tests)', async ({ skip }) => {
    if (!ready) skip();
    tlsServer.reset();
    tlsServer.handle(() => ({ body: INTERN_BODY }));
    const r = await tlsGet();
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(tlsServer.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('a redirect from https to plain http off this machine is refused: exit 1, nothing sent there', async ({ skip }) => {
    if (!ready) skip();
    tlsServer.reset();
    tlsServer.handle(() => ({ status: 308, headers: { location: 'http://gateway.invalid/api/v1/interns' } }));
    expectOneLine(await tlsGet(), 1, 'gwctl: HTTP 308: refusing to follow a redirect to plain http (gateway.invalid)');
    expect(tlsServer.requests).toHaveLength(1);
  });

  it('a redirect from https to plain http on this machine is followed, without the key (another origin)', async ({ skip }) => {
    if (!ready) skip();
    tlsServer.reset();
    tlsServer.handle(() => ({ status: 302, headers: { location: `${other.url}/plain` } }));
    other.handle(() => ({ body: INTERN_BODY }));
    const r = await tlsGet();
    expect(r.code).toBe(0);
    expect(other.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('a certificate the system does not trust: exit 1 at once (not retried), with a hint', async ({ skip }) => {
    if (!ready) skip();
    tlsServer.reset();
    const r = await runGwctl(['interns', 'get', INTERN, '--base-url', tlsServer.baseUrl, '--retries', '3', '--debug'], {
      env: { GWCTL_API_KEY: KEY },
    });
    expectNoCrash(r.stderr);
    expect(r.code).toBe(1);
    expect(r.stderr.match(/debug: > GET/g)).toHaveLength(1);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(
      `gwctl: the TLS certificate of 127.0.0.1:${tlsServer.port} is not trusted: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT); ` +
        'check the base URL; for a private certificate authority, set NODE_EXTRA_CA_CERTS or the ca-file setting (GWCTL_CA_FILE) to its certificate file',
    );
    expect(tlsServer.requests).toHaveLength(0);
  });
});

describe('server text made safe for the terminal', () => {
  const nasty = 'Bad\u001b]0;pwned\u0007 thing\u001b[2J \u009b31m done\u202e';

  it('in the error line: message, reason escaped', async () => {
    server.handle(() => ({
      status: 409,
      body: { error: { code: 409, message: nasty, metadata: { reason: `busy\u001b[1m`, retryable: false } } },
    }));
    const r = await get();
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expectOneLine(r, 6, 'gwctl: HTTP 409: Bad\\e]0;pwned\\x07 thing\\e[2J \\x9b31m done\\u202e (reason: busy\\e[1m, retryable: false)');
  });

  it('in the JSON error on stderr: still valid JSON with the same text, no raw control character', async () => {
    server.handle(() => ({ status: 500, body: { error: { code: 500, message: nasty, metadata: { reason: 'x', retryable: false } } } }));
    const r = await get('--json');
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(r.stderr).error.message).toBe('Bad\\e]0;pwned\\x07 thing\\e[2J \\x9b31m done\\u202e');
  });

  it('in --json output: the body is kept but every control character is escaped', async () => {
    server.handle(() => ({ body: { ...INTERN_BODY, name: nasty } }));
    const r = await get('--json');
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(r.stdout).name).toBe(nasty);
  });

  it('in a non-JSON excerpt and in header values shown by --debug', async () => {
    server.handle(() => ({
      raw: Buffer.from('HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/\x9bhtml\r\nContent-Length: 13\r\n\r\n<b>\x1b[5mhi</b>', 'latin1'),
    }));
    const r = await get('--debug');
    expect(r.code).toBe(7);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('gwctl: HTTP 502: Bad Gateway (text/\\x9bhtml): "<b>\\\\e[5mhi</b>"');
    expect(r.stderr).toContain('gwctl: debug: < 502 in ');
    expect(r.stderr).toMatch(/, 13 bytes, text\/\\x9bhtml\n/);
  });
});
