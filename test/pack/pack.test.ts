// The published package: `npm pack` holds the bundle, the bin, the completions, README,
// LICENSE and the bundled code's licences, and nothing of the sources or tests; unpacked
// alone (no node_modules anywhere) it runs; installed by npm with its runtime dependencies
// only, offline from npm's cache as `npm ci` left it, it runs from node_modules/.bin.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../kit/spawn.js';

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  license: string;
  bin: Record<string, string>;
  engines: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  man?: string[];
};

function hasNpm(): boolean {
  return spawnSync('npm', ['--version'], { stdio: 'ignore' }).status === 0;
}
const npmMissing = hasNpm() ? undefined : 'npm is not on PATH';
if (npmMissing) console.log(`skipping the package tests: ${npmMissing}`);

interface Packed {
  filename: string;
  integrity: string;
  files: { path: string; mode: number }[];
}

const work = mkdtempSync(path.join(os.tmpdir(), 'gwctl-pack-'));
let packed: Packed;
let tarball: string;
/** The tarball's contents, extracted as they are (`package/...`). */
let unpacked: string;

function npm(args: readonly string[], cwd: string): string {
  // Scripts are not run: packing must not rebuild dist/ under the other tests' feet (the test
  // setup built it), and the install below must need no build step.
  const result = spawnSync('npm', [...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

function run(file: string, args: readonly string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const env = {
    PATH: [path.dirname(process.execPath), '/usr/bin', '/bin'].join(path.delimiter),
    HOME: cwd,
    GWCTL_CONFIG_DIR: mkdtempSync(path.join(work, 'config-')),
  };
  const result = spawnSync(file, [...args], { cwd, env, encoding: 'utf8', timeout: 30_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  if (npmMissing) return;
  const out = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], ROOT);
  packed = (JSON.parse(out) as Packed[])[0]!;
  tarball = path.join(work, packed.filename);
  unpacked = mkdtempSync(path.join(work, 'unpacked-'));
  execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(npmMissing)(`npm pack${npmMissing ? ` (skipped: ${npmMissing})` : ''}`, () => {
  it('holds the bundle, bin, completions, manual pages, README, LICENSE and licences, and nothing else', () => {
    expect(packed.filename).toBe(`${pkg.name}-${pkg.version}.tgz`);
    const paths = packed.files.map((f) => f.path).sort();
    const chunks = paths.filter((p) => p.startsWith('dist/chunks/'));
    expect(paths.filter((p) => !p.startsWith('dist/chunks/'))).toEqual(
      [
        'LICENSE',
        'README.md',
        'bin/gwctl.js',
        'completions/_gwctl',
        'completions/gwctl.bash',
        'completions/gwctl.fish',
        'dist/THIRD_PARTY_LICENSES.txt',
        'dist/main.js',
        'package.json',
        ...(pkg.man ?? []).map((page) => page.replace(/^\.\//, '')),
      ].sort(),
    );
    expect(chunks.length).toBeGreaterThan(0);
    // Code, and the --jq engine's WebAssembly beside the chunk that loads it.
    for (const chunk of chunks) expect(chunk).toMatch(/^dist\/chunks\/([\w-]+\.js|jq\.wasm)$/);
    expect(chunks).toContain('dist/chunks/jq.wasm');
    // Exactly the chunks of this build.
    expect(chunks.map((c) => c.slice('dist/chunks/'.length)).sort()).toEqual(readdirSync(path.join(ROOT, 'dist', 'chunks')).sort());
  });

  it('names every bundled package and its licence in dist/THIRD_PARTY_LICENSES.txt', () => {
    const notices = readFileSync(path.join(unpacked, 'package', 'dist', 'THIRD_PARTY_LICENSES.txt'), 'utf8');
    // The libraries gwctl runs on are bundled into dist/; the one dependency is the credential
    // store's native add-on, which cannot be bundled (loaded only for a key kept in the store).
    expect(pkg.dependencies).toEqual({ '@napi-rs/keyring': pkg.devDependencies['@napi-rs/keyring'] ?? '2.1.2' });
    const bundled = ['@inquirer/prompts', 'chalk', 'cli-table3', 'commander', 'conf', 'ora', 'undici', 'zod'];
    for (const dep of bundled) {
      const version = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', dep, 'package.json'), 'utf8')).version as string;
      expect(notices).toContain(`${dep}@${version}\n`);
    }
    expect(notices).toMatch(/Permission is hereby granted/);
  });

  it('ships the completion scripts gwctl prints', () => {
    for (const name of ['gwctl.bash', '_gwctl', 'gwctl.fish']) {
      expect(readFileSync(path.join(unpacked, 'package', 'completions', name), 'utf8')).toBe(
        readFileSync(path.join(ROOT, 'completions', name), 'utf8'),
      );
    }
  });

  it('runs from the unpacked tarball alone: the bundle needs no node_modules', () => {
    // No node_modules folder on the way up, so nothing could be resolved from outside the package.
    for (let dir = unpacked; dir !== path.dirname(dir); dir = path.dirname(dir))
      expect(existsSync(path.join(dir, 'node_modules'))).toBe(false);
    const bin = path.join(unpacked, 'package', pkg.bin.gwctl!);
    expect(run(process.execPath, [bin, '--version'], unpacked)).toEqual({ code: 0, stdout: `gwctl ${pkg.version}\n`, stderr: '' });
    const list = run(process.execPath, [bin, '--sandbox', 'interns', 'ls', '--limit', '2'], unpacked);
    expect(list.code).toBe(0);
    expect(list.stdout.trimEnd().split('\n')).toHaveLength(2);
    // The hint repeats --sandbox: pasted, it goes where this run went.
    expect(list.stderr).toMatch(
      /^More interns exist: gwctl interns ls --limit 2 --starting-after \S+ --sandbox \(or --all for every page\)\n$/,
    );
  });

  it('installs with npm, runtime dependencies only and offline, and runs from node_modules/.bin', () => {
    // A project that depends on the tarball, locked to the same runtime dependencies as this
    // repository (so `npm ci` needs only the tarballs npm's cache holds after `npm ci` here).
    const project = mkdtempSync(path.join(work, 'install-'));
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; dev?: boolean; devOptional?: boolean }>;
    };
    const packages: Record<string, unknown> = {
      '': { name: 'gwctl-install-check', dependencies: { gwctl: `file:${packed.filename}` } },
      'node_modules/gwctl': {
        version: pkg.version,
        resolved: `file:${packed.filename}`,
        integrity: packed.integrity,
        license: pkg.license,
        dependencies: pkg.dependencies,
        bin: pkg.bin,
        engines: pkg.engines,
      },
    };
    for (const [key, entry] of Object.entries(lock.packages)) {
      if (!key || entry.dev || entry.devOptional) continue;
      // This repository's lock leaves out tarball URLs; npm finds a tarball in its cache by the
      // integrity, whatever the URL, and needs no registry metadata once it has one.
      const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
      packages[key] = { resolved: `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${entry.version}.tgz`, ...entry };
    }
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'gwctl-install-check', private: true, dependencies: { gwctl: `file:${packed.filename}` } }),
    );
    writeFileSync(
      path.join(project, 'package-lock.json'),
      JSON.stringify({ name: 'gwctl-install-check', lockfileVersion: 3, requires: true, packages }),
    );
    execFileSync('cp', [tarball, project]);
    npm(['ci', '--offline', '--omit=dev', '--no-audit', '--no-fund'], project);

    const modules = readdirSync(path.join(project, 'node_modules'));
    for (const dev of Object.keys(pkg.devDependencies)) expect(modules).not.toContain(dev.split('/')[0]);
    expect(modules).toContain('gwctl');
    const bin = path.join(project, 'node_modules', '.bin', 'gwctl');
    expect(run(bin, ['--version'], project)).toEqual({ code: 0, stdout: `gwctl ${pkg.version}\n`, stderr: '' });
    const list = run(bin, ['--sandbox', 'interns', 'ls', '--limit', '2', '--json'], project);
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as { data: unknown[] }).data).toHaveLength(2);
    const completion = run(bin, ['completion', 'zsh'], project);
    expect(completion.stdout).toBe(readFileSync(path.join(ROOT, 'completions', '_gwctl'), 'utf8'));
  });

  it('installs globally with its manual pages: man finds gwctl and each command', () => {
    // No runtime dependencies, so a global install from the tarball needs nothing from a registry.
    const prefix = mkdtempSync(path.join(work, 'global-'));
    npm(['install', '-g', '--offline', '--no-audit', '--no-fund', '--prefix', prefix, tarball], work);
    const manDir = path.join(prefix, 'share', 'man');
    expect(pkg.man?.length).toBeGreaterThan(1);
    for (const page of pkg.man ?? []) expect(existsSync(path.join(manDir, 'man1', path.basename(page))), page).toBe(true);
    const found = spawnSync('man', ['-M', manDir, '-w', 'gwctl'], { encoding: 'utf8' });
    if (found.error) return; // no man(1) here: the files above are what it would find
    // npm links the page into share/man; man names the file the link leads to.
    expect(realpathSync(found.stdout.trim())).toBe(realpathSync(path.join(manDir, 'man1', 'gwctl.1')));
  });
});
