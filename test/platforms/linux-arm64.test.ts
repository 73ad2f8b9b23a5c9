// The Linux arm64 executable, run under qemu-aarch64-static: it answers its version, reads the
// sandbox, acts on several interns, writes its configuration, and ends a request at Ctrl-C with
// exit 130. It starts without a startup snapshot (that is specific to the platform that builds it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type SandboxHandle } from '../kit/sandbox.js';
import { startServer, type ScriptedServer } from '../kit/server.js';
import { tempConfigDir, until } from '../kit/spawn.js';
import { DIST_BIN, arm64Command, arm64Missing, runForeign, startForeign } from './foreign.js';

const EXE = path.join(DIST_BIN, 'gwctl-linux-arm64');
const missing = arm64Missing(EXE);
const { version } = JSON.parse(readFileSync(path.join(DIST_BIN, '..', 'package.json'), 'utf8')) as { version: string };
const KEY = 'sk-api-arm64-0123456789abcdef';
const id = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe.skipIf(missing)(`linux-arm64 executable under qemu${missing ? ` (skipped: ${missing})` : ''}`, { timeout: 180_000 }, () => {
  const gwctl = arm64Command(EXE);
  let sandbox: SandboxHandle;
  let server: ScriptedServer;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    server = await startServer();
  });
  afterAll(async () => {
    await sandbox.close();
    await server.close();
  });

  it('is an arm64 ELF executable and answers --version', async () => {
    const header = readFileSync(EXE).subarray(0, 20);
    expect(header.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
    expect(header.readUInt16LE(18)).toBe(183); // EM_AARCH64
    const run = await runForeign(gwctl, ['--version'], {});
    expect(run).toMatchObject({ code: 0, stdout: `gwctl ${version}\n`, stderr: '' });
  });

  it('reads the sandbox: one intern as JSON', async () => {
    const run = await runForeign(gwctl, ['interns', 'get', sandbox.examples.intern, '--json'], sandbox.env());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { id: string }).id).toBe(sandbox.examples.intern);
  });

  it('acts on several interns: each suspended, results in input order', async () => {
    server.reset();
    server.handle(() => ({ body: { suspended: true } }));
    const run = await runForeign(gwctl, ['interns', 'suspend', id(1), id(2), '--yes', '--base-url', server.baseUrl], {
      GWCTL_API_KEY: KEY,
      GWCTL_MANAGEMENT_KEY: KEY,
    });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(`${id(1)}\tsuspended\t0\n${id(2)}\tsuspended\t0\n`);
  });

  it('writes its configuration and reads it back', async () => {
    const dir = tempConfigDir();
    const set = await runForeign(gwctl, ['config', 'set', 'timeout', '42'], { GWCTL_CONFIG_DIR: dir });
    expect(set).toMatchObject({ code: 0, stderr: 'Set timeout for profile "default".\n' });
    const get = await runForeign(gwctl, ['config', 'get', 'timeout'], { GWCTL_CONFIG_DIR: dir });
    expect(get).toMatchObject({ code: 0, stdout: '42\n', stderr: '' });
  });

  it('Ctrl-C during a slow request: exit 130 and one line', async () => {
    server.reset();
    server.handle(() => ({ delayMs: 60_000, body: {} }));
    const run = startForeign(gwctl, ['interns', 'get', id(1), '--base-url', server.baseUrl], { GWCTL_API_KEY: KEY });
    await until(() => server.requests.length === 1, 120_000);
    run.kill('SIGINT');
    const result = await run.done;
    expect(result).toMatchObject({ code: 130, stdout: '', stderr: 'gwctl: interrupted\n' });
  });
});
