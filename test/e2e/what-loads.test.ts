// What a command loads, as a process. The build leaves out of `gwctl ... get` the Node modules it
// never uses (scripts/lazy-requires.mjs, the prompter's lazy stdin): these tests fail if one comes
// back. node:http is one of them, so Node's header-size limit, which it would have supplied, is
// checked here too, with and without --max-http-header-size.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ScriptedServer, startServer } from '../kit/server.js';
import { expectNoCrash, runGwctl } from '../kit/spawn.js';

const KEY = 'sk-api-what-loads-0123456789abcdef';
const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const BODY = { id: INTERN, name: 'scribe', status: 'running' };

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer(() => ({ body: BODY }));
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const GET = ['interns', 'get', INTERN, '--json', '--retries', '0'];
/** gwctl against the scripted server, with `env` over the test environment. */
const run = (args: readonly string[], env: Record<string, string> = {}) =>
  runGwctl(args, { env: { GWCTL_BASE_URL: server.baseUrl, GWCTL_API_KEY: KEY, ...env } });
const get = (env: Record<string, string> = {}) => run(GET, env);

describe("Node's limit on response headers (16 KiB unless Node is told otherwise)", () => {
  const bigHeaders = () => server.handle(() => ({ headers: { 'x-padding': 'a'.repeat(20_000) }, body: BODY }));

  it('headers over the limit: one line that says so, exit 1 (not retried: it would come back the same)', async () => {
    bigHeaders();
    const r = await get();
    expectNoCrash(r.stderr);
    expect(r.stdout).toBe('');
    const message = `the response headers are larger than Node's --max-http-header-size (16 KiB by default) (${new URL(server.baseUrl).host})`;
    expect(r.stderr).toBe(`${JSON.stringify({ error: { status: null, message, exit_code: 1 } })}\n`);
    expect(r.code).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it('NODE_OPTIONS=--max-http-header-size raises it, as it does for any Node program', async () => {
    bigHeaders();
    const r = await get({ NODE_OPTIONS: '--max-http-header-size=65536' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(BODY);
    expect(r.code).toBe(0);
  });
});

// Node's own list of the built-in modules it loaded, written when the process exits (a preload
// through NODE_OPTIONS, which the standalone binary honours as well).
describe('what a get loads', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gwctl-loads-'));
  const preload = path.join(dir, 'list-modules.cjs');
  const list = path.join(dir, 'modules.txt');
  // Native add-ons are not in that list: every process.dlopen is added to it as `dlopen <file>`.
  writeFileSync(
    preload,
    `const loaded = [];\n` +
      `const dlopen = process.dlopen;\n` +
      `process.dlopen = function (module, file, ...rest) { loaded.push('dlopen ' + file); return dlopen.call(this, module, file, ...rest); };\n` +
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, [...process.moduleLoadList, ...loaded].join('\\n')));\n`,
  );

  // What a get or help never uses (Node 20 loads readline and fs/promises for any ES module: the
  // baseline below takes them out there).
  const UNUSED = [
    'http',
    'child_process',
    'dgram',
    'readline',
    'internal/readline/interface',
    'internal/fs/promises',
    'internal/fs/streams',
    'http2',
    'tls',
  ];

  const modulesOf = async (args: string[], env: Record<string, string> = {}, code = 0): Promise<string[]> => {
    const r = await run(args, { NODE_OPTIONS: `--require ${preload}`, ...env });
    if (code === 0) expect(r.stderr).toBe('');
    expect(r.code).toBe(code);
    return readFileSync(list, 'utf8').split('\n');
  };

  it('a get with JSON output: no node:http, child processes, readline, fs/promises or TLS', async () => {
    // What Node loads by itself to run an ES module differs by line (Node 20's loader reads files
    // through fs/promises): `--version`, which loads one small module, is the baseline.
    const baseline = new Set(await modulesOf(['--version']));
    const loaded = await modulesOf(GET);
    // The list proves itself: it holds what the request needs.
    expect(loaded).toContain('NativeModule net');
    const extra = UNUSED.map((name) => `NativeModule ${name}`).filter((entry) => loaded.includes(entry) && !baseline.has(entry));
    expect(extra).toEqual([]);
  });

  it('--help into a pipe: none of them either (the file streams come with the ES module facade of node:fs)', async () => {
    const baseline = new Set(await modulesOf(['--version']));
    const loaded = await modulesOf(['--help']);
    // On a pipe, stdout is a socket.
    expect(loaded).toContain('NativeModule net');
    const extra = UNUSED.map((name) => `NativeModule ${name}`).filter((entry) => loaded.includes(entry) && !baseline.has(entry));
    expect(extra).toEqual([]);
  });

  it("a key from the environment loads no native add-on, even when the profile's other key is in the credential store", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gwctl-loads-config-'));
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ profiles: { default: { 'management-key-keychain': true } } }), {
      mode: 0o600,
    });
    // A bus address that leads nowhere: reaching for the store would load the add-on.
    const env = { GWCTL_CONFIG_DIR: dir, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/gwctl-bus' };
    const loaded = await modulesOf(GET, env);
    expect(loaded.filter((entry) => entry.startsWith('dlopen '))).toEqual([]);
    expect(loaded).not.toContain('NativeModule child_process');
    // The same profile's management key, which is in the store: the add-on loads (and the store
    // does not answer: exit 4). This shows the list would name the add-on.
    const keyed = await modulesOf(['endpoints', 'get', INTERN, '--retries', '0'], { ...env, GWCTL_API_KEY: '' }, 4);
    expect(keyed.filter((entry) => entry.startsWith('dlopen ')).length).toBe(1);
  });
});
