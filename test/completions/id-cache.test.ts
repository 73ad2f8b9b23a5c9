// The local cache of recently printed ids: where it lives, how long an id is offered, what is
// never stored, and that `interns ls` / `batches get` fill it without changing their output.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheDir } from '../../src/config/paths.js';
import { cacheFile, ID_TTL_MS, MAX_IDS, recentIds as recent, rememberIds } from '../../src/completions/id-cache.js';
import { gwctl } from '../kit/cli.js';
import { tempConfigDir } from '../kit/spawn.js';
import { useSandbox } from '../kit/sandbox.js';

const T0 = Date.parse('2026-11-01T12:00:00Z');

/** The ids offered, without their names. */
const recentIds = (...args: Parameters<typeof recent>): string[] => recent(...args).map((e) => e.id);

describe('id cache', () => {
  it('lives in GWCTL_CONFIG_DIR/cache, else XDG_CACHE_HOME/gwctl, else ~/.cache/gwctl', () => {
    expect(cacheDir({ GWCTL_CONFIG_DIR: '/x/conf', XDG_CACHE_HOME: '/x/cache', HOME: '/h' })).toBe('/x/conf/cache');
    expect(cacheDir({ XDG_CACHE_HOME: '/x/cache', HOME: '/h' })).toBe('/x/cache/gwctl');
    if (process.platform === 'linux') expect(cacheDir({ HOME: '/h' })).toBe('/h/.cache/gwctl');
    expect(cacheFile({ GWCTL_CONFIG_DIR: '/x/conf' }, 'intern')).toBe('/x/conf/cache/intern-ids.json');
  });

  it('is never relative: a relative XDG_CACHE_HOME is ignored, and with an empty HOME there is none', () => {
    if (process.platform === 'linux') expect(cacheDir({ XDG_CACHE_HOME: 'rel', HOME: '/h' })).toBe('/h/.cache/gwctl');
    expect(cacheDir({ HOME: '' })).toBeUndefined();
    expect(cacheDir({ HOME: 'rel' })).toBeUndefined();
    rememberIds({ HOME: '' }, 'intern', ['a1'], T0);
    expect(recentIds({ HOME: '' }, 'intern', T0)).toEqual([]);
  });

  it('offers ids for ten minutes, newest first, without repeats', () => {
    const env = { GWCTL_CONFIG_DIR: tempConfigDir() };
    rememberIds(env, 'intern', ['a1', 'a2'], T0);
    rememberIds(env, 'intern', ['b1', 'a1'], T0 + 60_000);
    expect(recentIds(env, 'intern', T0 + 120_000)).toEqual(['b1', 'a1', 'a2']);
    // a2 was remembered at T0 only; a1 and b1 again a minute later.
    expect(recentIds(env, 'intern', T0 + ID_TTL_MS)).toEqual(['b1', 'a1']);
    expect(recentIds(env, 'intern', T0 + 60_000 + ID_TTL_MS)).toEqual([]);
    expect(recentIds(env, 'batch', T0)).toEqual([]);
  });

  it('writes a private file, and keeps at most MAX_IDS ids', () => {
    const env = { GWCTL_CONFIG_DIR: tempConfigDir() };
    const many = Array.from({ length: MAX_IDS + 50 }, (_, i) => `id-${i}`);
    rememberIds(env, 'intern', many, T0);
    const ids = recentIds(env, 'intern', T0);
    expect(ids).toHaveLength(MAX_IDS);
    expect(ids[0]).toBe('id-0');
    expect(statSync(cacheFile(env, 'intern')!).mode & 0o777).toBe(0o600);
    expect(statSync(cacheDir(env)!).mode & 0o777).toBe(0o700);
  });

  it('never stores an id a shell could expand or that could move the cursor', () => {
    const env = { GWCTL_CONFIG_DIR: tempConfigDir() };
    rememberIds(env, 'batch', ['$(touch pwned)', 'a b', '`x`', 'ok\u001b[2J', '', 'batch_ok-1.2:3'], T0);
    expect(recentIds(env, 'batch', T0)).toEqual(['batch_ok-1.2:3']);
    // Nor offers one that reached the file some other way.
    writeFileSync(cacheFile(env, 'batch')!, JSON.stringify({ version: 1, entries: [{ id: '$(id)', at: T0 }, { id: 'fine', at: T0 }] }));
    expect(recentIds(env, 'batch', T0)).toEqual(['fine']);
  });

  it("keeps each id's name beside it, on one line and cut short", () => {
    const env = { GWCTL_CONFIG_DIR: tempConfigDir() };
    rememberIds(env, 'intern', [{ id: 'a1', name: 'billing-bot' }, { id: 'a2', name: `evil\u001b[2J\nname${'x'.repeat(60)}` }, { id: 'a3', name: '' }, 'a4'], T0);
    expect(recent(env, 'intern', T0)).toEqual([
      { id: 'a1', name: 'billing-bot' },
      { id: 'a2', name: `evil\\e[2J\\nname${'x'.repeat(24)}…` },
      { id: 'a3' },
      { id: 'a4' },
    ]);
    // A name written into the file some other way is made safe when read.
    writeFileSync(cacheFile(env, 'intern')!, JSON.stringify({ version: 1, entries: [{ id: 'b1', name: 'x\u0007y', at: T0 }] }));
    expect(recent(env, 'intern', T0)).toEqual([{ id: 'b1', name: 'x\\x07y' }]);
  });

  it('treats a broken or unreadable file as empty, and never throws when it cannot write', () => {
    const env = { GWCTL_CONFIG_DIR: tempConfigDir() };
    mkdirSync(cacheDir(env)!);
    writeFileSync(cacheFile(env, 'intern')!, '{"version":1,"entries":');
    expect(recentIds(env, 'intern', T0)).toEqual([]);
    rememberIds(env, 'intern', ['x1'], T0);
    expect(recentIds(env, 'intern', T0)).toEqual(['x1']);
    const blocked = { GWCTL_CONFIG_DIR: tempConfigDir() };
    writeFileSync(path.join(blocked.GWCTL_CONFIG_DIR, 'cache'), 'a file where the folder should be');
    expect(() => rememberIds(blocked, 'intern', ['x1'], T0)).not.toThrow();
    expect(recentIds(blocked, 'intern', T0)).toEqual([]);
  });
});

describe('commands that fill the cache', () => {
  const sandbox = useSandbox();

  it('interns ls remembers the ids it printed, in order', async () => {
    const dir = tempConfigDir();
    const run = await gwctl(['interns', 'ls', '--limit', '4'], { configDir: dir, env: sandbox().env() });
    expect(run.code).toBe(0);
    const printed = run.stdout.trim().split('\n').map((line) => line.split('\t')[0]);
    expect(printed).toHaveLength(4);
    expect(recentIds({ GWCTL_CONFIG_DIR: dir }, 'intern')).toEqual(printed);
  });

  it('interns ls --json remembers them too', async () => {
    const dir = tempConfigDir();
    const run = await gwctl(['interns', 'ls', '--limit', '2', '--json'], { configDir: dir, env: sandbox().env() });
    expect(run.code).toBe(0);
    const listed = JSON.parse(run.stdout).data as { id: string; name: string }[];
    expect(recent({ GWCTL_CONFIG_DIR: dir }, 'intern')).toEqual(listed.map(({ id, name }) => ({ id, name })));
  });

  it('batches get remembers the id it showed; a batch that is not found is not remembered', async () => {
    const sb = sandbox();
    const dir = tempConfigDir();
    const id = sb.examples.batches.completed!;
    expect((await gwctl(['batches', 'get', id], { configDir: dir, env: sb.env() })).code).toBe(0);
    expect((await gwctl(['batches', 'get', 'batch_doesnotexist'], { configDir: dir, env: sb.env() })).code).toBe(5);
    expect(recentIds({ GWCTL_CONFIG_DIR: dir }, 'batch')).toEqual([id]);
  });

  it('a cache that cannot be written does not fail the listing', async () => {
    const dir = tempConfigDir();
    writeFileSync(path.join(dir, 'cache'), '');
    chmodSync(path.join(dir, 'cache'), 0o400);
    const run = await gwctl(['interns', 'ls', '--limit', '1'], { configDir: dir, env: sandbox().env() });
    expect(run.code).toBe(0);
    // Only the paging hint: no warning, no error.
    expect(run.stderr).toMatch(/^More interns exist: [^\n]*\n$/);
    expect(run.stdout.split('\n')).toHaveLength(2);
    expect(existsSync(path.join(dir, 'config.json'))).toBe(false);
    expect(readFileSync(path.join(dir, 'cache'), 'utf8')).toBe('');
  });
});
