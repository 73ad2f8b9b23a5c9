// Changes to config.json never lose one another: many real gwctl processes at once on one config
// folder (same profile and different ones; login, logout, set, unset) and readers beside them;
// a writer killed with SIGKILL while it holds the lock; a folder that cannot be written; a file
// that is not JSON. Every change that exited 0 is in the file afterwards.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, expectNoCrash, gwctlCommand, runGwctl, tempConfigDir, testEnv, type RunResult } from '../kit/spawn.js';

const fileOf = (dir: string) => path.join(dir, 'config.json');
const readFile = (dir: string) => JSON.parse(readFileSync(fileOf(dir), 'utf8')) as { profiles: Record<string, Record<string, unknown>> };
const keyOf = (name: string) => `sk-conc-${name}-0123456789abcdef`;
const DEFAULT_ORIGIN = 'https://openrouter.ai';

interface Job {
  args: string[];
  input?: string;
}
const login = (profile: string, key: string, ...extra: string[]): Job => ({
  args: ['auth', 'login', '--with-token', '--insecure-storage', '--no-verify', '--profile', profile, ...extra],
  input: `${key}\n`,
});
const set = (profile: string, key: string, value: string): Job => ({ args: ['config', 'set', key, value, '--profile', profile] });
const unset = (profile: string, key: string): Job => ({ args: ['config', 'unset', key, '--profile', profile] });
const logout = (profile: string): Job => ({ args: ['auth', 'logout', '--profile', profile] });

describe('many gwctl processes changing one config file at once', () => {
  // Generous limits: 25 processes starting at once on two busy cores take a while; a lost change
  // is what fails this test, not slowness.
  it('every change that exited 0 is in the file, and no reader failed', { timeout: 300_000 }, async () => {
    const dir = tempConfigDir();
    // Profiles the run removes things from.
    writeFileSync(
      fileOf(dir),
      JSON.stringify({
        profiles: {
          shared: { 'base-url': 'https://old.example.com/api/v1', retries: 1 },
          leaving: { 'management-key': keyOf('leaving'), 'api-key': keyOf('leaving-api'), workspace: 'stays' },
        },
      }),
      { mode: 0o600 },
    );
    const writers: Job[] = [];
    const expected: Record<string, Record<string, unknown>> = {
      shared: { workspace: 'shared-ws', timeout: 45, 'management-key': keyOf('shared'), 'api-key': keyOf('shared-api') },
      leaving: { workspace: 'stays' },
    };
    // Each on its own profile: a login and two settings.
    for (let i = 0; i < 6; i++) {
      const profile = `p${i}`;
      writers.push(login(profile, keyOf(profile)), set(profile, 'workspace', `ws-${i}`), set(profile, 'retries', String(i)));
      expected[profile] = { 'management-key': keyOf(profile), 'management-key-origin': DEFAULT_ORIGIN, workspace: `ws-${i}`, retries: i };
    }
    // All on one profile: different fields changed, one removed, two keys stored.
    writers.push(
      set('shared', 'workspace', 'shared-ws'),
      set('shared', 'timeout', '45'),
      unset('shared', 'base-url'),
      unset('shared', 'retries'),
      login('shared', keyOf('shared')),
      login('shared', keyOf('shared-api'), '--api-key'),
      logout('leaving'),
    );
    const readers: Job[] = [];
    for (let i = 0; i < 6; i++) readers.push({ args: ['config', 'list', '--json', '--profile', i % 2 ? 'shared' : `p${i}`] });
    expect(writers.length).toBeGreaterThanOrEqual(16);

    const all = [...writers, ...readers].map((job) => runGwctl(job.args, { configDir: dir, input: job.input ?? '', timeoutMs: 240_000 }));
    const results = await Promise.all(all);
    const failed = results
      .map((r, i) => ({ r, job: [...writers, ...readers][i]! }))
      .filter(({ r }) => r.code !== 0)
      .map(({ r, job }) => `${job.args.join(' ')}: exit ${r.code} ${r.stderr}`);
    expect(failed).toEqual([]);
    for (const r of results) expectNoCrash(r.stderr);
    // Readers saw whole files (config list --json prints an object).
    for (const r of results.slice(writers.length))
      if (r.stdout.startsWith('{')) expect(() => JSON.parse(r.stdout) as unknown).not.toThrow();

    // A key is bound to the origin of the base URL its login saw, before or after the unset.
    const profiles = readFile(dir).profiles;
    for (const field of ['management-key-origin', 'api-key-origin']) {
      expect([DEFAULT_ORIGIN, 'https://old.example.com']).toContain(profiles.shared![field]);
      delete profiles.shared![field];
    }
    expect(profiles).toEqual(expected);
    expect(statSync(fileOf(dir)).mode & 0o777).toBe(0o600);
    // No lock or temp file is left behind.
    expect(existsSync(`${fileOf(dir)}.lock`)).toBe(false);
  });
});

describe('a writer killed while it holds the lock', () => {
  it('does not block later runs: its lock is taken over as stale and their changes land', { timeout: 60_000 }, async () => {
    const dir = tempConfigDir();
    // What a writer killed with SIGKILL while holding the lock leaves: the lock folder, last
    // refreshed when it died. (A writer cannot be made to stop under the lock from outside any
    // more: the config file is read without blocking, and a FIFO is refused before the lock.)
    writeFileSync(fileOf(dir), '{"profiles":{}}', { mode: 0o600 });
    const lockDir = `${fileOf(dir)}.lock`;
    mkdirSync(lockDir);

    const runs: RunResult[] = await Promise.all([
      runGwctl(['config', 'set', 'workspace', 'after-kill'], { configDir: dir, timeoutMs: 30_000 }),
      runGwctl(['config', 'set', 'timeout', '12', '--profile', 'other'], { configDir: dir, timeoutMs: 30_000 }),
    ]);
    for (const r of runs)
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: expect.stringMatching(/^Set /) as unknown });
    expect(readFile(dir).profiles).toEqual({ default: { workspace: 'after-kill' }, other: { timeout: 12 } });
    expect(existsSync(lockDir)).toBe(false);
  });
});

// As root, folder modes do not apply: the unwritable-folder run is made as the unprivileged
// user "nobody". That user must reach gwctl: a clone inside a folder other users cannot enter
// (as `mktemp -d` makes) gets a copy of the built gwctl (bin/, dist/: it needs no node_modules)
// in a folder nobody may enter; a runtime nobody cannot run skips the test, saying so.
const asRoot = process.getuid?.() === 0;
const NOBODY = { uid: 65534, gid: 65534 };
const nobodyMay = (test: '-r' | '-x', file: string) => spawnSync('test', [test, file], NOBODY).status === 0;
const [program, ...lead] = gwctlCommand();
const nobodyCannotRun =
  asRoot && !nobodyMay('-x', program) ? `the user nobody cannot run ${program} (a folder on its path is closed to other users)` : undefined;

/** gwctl's command line for this test's run: as it is, or (as root) a copy nobody can read when it cannot read this one. */
function gwctlNobodyReaches(): { command: string[]; done: () => void } {
  if (!asRoot || lead[0] !== BIN || nobodyMay('-r', BIN)) return { command: [program, ...lead], done: () => {} };
  const copy = mkdtempSync(path.join(os.tmpdir(), 'gwctl-copy-'));
  chmodSync(copy, 0o755);
  for (const part of ['bin', 'dist', 'package.json']) cpSync(path.join(ROOT, part), path.join(copy, part), { recursive: true });
  return { command: [program, path.join(copy, path.relative(ROOT, BIN))], done: () => rmSync(copy, { recursive: true, force: true }) };
}

describe('a config folder or file gwctl cannot use', () => {
  it.skipIf(nobodyCannotRun)(
    `a folder this user cannot write to: one clear line, exit 1, the file unchanged${nobodyCannotRun ? ` (skipped: ${nobodyCannotRun})` : ''}`,
    () => {
      // With a folder (and file) the user may read but not write.
      const gwctl = gwctlNobodyReaches();
      const base = mkdtempSync(path.join(os.tmpdir(), 'gwctl-ro-'));
      chmodSync(base, 0o755);
      const dir = path.join(base, 'config');
      mkdirSync(dir, { mode: 0o755 });
      writeFileSync(fileOf(dir), JSON.stringify({ profiles: { default: { workspace: 'kept' } } }), { mode: 0o644 });
      if (!asRoot) chmodSync(dir, 0o555);
      try {
        const [file, ...args] = gwctl.command;
        const r = spawnSync(file!, [...args, 'config', 'set', 'workspace', 'new'], {
          env: testEnv({ HOME: base }, dir),
          encoding: 'utf8',
          ...(asRoot ? NOBODY : {}),
        });
        expectNoCrash(r.stderr);
        expect({ code: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
          code: 1,
          stdout: '',
          stderr: `gwctl: cannot write the config file ${fileOf(dir)}: permission denied; check that ${dir} is writable, or point GWCTL_CONFIG_DIR elsewhere\n`,
        });
        expect(readFile(dir).profiles).toEqual({ default: { workspace: 'kept' } });
        expect(readdirSync(dir)).toEqual(['config.json']);
      } finally {
        chmodSync(dir, 0o755);
        rmSync(base, { recursive: true, force: true });
        gwctl.done();
      }
    },
  );

  it('a file that is not JSON: refused, exit 2, left as it was', async () => {
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(fileOf(dir), '{"profiles": {"default": {"workspace": "half', { mode: 0o600 });
    for (const job of [set('default', 'workspace', 'x'), login('default', keyOf('x')), logout('default')]) {
      const r = await runGwctl(job.args, { configDir: dir, input: job.input ?? '' });
      expectNoCrash(r.stderr);
      expect(r).toMatchObject({
        code: 2,
        stdout: '',
        stderr: `gwctl: the config file ${fileOf(dir)} is not valid JSON; fix or remove it, then run gwctl auth login again\n`,
      });
    }
    expect(readFileSync(fileOf(dir), 'utf8')).toBe('{"profiles": {"default": {"workspace": "half');
    expect(existsSync(`${fileOf(dir)}.lock`)).toBe(false);
  });
});
