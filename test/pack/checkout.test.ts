// A fresh checkout as a new user sets it up, on Node 20 (the oldest line gwctl supports) with an
// empty npm cache, as the README's install steps say: `npm ci` prints no warning (no engine
// warning for a development tool that needs a newer Node, no install script left unreviewed);
// `npm pack` gives a tarball whose package.json carries no script, and leaves the checkout's as it
// was; installing that tarball prints no warning either (npm 11 names every install script it was
// not told to allow). The checkout is the files git knows here, copied as they are now. It needs
// the npm registry this machine's npm is set up with; skips, saying why, without it or Node 20.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../kit/spawn.js';

/** Node 20: this one, or the one fetched into .cache/node/20/. */
const node20 = process.versions.node.startsWith('20.')
  ? process.execPath
  : [path.join(ROOT, '.cache', 'node', '20', 'bin', 'node')].find(existsSync);
const registry = spawnSync('npm', ['view', 'esbuild@0.28.2', 'version'], { encoding: 'utf8', timeout: 60_000 });
const skipped = !node20
  ? 'Node 20 not fetched: run node scripts/fetch-node.mjs 20'
  : registry.status !== 0
    ? `the npm registry does not answer (${(registry.stderr || registry.error?.message || '').trim().split('\n')[0]})`
    : undefined;
if (skipped) console.log(`skipping the fresh checkout's install: ${skipped}`);

const GLOBAL_CONFIG = spawnSync('npm', ['config', 'get', 'globalconfig'], { encoding: 'utf8' }).stdout.trim();
const work = mkdtempSync(path.join(os.tmpdir(), 'gwctl-checkout-'));
afterAll(() => rmSync(work, { recursive: true, force: true }), 120_000);

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** npm on Node 20, in a fresh HOME, with an empty cache of its own (as CI's). */
function npm(args: string[], cwd: string): Promise<Ran> {
  const home = mkdtempSync(path.join(work, 'home-'));
  const env = {
    ...process.env,
    PATH: [path.dirname(node20!), process.env.PATH ?? '/usr/bin:/bin'].join(path.delimiter),
    HOME: home,
    npm_config_cache: path.join(home, 'npm-cache'),
    // This machine's npm settings (its registry, its certificates), which npm finds beside the Node it runs on.
    npm_config_globalconfig: GLOBAL_CONFIG,
    npm_config_update_notifier: 'false',
  };
  return new Promise((resolve) => {
    execFile('npm', args, { cwd, env, encoding: 'utf8', timeout: 400_000, maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** npm's warnings, one a line. */
const warnings = (stderr: string) => stderr.split('\n').filter((line) => /^npm warn/i.test(line));

describe.skipIf(skipped)(`a fresh checkout on Node 20${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  const checkout = path.join(work, 'gwctl');
  it(
    'npm ci prints no warning, npm pack gives a package.json without scripts, and its tarball installs with no warning',
    { timeout: 900_000 },
    async () => {
      const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' })
        .split('\0')
        .filter((file) => file !== '' && existsSync(path.join(ROOT, file)));
      for (const file of files) {
        mkdirSync(path.dirname(path.join(checkout, file)), { recursive: true });
        cpSync(path.join(ROOT, file), path.join(checkout, file));
      }
      const manifest = readFileSync(path.join(checkout, 'package.json'), 'utf8');
      // An old time, so that a pack that rewrote the file could not keep it by chance.
      const changed = new Date('2026-01-02T03:04:05Z');
      utimesSync(path.join(checkout, 'package.json'), changed, changed);

      const installed = await npm(['ci', '--no-audit', '--no-fund'], checkout);
      expect(installed.code, installed.stderr).toBe(0);
      expect(warnings(installed.stderr)).toEqual([]);
      expect(installed.stderr).not.toMatch(/EBADENGINE|install-scripts|allow-scripts/);
      expect(existsSync(path.join(checkout, 'dist', 'main.js'))).toBe(true);

      const packed = await npm(['pack', '--json', '--pack-destination', work], checkout);
      expect(packed.code, packed.stderr).toBe(0);
      const tarball = path.join(work, (JSON.parse(packed.stdout) as { filename: string }[])[0]!.filename);
      const released = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as Record<
        string,
        unknown
      >;
      expect(released).not.toHaveProperty('scripts');
      expect(released).not.toHaveProperty('allowScripts');
      expect(released).toMatchObject({ name: 'gwctl', bin: { gwctl: 'bin/gwctl.js' }, dependencies: expect.any(Object) });
      // The checkout's own package.json is as it was, its time too (an executable built before
      // the pack stays fresh: scripts/release/project.mjs), and nothing is left aside.
      expect(readFileSync(path.join(checkout, 'package.json'), 'utf8')).toBe(manifest);
      expect(statSync(path.join(checkout, 'package.json')).mtimeMs).toBe(changed.getTime());
      expect(existsSync(path.join(checkout, '.cache', 'pack')) ? readdirSync(path.join(checkout, '.cache', 'pack')) : []).toEqual([]);

      const prefix = path.join(work, 'prefix');
      const global = await npm(['install', '-g', '--prefix', prefix, tarball], work);
      expect(global.code, global.stderr).toBe(0);
      expect(warnings(global.stderr)).toEqual([]);
      const ran = spawnSync(node20!, [path.join(prefix, 'bin', 'gwctl'), '--version'], { encoding: 'utf8' });
      expect(ran.stdout).toBe(`gwctl ${JSON.parse(manifest).version as string}\n`);
    },
  );
});
