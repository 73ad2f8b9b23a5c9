// Every input gwctl reads is bounded and cannot hold it: a config file that is a FIFO or a device
// is refused at once (not read for ever, nor blocking Ctrl-C); a key on stdin past 64 KiB and an
// id list past 8 MiB are refused with exit 2, having read only a little past the bound.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedServer, startServer } from '../kit/server.js';
import { expectNoCrash, gwctlCommand, runGwctl, testEnv } from '../kit/spawn.js';

/** gwctl with stdin read from `stdinPath` (a device, a file), killed after 10 s; its code, stderr and time. */
function runFrom(stdinPath: string, args: readonly string[]): Promise<{ code: number | null; stderr: string; ms: number }> {
  const input = openSync(stdinPath, 'r');
  const [program, ...lead] = gwctlCommand();
  const began = Date.now();
  const child = spawn(program, [...lead, ...args], { env: testEnv(), stdio: [input, 'ignore', 'pipe'] });
  closeSync(input);
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stderr, ms: Date.now() - began });
    });
  });
}

/** A config folder whose config.json is what `make` puts at the path it is given. */
function configWith(make: (file: string) => void): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gwctl-cfg-'));
  make(path.join(dir, 'config.json'));
  return dir;
}

describe('the config file', () => {
  it.each([
    ['a FIFO nobody writes to', (file: string) => void execFileSync('mkfifo', [file]), 'a FIFO'],
    ['/dev/zero', (file: string) => symlinkSync('/dev/zero', file), 'a device'],
  ])('%s: refused at once, exit 2', async (_, make, kind) => {
    const dir = configWith(make);
    const r = await runGwctl(['config', 'list'], { configDir: dir, timeoutMs: 5_000 });
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toBe(`gwctl: cannot read the config file ${path.join(dir, 'config.json')}: it is ${kind}, not a file\n`);
    expect(r.ms).toBeLessThan(3_000);
  });

  it('larger than 1 MiB: refused, exit 2', async () => {
    const dir = configWith((file) => writeFileSync(file, `{"profiles":{},"pad":"${'x'.repeat(1024 * 1024)}"}`));
    const r = await runGwctl(['config', 'list'], { configDir: dir });
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toBe(
      `gwctl: the config file ${path.join(dir, 'config.json')} is larger than 1 MiB; fix or remove it, then run gwctl auth login again\n`,
    );
  });
});

describe('stdin', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startServer(() => ({ body: { suspended: true } }));
  });
  afterAll(() => server.close());

  it('auth login --with-token < /dev/zero: refused past 64 KiB, exit 2, quickly', async () => {
    const r = await runFrom('/dev/zero', ['auth', 'login', '--with-token', '--no-verify']);
    expectNoCrash(r.stderr);
    expect(r).toMatchObject({ code: 2, stderr: 'gwctl: standard input holds more than 64 KiB, more than any key; pipe in only the key\n' });
    expect(r.ms).toBeLessThan(5_000);
  });

  it('interns suspend - with more than 8 MiB of ids: exit 2, nothing sent', async () => {
    const ids = Array.from({ length: 240_000 }, (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`).join('\n');
    const r = await runGwctl(['interns', 'suspend', '-', '--yes', '--base-url', server.baseUrl], {
      input: ids,
      env: { GWCTL_MANAGEMENT_KEY: 'sk-mgmt-bounded-0123456789' },
    });
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'gwctl: the ids on standard input are more than 8 MiB; give fewer at a time\n',
    });
    expect(server.requests).toHaveLength(0);
  });
});
