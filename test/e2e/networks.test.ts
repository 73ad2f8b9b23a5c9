// gwctl on a company network, as a process (so it runs on every Node line and the standalone
// executable too): through a real forward proxy (test/kit/proxy.ts) to a TLS front whose
// certificate, made by openssl for this run, is for gw.test.invalid, a name only the proxy
// resolves, so a request that bypasses the proxy cannot succeed. Proxy variables in both cases,
// NO_PROXY, credentials in the proxy URL (never shown), a refusing or absent proxy, a private CA
// from NODE_EXTRA_CA_CERTS or the ca-file setting, and each TLS failure named by its cause.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeCertificates, type TestCertificates } from '../kit/certificates.js';
import { startCompanyProxies, startProxy, type CompanyProxies, type TestProxy } from '../kit/proxy.js';
import { closedPort, startServer, type ScriptedServer } from '../kit/server.js';
import { expectNoCrash, runGwctl, spawnGwctl, tempConfigDir, until } from '../kit/spawn.js';

const HOST = 'gw.test.invalid';
const KEY = 'sk-mgmt-networks-0123456789abcdef';
/** What follows a failure to reach the server at all. */
const DOCTOR_HINT = 'see where the way to the server fails: gwctl doctor';
const PASSWORD = 's3cr%40t-proxy-pass';

let certs: TestCertificates | undefined;
let front: ScriptedServer;
let plain: ScriptedServer;
let proxies: CompanyProxies | undefined;
let proxy: TestProxy;
let guarded: TestProxy;
let forbidding: TestProxy;
beforeAll(async () => {
  certs = makeCertificates(HOST);
  if (!certs) return;
  front = await startServer(() => ({ body: { data: [] } }), { keys: { management: KEY }, tls: { key: certs.key, cert: certs.cert } });
  plain = await startServer(() => ({ body: { data: [] } }), { keys: { management: KEY } });
  proxies = await startCompanyProxies(HOST, `proxyuser:${decodeURIComponent(PASSWORD)}`);
  ({ open: proxy, guarded, forbidding } = proxies);
});
afterAll(async () => {
  await Promise.all([front?.close(), plain?.close(), proxies?.close()]);
});
beforeEach(({ skip }) => {
  if (!certs) skip('openssl is not installed');
  front.reset();
  plain.reset();
  for (const p of [proxy, guarded, forbidding]) p.requests.length = 0;
});

const base = () => `https://${HOST}:${front.port}/api/v1`;
const get = (env: Record<string, string | undefined>, extra: string[] = [], configDir?: string) =>
  runGwctl(['api', 'byok', '--retries', '0', ...extra], {
    env: { GWCTL_BASE_URL: base(), GWCTL_MANAGEMENT_KEY: KEY, NODE_EXTRA_CA_CERTS: certs!.caFile, ...env },
    ...(configDir ? { configDir } : {}),
  });
const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);

describe('proxies from the environment', () => {
  it('HTTPS_PROXY: the request goes through a CONNECT tunnel to a name only the proxy resolves', async () => {
    const r = await get({ HTTPS_PROXY: proxy.url });
    expect(r).toMatchObject({ code: 0, stdout: '{\n  "data": []\n}\n', stderr: '' });
    expect(proxy.requests).toMatchObject([{ method: 'CONNECT', target: `${HOST}:${front.port}`, status: 200 }]);
    expect(front.requests[0]!.key).toBe('management');
  });

  it('https_proxy (lower case) works the same, and wins over HTTPS_PROXY, as curl reads them', async () => {
    const r = await get({ https_proxy: proxy.url, HTTPS_PROXY: `http://127.0.0.1:${await closedPort()}` });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(proxy.requests).toHaveLength(1);
  });

  it('ALL_PROXY stands in for HTTPS_PROXY', async () => {
    expect(await get({ ALL_PROXY: proxy.url })).toMatchObject({ code: 0, stderr: '' });
    expect(proxy.requests).toHaveLength(1);
  });

  /** A name nothing here resolves: exit 1, naming the host and the base URL's source (contract, seventh release). */
  const NOT_FOUND = `gwctl: host not found: ${HOST} (the base URL's host, from GWCTL_BASE_URL); check the spelling of the host name`;

  it('without a proxy variable the name does not resolve: the proof that the proxy carried the others', async () => {
    const r = await get({});
    expect(r.code).toBe(1);
    expect(lastLine(r.stderr)).toBe(NOT_FOUND);
  });

  it.each([
    ['the host', HOST],
    ['a suffix', '.test.invalid'],
    ['a domain without the dot, among others', 'example.com, test.invalid'],
    ['the host and its port', `${HOST}:PORT`],
    ['*', '*'],
  ])('NO_PROXY naming %s: the request goes directly (and fails to resolve), the proxy sees nothing', async (_, noProxy) => {
    const r = await get({ HTTPS_PROXY: proxy.url, NO_PROXY: noProxy.replace('PORT', String(front.port)) });
    expect(r.code).toBe(1);
    expect(lastLine(r.stderr)).toBe(NOT_FOUND);
    expect(proxy.requests).toEqual([]);
  });

  it('NO_PROXY naming other hosts (or another port) leaves this one to the proxy; no_proxy wins over NO_PROXY', async () => {
    expect(await get({ HTTPS_PROXY: proxy.url, NO_PROXY: `other.invalid,${HOST}:1,test.invalid.example` })).toMatchObject({ code: 0 });
    expect(await get({ HTTPS_PROXY: proxy.url, NO_PROXY: HOST, no_proxy: 'other.invalid' })).toMatchObject({ code: 0 });
    expect(proxy.requests).toHaveLength(2);
  });

  it('NO_PROXY with a CIDR range covers an address in it; an address is never matched by its suffix', async () => {
    // Only this proxy knows the way to 192.0.2.10 (a documentation address): directly, it is not reached.
    const mapping = await startProxy({ hosts: { '192.0.2.10': '127.0.0.1' } });
    try {
      const to = (noProxy: string) =>
        runGwctl(['api', 'byok', '--retries', '0', '--timeout', '1'], {
          env: {
            GWCTL_BASE_URL: `https://192.0.2.10:${front.port}/api/v1`,
            GWCTL_MANAGEMENT_KEY: KEY,
            HTTPS_PROXY: mapping.url,
            NO_PROXY: noProxy,
          },
        });
      for (const covering of ['192.0.2.0/24', '10.0.0.0/8, 192.0.0.0/16']) {
        expect((await to(covering)).code).toBe(7);
        expect(mapping.requests).toEqual([]);
      }
      // Through the proxy: the tunnel is made (the certificate is for another name, so exit 1).
      for (const other of ['192.0.3.0/24', '2.10', '.0.2.10']) {
        mapping.requests.length = 0;
        expect((await to(other)).code).toBe(1);
        expect(mapping.requests).toMatchObject([{ method: 'CONNECT', target: `192.0.2.10:${front.port}`, status: 200 }]);
      }
    } finally {
      await mapping.close();
    }
  });

  it('this machine is never reached through a proxy: the key in clear text does not reach one', async () => {
    const everyVariable = { HTTP_PROXY: proxy.url, http_proxy: proxy.url, HTTPS_PROXY: proxy.url, ALL_PROXY: proxy.url };
    for (const baseUrl of [plain.baseUrl, plain.baseUrl.replace('127.0.0.1', 'localhost')]) {
      const r = await runGwctl(['api', 'byok', '--retries', '0'], {
        env: { GWCTL_BASE_URL: baseUrl, GWCTL_MANAGEMENT_KEY: KEY, ...everyVariable },
      });
      expect(r).toMatchObject({ code: 0, stdout: '{\n  "data": []\n}\n', stderr: '' });
    }
    // The proxy logs every absolute-form request with its headers: none came, Authorization or not.
    expect(proxy.requests).toEqual([]);
    expect(plain.requests.map((q) => q.key)).toEqual(['management', 'management']);
  });

  it('a proxy variable pointing at a closed port: a base URL on 127.0.0.1 (gwctl sandbox) still answers', async () => {
    const closed = `http://127.0.0.1:${await closedPort()}`;
    const env = { HTTP_PROXY: closed, HTTPS_PROXY: closed, ALL_PROXY: closed, http_proxy: closed, https_proxy: closed, all_proxy: closed };
    const sandbox = spawnGwctl(['sandbox', '--port', '0']);
    try {
      await until(() => /http:\/\/127\.0\.0\.1:\d+\/api\/v1/.test(sandbox.stdout()), 15_000);
      const baseUrl = /http:\/\/127\.0\.0\.1:\d+\/api\/v1/.exec(sandbox.stdout())![0];
      const r = await runGwctl(['budgets', 'ls', 'production', '--json', '--retries', '0'], {
        env: { GWCTL_BASE_URL: baseUrl, GWCTL_MANAGEMENT_KEY: 'gw-sandbox-key-management', ...env },
      });
      expect(r).toMatchObject({ code: 0, stderr: '' });
      expect(r.stdout).toMatch(/^\{\n {2}"data": \[/);
    } finally {
      sandbox.child.kill('SIGTERM');
      await sandbox.done;
    }
  });

  it('a proxy that drops the connection after CONNECT: the request ends within --timeout, naming the proxy (was a hang)', async () => {
    const dropping = await startProxy({ dropConnect: true });
    try {
      const r = await get({ HTTPS_PROXY: dropping.url }, ['--timeout', '2']);
      expect(r.code).toBe(7);
      expect(r.stderr).toBe(`gwctl: no answer from ${HOST}:${front.port} through the proxy ${dropping.url} (HTTPS_PROXY) within 2s\n`);
      expect(r.ms).toBeLessThan(2_000 + 5_000);
      // undici opens the tunnel again each time the proxy drops it: that loop is what had no end.
      expect(dropping.requests.length).toBeGreaterThan(0);
      for (const q of dropping.requests) expect(q).toMatchObject({ method: 'CONNECT', target: `${HOST}:${front.port}`, status: 0 });
      expect(front.requests).toEqual([]);
    } finally {
      await dropping.close();
    }
  });

  it('--sandbox never goes through the proxy: its server is in the process', async () => {
    const closed = `http://127.0.0.1:${await closedPort()}`;
    const r = await runGwctl(['api', 'byok', '--sandbox', '--retries', '0'], {
      env: { HTTP_PROXY: closed, HTTPS_PROXY: closed, ALL_PROXY: closed },
    });
    expect(r).toMatchObject({ code: 0, stderr: '' });
  });

  it('credentials in the proxy URL are sent to the proxy, and --debug shows the proxy without them', async () => {
    const r = await get({ HTTPS_PROXY: `http://proxyuser:${PASSWORD}@127.0.0.1:${guarded.port}` }, ['--debug']);
    expect(r.code).toBe(0);
    expect(guarded.requests[0]!.authorization).toBe(`Basic ${Buffer.from(`proxyuser:${decodeURIComponent(PASSWORD)}`).toString('base64')}`);
    expect(r.stderr).toContain(`via proxy http://127.0.0.1:${guarded.port} (HTTPS_PROXY)`);
    for (const secret of [PASSWORD, decodeURIComponent(PASSWORD), 'proxyuser', guarded.requests[0]!.authorization!.slice(6)]) {
      expect(r.stderr).not.toContain(secret);
    }
  });

  it('a proxy that asks for credentials (407): exit 4, naming the proxy, not retried, the key not sent', async () => {
    const r = await runGwctl(['api', 'byok', '--retries', '3'], {
      env: { GWCTL_BASE_URL: base(), GWCTL_MANAGEMENT_KEY: KEY, NODE_EXTRA_CA_CERTS: certs!.caFile, HTTPS_PROXY: guarded.url },
    });
    expectNoCrash(r.stderr);
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      `gwctl: the proxy http://127.0.0.1:${guarded.port} (HTTPS_PROXY) asks for credentials (407 Proxy Authentication Required); ` +
        'give them in the proxy URL: HTTPS_PROXY=http://USER:PASSWORD@HOST:PORT\n',
    );
    expect(guarded.requests).toHaveLength(1);
    expect(front.requests).toEqual([]);
  });

  it('wrong credentials: exit 4, and the password is not shown', async () => {
    const r = await get({ HTTPS_PROXY: `http://proxyuser:wrong-pass@127.0.0.1:${guarded.port}` });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`the proxy http://127.0.0.1:${guarded.port} (HTTPS_PROXY) refused the credentials in its URL`);
    expect(r.stderr).not.toContain('wrong-pass');
  });

  it('a proxy that refuses the CONNECT (403): exit 1, naming the proxy and the host', async () => {
    const r = await get({ HTTPS_PROXY: forbidding.url });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `gwctl: the proxy http://127.0.0.1:${forbidding.port} (HTTPS_PROXY) refused to connect to ${HOST}:${front.port} (HTTP 403)\n`,
    );
  });

  it('a proxy that is down: exit 7 (transient), naming the proxy, not the gateway', async () => {
    const port = await closedPort();
    const r = await get({ HTTPS_PROXY: `http://127.0.0.1:${port}` });
    expect(r.code).toBe(7);
    expect(r.stderr).toBe(`gwctl: connection refused (the proxy http://127.0.0.1:${port} (HTTPS_PROXY)); ${DOCTOR_HINT}\n`);
  });

  it("a name that does not resolve: the proxy's own, exit 1 once naming the proxy; the gateway's through the proxy, its refusal as before", async () => {
    const r = await get({ HTTPS_PROXY: 'http://proxyuser:pw@proxy.invalid:3128' }, ['--retries', '3', '--debug']);
    expect(r.code).toBe(1);
    expect(r.stderr.match(/debug: > /g)).toHaveLength(1);
    expect(lastLine(r.stderr)).toBe(
      'gwctl: host not found: proxy.invalid (the host of the proxy http://proxy.invalid:3128, from HTTPS_PROXY); check the spelling of the host name',
    );
    // The proxy resolves the gateway's name, and says it could not: a refused CONNECT, not retried.
    const through = await get({ HTTPS_PROXY: proxy.url, GWCTL_BASE_URL: 'https://gateway.invalid/api/v1' }, ['--retries', '3']);
    expect(through).toMatchObject({
      code: 1,
      stderr: `gwctl: the proxy ${proxy.url} (HTTPS_PROXY) refused to connect to gateway.invalid (HTTP 502)\n`,
    });
    expect(proxy.requests).toHaveLength(1);
  });

  it('a proxy URL that cannot be read: exit 2, without quoting it (it may hold a password)', async () => {
    const r = await get({ HTTPS_PROXY: 'http://user:pa ss@[bad' });
    expect(r).toMatchObject({ code: 2, stderr: 'gwctl: invalid proxy URL in HTTPS_PROXY; give it as http://[user:password@]host:port\n' });
  });
});

describe('a private certificate authority', () => {
  it('without it, the certificate is not trusted: exit 1 with the reason, not retried, the key not sent', async () => {
    const r = await get({ HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: undefined }, ['--retries', '3']);
    expectNoCrash(r.stderr);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^gwctl: the TLS certificate of gw\.test\.invalid:\d+ is not trusted: .* \((UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)\); /,
    );
    expect(r.stderr).toContain('set NODE_EXTRA_CA_CERTS or the ca-file setting (GWCTL_CA_FILE)');
    expect(proxy.requests).toHaveLength(1);
    expect(front.requests).toEqual([]);
  });

  it('NODE_EXTRA_CA_CERTS naming the CA: trusted (the tests above use it)', async () => {
    expect(await get({ HTTPS_PROXY: proxy.url })).toMatchObject({ code: 0, stderr: '' });
  });

  it('GWCTL_CA_FILE naming the CA: trusted, besides the usual authorities', async () => {
    expect(await get({ HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: undefined, GWCTL_CA_FILE: certs!.caFile })).toMatchObject({
      code: 0,
      stderr: '',
    });
  });

  it("the profile's ca-file (set with config set): trusted", async () => {
    const dir = tempConfigDir();
    expect((await runGwctl(['config', 'set', 'ca-file', certs!.caFile], { configDir: dir })).code).toBe(0);
    expect(await get({ HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: undefined }, [], dir)).toMatchObject({ code: 0, stderr: '' });
  });

  it('a ca-file that cannot be read, or holds no certificate: exit 2 before anything is sent', async () => {
    const missing = path.join(tempConfigDir(), 'none.pem');
    const r = await get({ HTTPS_PROXY: proxy.url, GWCTL_CA_FILE: missing });
    expect(r).toMatchObject({ code: 2, stderr: `gwctl: cannot read the CA file ${missing} (from GWCTL_CA_FILE): no such file\n` });
    const junk = path.join(tempConfigDir(), 'junk.pem');
    writeFileSync(junk, 'not a certificate\n');
    const j = await get({ HTTPS_PROXY: proxy.url, GWCTL_CA_FILE: junk });
    expect(j.code).toBe(2);
    expect(j.stderr).toContain('holds no PEM certificate');
    expect(proxy.requests).toEqual([]);
  });

  it('a CA file that is a FIFO nobody writes: SIGTERM ends gwctl within a second (exit 143)', async () => {
    const fifo = path.join(tempConfigDir(), 'ca.pem');
    execFileSync('mkfifo', [fifo]);
    const run = spawnGwctl(['api', 'byok', '--retries', '0'], {
      env: { GWCTL_BASE_URL: base(), GWCTL_MANAGEMENT_KEY: KEY, GWCTL_CA_FILE: fifo },
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const sent = Date.now();
    run.child.kill('SIGTERM');
    const { code } = await run.done;
    expect(code).toBe(143);
    expect(Date.now() - sent).toBeLessThan(1_000);
    expect(front.requests).toEqual([]);
  });

  it('a CA file that never ends (/dev/zero): exit 2 after reading at most 1 MiB', async () => {
    const r = await get({ HTTPS_PROXY: proxy.url, GWCTL_CA_FILE: '/dev/zero' });
    expect(r).toMatchObject({
      code: 2,
      stderr: 'gwctl: the CA file /dev/zero (from GWCTL_CA_FILE) is larger than 1 MiB: not a certificate file\n',
    });
    expect(r.ms).toBeLessThan(5_000);
    expect(proxy.requests).toEqual([]);
  });

  it('an expired certificate: exit 1, named as such, the key not sent', async () => {
    const old = makeCertificates(HOST, { expired: true })!;
    const stale = await startServer(() => ({ body: { data: [] } }), { tls: { key: old.key, cert: old.cert } });
    try {
      const r = await runGwctl(['api', 'byok', '--retries', '2'], {
        env: {
          GWCTL_BASE_URL: `https://${HOST}:${stale.port}/api/v1`,
          GWCTL_MANAGEMENT_KEY: KEY,
          GWCTL_CA_FILE: old.caFile,
          HTTPS_PROXY: proxy.url,
        },
      });
      expect(r).toMatchObject({
        code: 1,
        stderr:
          `gwctl: the TLS certificate of ${HOST}:${stale.port} has expired (CERT_HAS_EXPIRED); ` +
          "the server's certificate must be renewed, or this machine's clock is wrong (gwctl doctor checks it)\n",
      });
      expect(stale.requests).toEqual([]);
    } finally {
      await stale.close();
    }
  });

  it('a certificate for another host name: exit 1, named as such', async () => {
    const r = await runGwctl(['api', 'byok', '--retries', '0'], {
      env: { GWCTL_BASE_URL: `https://127.0.0.1:${front.port}/api/v1`, GWCTL_MANAGEMENT_KEY: KEY, GWCTL_CA_FILE: certs!.caFile },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^gwctl: the TLS certificate of 127\.0\.0\.1:\d+ is for another host name: .*\(ERR_TLS_CERT_ALTNAME_INVALID\); check the host name of the base URL\n$/,
    );
    expect(front.requests).toEqual([]);
  });

  it('an https URL to a server that does not speak TLS: exit 1, named as such (was "connection failed")', async () => {
    const r = await runGwctl(['api', 'byok', '--retries', '0', '--debug'], {
      env: { GWCTL_BASE_URL: `https://127.0.0.1:${plain.port}/api/v1`, GWCTL_MANAGEMENT_KEY: KEY },
    });
    expect(r.code).toBe(1);
    expect(lastLine(r.stderr)).toMatch(
      new RegExp(
        `^gwctl: 127\\.0\\.0\\.1:${plain.port} does not speak TLS \\(ERR_SSL_\\w+\\); check the base URL: is it a plain-http port given as https://\\?$`,
      ),
    );
    expect(plain.requests).toEqual([]);
  });
});
