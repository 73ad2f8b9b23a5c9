// `gwctl doctor` as a process (so on every Node line and the standalone executable too): each step
// of the way to a gateway, on a good setup through a real proxy to a TLS front with a private CA
// (test/kit/proxy.ts, test/kit/certificates.ts), and with one thing wrong at a time: a closed
// port, a refused key, a proxy that refuses, a server clock 10 minutes off. Exit 0 when nothing
// fails, else the exit code of the first step that failed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeCertificates, type TestCertificates } from '../kit/certificates.js';
import { startCompanyProxies, startProxy, type CompanyProxies, type TestProxy } from '../kit/proxy.js';
import { closedPort, envelope, startServer, type Reply, type ScriptedServer, type Seen } from '../kit/server.js';
import { expectNoCrash, runGwctl, tempConfigDir } from '../kit/spawn.js';

const HOST = 'gw.test.invalid';
const MKEY = 'sk-mgmt-doctor-0123456789abcdef';
const AKEY = 'sk-api-doctor-0123456789abcdef';
const STEPS = ['profile', 'dns', 'proxy', 'tcp', 'tls', 'management_key', 'api_key', 'clock'];

/** The gateway's answer to GET /byok: a management key is served, an API key refused (403), any other 401. */
function gateway(req: Seen, headers: Record<string, string> = {}): Reply {
  if (req.key === 'management') return { body: { data: [] }, headers };
  if (req.key === 'api') return { status: 403, body: envelope(403, 'only management keys may perform this operation'), headers };
  return { status: 401, body: envelope(401, 'missing or invalid key'), headers };
}

let certs: TestCertificates | undefined;
let front: ScriptedServer;
let proxies: CompanyProxies | undefined;
let proxy: TestProxy;
let guarded: TestProxy;
let forbidding: TestProxy;
beforeAll(async () => {
  certs = makeCertificates(HOST);
  if (!certs) return;
  front = await startServer((req) => gateway(req), { keys: { management: MKEY, api: AKEY }, tls: { key: certs.key, cert: certs.cert } });
  proxies = await startCompanyProxies(HOST, 'user:pass');
  ({ open: proxy, guarded, forbidding } = proxies);
});
afterAll(async () => {
  await Promise.all([front?.close(), proxies?.close()]);
});
beforeEach(({ skip }) => {
  if (!certs) skip('openssl is not installed');
  front.reset();
});

interface Step {
  name: string;
  status: 'ok' | 'fail' | 'skip';
  detail: string;
  ms: number;
}

const doctor = async (env: Record<string, string | undefined>, args: string[] = ['--json']) => {
  const r = await runGwctl(['doctor', ...args], {
    env: {
      GWCTL_BASE_URL: `https://${HOST}:${front.port}/api/v1`,
      GWCTL_MANAGEMENT_KEY: MKEY,
      GWCTL_API_KEY: AKEY,
      NODE_EXTRA_CA_CERTS: certs!.caFile,
      HTTPS_PROXY: proxy.url,
      ...env,
    },
  });
  expectNoCrash(r.stderr);
  return r;
};
const stepsOf = (stdout: string): Step[] => (JSON.parse(stdout) as { steps: Step[] }).steps;
const statuses = (steps: Step[]) => Object.fromEntries(steps.map((s) => [s.name, s.status]));
const detailOf = (steps: Step[], name: string) => steps.find((s) => s.name === name)!.detail;

describe('gwctl doctor', () => {
  it('a good setup through a proxy and a private CA: every step ok, exit 0, the contract shape', async () => {
    const r = await doctor({});
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const steps = stepsOf(r.stdout);
    expect(steps.map((s) => s.name)).toEqual(STEPS);
    for (const s of steps) {
      expect(Object.keys(s)).toEqual(['name', 'status', 'detail', 'ms']);
      expect(s.status).toBe('ok');
      expect(Number.isInteger(s.ms) && s.ms >= 0).toBe(true);
    }
    expect(detailOf(steps, 'profile')).toBe(
      `profile default (default); base URL https://${HOST}:${front.port}/api/v1 (environment); management key from GWCTL_MANAGEMENT_KEY; API key from GWCTL_API_KEY`,
    );
    expect(detailOf(steps, 'dns')).toBe(`${HOST} is resolved by the proxy; the proxy's host 127.0.0.1: 127.0.0.1`);
    expect(detailOf(steps, 'proxy')).toBe(`the proxy http://127.0.0.1:${proxy.port} (HTTPS_PROXY) reached`);
    expect(detailOf(steps, 'management_key')).toBe('accepted as a management key, from GWCTL_MANAGEMENT_KEY');
    expect(detailOf(steps, 'api_key')).toBe('accepted as an API key, from GWCTL_API_KEY');
    // No key went out before TLS: the first request the gateway saw carried none.
    expect(front.requests.map((q) => q.key)).toEqual(['none', 'management', 'api']);
  });

  it('piped, one line a step: name, status, detail, milliseconds', async () => {
    const r = await doctor(
      { HTTPS_PROXY: undefined, NO_PROXY: undefined, GWCTL_BASE_URL: front.baseUrl, GWCTL_CA_FILE: certs!.caFile },
      [],
    );
    // Straight to 127.0.0.1, whose certificate is for another name: TLS fails, and the steps after it are not taken.
    expect(r.code).toBe(1);
    const lines = r.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t').slice(0, 3).join('\t'));
    expect(lines.slice(2)).toEqual([
      'proxy\tskip\tnone: no proxy variable is set',
      `tcp\tok\tconnected to 127.0.0.1:${front.port} (127.0.0.1:${front.port})`,
      expect.stringMatching(/^tls\tfail\tthe TLS certificate of 127\.0\.0\.1:\d+ is for another host name: .*ERR_TLS_CERT_ALTNAME_INVALID/),
      'management_key\tskip\tthe tls step failed',
      'api_key\tskip\tthe tls step failed',
      'clock\tskip\tthe tls step failed',
    ]);
    expect(r.stderr).toMatch(
      /^gwctl: doctor: the tls step failed: the TLS certificate of 127\.0\.0\.1:\d+ is for another host name: .*; check the host name of the base URL\n$/,
    );
    expect(front.requests).toEqual([]);
  });

  it('a closed port: tcp fails, exit 7, the rest skipped', async () => {
    const port = await closedPort();
    const r = await doctor({ HTTPS_PROXY: undefined, GWCTL_BASE_URL: `http://127.0.0.1:${port}/api/v1` });
    expect(r.code).toBe(7);
    const steps = stepsOf(r.stdout);
    expect(statuses(steps)).toEqual({
      profile: 'ok',
      dns: 'ok',
      proxy: 'skip',
      tcp: 'fail',
      tls: 'skip',
      management_key: 'skip',
      api_key: 'skip',
      clock: 'skip',
    });
    expect(detailOf(steps, 'tcp')).toBe(`connection refused (127.0.0.1:${port})`);
    expect(JSON.parse(r.stderr)).toMatchObject({
      error: { message: `doctor: the tcp step failed: connection refused (127.0.0.1:${port})` },
    });
  });

  it('a refused key: its step fails with the hint of a 401, exit 4; the other key is still checked', async () => {
    const r = await doctor({ GWCTL_MANAGEMENT_KEY: 'sk-mgmt-revoked-0123456789abcdef' });
    expect(r.code).toBe(4);
    const steps = stepsOf(r.stdout);
    expect(statuses(steps)).toMatchObject({ tls: 'ok', management_key: 'fail', api_key: 'ok', clock: 'ok' });
    expect(detailOf(steps, 'management_key')).toBe('refused by the API (HTTP 401), from GWCTL_MANAGEMENT_KEY');
    expect(r.stderr).not.toContain('sk-mgmt-revoked');
  });

  it('a proxy that asks for credentials: the proxy step fails, exit 4; one that forbids the host: exit 1', async () => {
    const auth = await doctor({ HTTPS_PROXY: guarded.url });
    expect(auth.code).toBe(4);
    const steps = stepsOf(auth.stdout);
    expect(statuses(steps)).toMatchObject({ dns: 'ok', proxy: 'fail', tcp: 'skip', tls: 'skip', management_key: 'skip' });
    expect(detailOf(steps, 'proxy')).toBe(
      `the proxy http://127.0.0.1:${guarded.port} (HTTPS_PROXY) asks for credentials (407 Proxy Authentication Required)`,
    );
    const forbidden = await doctor({ HTTPS_PROXY: forbidding.url });
    expect(forbidden.code).toBe(1);
    expect(detailOf(stepsOf(forbidden.stdout), 'proxy')).toBe(
      `the proxy http://127.0.0.1:${forbidding.port} (HTTPS_PROXY) refused to connect to ${HOST}:${front.port} (HTTP 403)`,
    );
    expect(front.requests).toEqual([]);
  });

  it('a proxy that is down: the proxy step fails, exit 7', async () => {
    const port = await closedPort();
    const r = await doctor({ HTTPS_PROXY: `http://127.0.0.1:${port}` });
    expect(r.code).toBe(7);
    expect(detailOf(stepsOf(r.stdout), 'proxy')).toBe(`connection refused (the proxy http://127.0.0.1:${port} (HTTPS_PROXY))`);
  });

  it('a server clock 10 minutes off: the clock step fails, exit 1', async () => {
    const ahead = new Date(Date.now() + 10 * 60_000).toUTCString();
    front.handle((req) => gateway(req, { date: ahead }));
    const r = await doctor({});
    expect(r.code).toBe(1);
    const steps = stepsOf(r.stdout);
    expect(statuses(steps)).toMatchObject({ management_key: 'ok', api_key: 'ok', clock: 'fail' });
    expect(detailOf(steps, 'clock')).toMatch(
      new RegExp(`^this machine's clock is (59\\d|60\\d) s behind the server's \\(the server's Date: ${ahead}\\)$`),
    );
  });

  it('is listed by help --json, with the variables it reads among the environment', async () => {
    const r = await runGwctl(['help', '--json']);
    const help = JSON.parse(r.stdout) as { commands: { path: string; examples: string[] }[]; environment: { name: string }[] };
    expect(help.commands.find((c) => c.path === 'doctor')?.examples).toContain('gwctl doctor');
    const names = help.environment.map((e) => e.name);
    for (const name of ['HTTPS_PROXY', 'HTTP_PROXY', 'ALL_PROXY', 'NO_PROXY', 'GWCTL_CA_FILE', 'NODE_EXTRA_CA_CERTS'])
      expect(names).toContain(name);
  });

  it('without a proxy variable the gateway name does not resolve: dns fails, exit 1 (a name that does not exist is no passing failure)', async () => {
    const r = await doctor({ HTTPS_PROXY: undefined });
    expect(r.code).toBe(1);
    expect(detailOf(stepsOf(r.stdout), 'dns')).toBe(`host not found (${HOST})`);
  });
});

describe('gwctl doctor describes the way actually taken', () => {
  const closed = async () => `http://127.0.0.1:${await closedPort()}`;

  it('--sandbox with proxy variables set: no proxy (its server runs inside gwctl), every step ok', async () => {
    const url = await closed();
    const r = await runGwctl(['doctor', '--sandbox', '--json'], { env: { HTTP_PROXY: url, HTTPS_PROXY: url, ALL_PROXY: url } });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const steps = stepsOf(r.stdout);
    expect(detailOf(steps, 'proxy')).toBe('none: the sandbox runs inside gwctl');
    expect(detailOf(steps, 'dns')).toBe('127.0.0.1: 127.0.0.1');
  });

  it('a base URL on this machine with proxy variables set: no proxy, and the variable that would have applied is not blamed', async () => {
    const plain = await startServer((req) => gateway(req), { keys: { management: MKEY, api: AKEY } });
    try {
      const url = await closed();
      const r = await doctor({ GWCTL_BASE_URL: plain.baseUrl, HTTP_PROXY: url, HTTPS_PROXY: url, ALL_PROXY: url });
      expect(r).toMatchObject({ code: 0, stderr: '' });
      expect(detailOf(stepsOf(r.stdout), 'proxy')).toBe('none: plain http (sent only to this machine) never goes through a proxy');
    } finally {
      await plain.close();
    }
  });

  it('NO_PROXY naming the host: the step says which variable decided', async () => {
    const r = await doctor({ no_proxy: HOST });
    expect(detailOf(stepsOf(r.stdout), 'proxy')).toBe(`none: no_proxy names ${HOST}`);
  });

  it('a proxy that drops the connection after CONNECT: doctor ends within --timeout, exit 7, naming the proxy (was a hang)', async () => {
    const dropping = await startProxy({ dropConnect: true });
    try {
      const r = await runGwctl(['doctor', '--json', '--timeout', '2'], {
        env: { GWCTL_BASE_URL: `https://${HOST}:${front.port}/api/v1`, GWCTL_MANAGEMENT_KEY: MKEY, HTTPS_PROXY: dropping.url },
      });
      expect(r.code).toBe(7);
      expect(r.ms).toBeLessThan(2_000 + 5_000);
      const steps = stepsOf(r.stdout);
      expect(statuses(steps)).toMatchObject({ proxy: 'ok', tcp: 'fail', tls: 'skip', management_key: 'skip' });
      expect(detailOf(steps, 'tcp')).toBe(`no answer from ${HOST}:${front.port} through the proxy ${dropping.url} (HTTPS_PROXY) within 2s`);
      expect(front.requests).toEqual([]);
    } finally {
      await dropping.close();
    }
  });
});

describe("a firewall's 403 page is not the API's word on a key", () => {
  const FIREWALL = '<html><body><h1>403 Forbidden</h1>Blocked by the company firewall</body></html>';
  let firewall: ScriptedServer;
  beforeAll(async () => {
    firewall = await startServer(() => ({ status: 403, headers: { 'content-type': 'text/html' }, body: FIREWALL }));
  });
  afterAll(async () => {
    await firewall?.close();
  });

  it('doctor: the key steps fail with what came back, never "accepted as an API key"', async () => {
    const r = await doctor({ GWCTL_BASE_URL: firewall.baseUrl, HTTPS_PROXY: undefined });
    expect(r.code).toBe(4);
    const steps = stepsOf(r.stdout);
    expect(statuses(steps)).toMatchObject({ management_key: 'fail', api_key: 'fail' });
    for (const name of ['management_key', 'api_key']) {
      expect(detailOf(steps, name)).toBe(`Forbidden (text/html): "${FIREWALL}" (HTTP 403, not an answer of the gateway's API)`);
    }
    expect(r.stdout).not.toContain('accepted');
  });

  it('auth login --api-key: not stored, with what came back', async () => {
    const dir = tempConfigDir();
    const r = await runGwctl(['auth', 'login', '--with-token', '--insecure-storage', '--api-key', '--base-url', firewall.baseUrl], {
      configDir: dir,
      input: `${AKEY}\n`,
    });
    expectNoCrash(r.stderr);
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      `gwctl: could not check the key, so it was not stored: Forbidden (text/html): "${FIREWALL}" (HTTP 403, not an answer of the gateway's API); ` +
        'try again, or store it unchecked with --no-verify\n',
    );
    expect(r.stderr).not.toContain('Stored');
    expect(existsSync(path.join(dir, 'config.json'))).toBe(false);
  });
});
