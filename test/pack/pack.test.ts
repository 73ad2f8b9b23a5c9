// The published package: `npm pack` holds the bundle, the bin, the completions, README,
// LICENSE and the bundled code's licences, and nothing of the sources or tests; unpacked
// alone (no node_modules anywhere) it runs; installed by npm with its runtime dependencies
// only, it runs from node_modules/.bin. npm installs from a registry on 127.0.0.1 that this
// test serves from the packages in this repository's node_modules, into an empty cache of its
// own: so the test holds on a new machine, whatever npm's own cache holds, and needs no network.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** npm with its own empty cache and no user settings, so nothing outside this test answers it. */
function npmEnv(): Record<string, string | undefined> {
  const userconfig = path.join(work, 'npmrc');
  writeFileSync(userconfig, '');
  return {
    ...process.env,
    npm_config_update_notifier: 'false',
    npm_config_cache: path.join(work, 'npm-cache'),
    npm_config_userconfig: userconfig,
    ...(registry ? { npm_config_registry: registry.url } : {}),
  };
}

function npm(args: readonly string[], cwd: string): string {
  // Scripts are not run: packing must not rebuild dist/ under the other tests' feet (the test
  // setup built it), and the install below must need no build step.
  const result = spawnSync('npm', [...args], { cwd, encoding: 'utf8', env: npmEnv(), timeout: 120_000 });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** npm without blocking this process, which serves the registry npm installs from. */
function npmAsync(args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('npm', [...args], { cwd, encoding: 'utf8', env: npmEnv(), timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`npm ${args.join(' ')} failed (${String(error.code)}):\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

interface Registry {
  url: string;
  /** The names npm asked for, each once. */
  asked: Set<string>;
  close(): Promise<void>;
}
let registry: Registry | undefined;

/**
 * A registry holding gwctl's runtime dependencies as this repository installed them: each
 * package under node_modules/ that is a runtime dependency (or one of its own, such as the
 * add-on's build for this platform), packed by npm. Any other name is a 404, as the add-on's
 * builds for other platforms are: npm leaves out an optional dependency it cannot get.
 */
async function serveRuntimeDependencies(): Promise<Registry> {
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
  };
  const tarballs = path.join(work, 'registry');
  mkdirSync(tarballs);
  const manifests = new Map<string, Record<string, unknown>>();
  const files = new Map<string, Buffer>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    const folder = path.join(ROOT, key);
    if (!key || entry.dev || entry.devOptional || !existsSync(folder)) continue;
    const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as Record<string, unknown>;
    const out = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', tarballs, folder], work)) as Packed[];
    const file = `${manifest.name as string}-${manifest.version as string}.tgz`.replace('/', '-');
    files.set(file, readFileSync(path.join(tarballs, out[0]!.filename)));
    manifests.set(manifest.name as string, manifest);
  }
  const asked = new Set<string>();
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').slice(1));
    asked.add(name);
    const tarball = files.get(name.replace(/^-\//, ''));
    if (tarball) return void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(tarball);
    const manifest = manifests.get(name);
    if (!manifest) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
    const version = manifest.version as string;
    const file = `${name}-${version}.tgz`.replace('/', '-');
    const bytes = files.get(file)!;
    const dist = {
      tarball: `${url}-/${file}`,
      integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
      shasum: createHash('sha1').update(bytes).digest('hex'),
    };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ name, 'dist-tags': { latest: version }, versions: { [version]: { ...manifest, dist } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, asked, close: () => new Promise((resolve) => server.close(() => resolve())) };
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

beforeAll(async () => {
  if (npmMissing) return;
  registry = await serveRuntimeDependencies();
  const out = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], ROOT);
  packed = (JSON.parse(out) as Packed[])[0]!;
  tarball = path.join(work, packed.filename);
  unpacked = mkdtempSync(path.join(work, 'unpacked-'));
  execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
});

afterAll(async () => {
  await registry?.close();
  rmSync(work, { recursive: true, force: true });
});

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

  it('without the credential store add-on, says in one line that it is not installed and keeps the key in the file', () => {
    // A session bus address, so that gwctl tries the store (the add-on fails to load before any D-Bus call).
    const bin = path.join(unpacked, 'package', pkg.bin.gwctl!);
    const config = mkdtempSync(path.join(work, 'config-'));
    const result = spawnSync(process.execPath, [bin, 'auth', 'login', '--with-token', '--no-verify'], {
      cwd: unpacked,
      env: { PATH: '/usr/bin:/bin', HOME: unpacked, GWCTL_CONFIG_DIR: config, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' },
      input: 'sk-addon-0123456789abcdef\n',
      encoding: 'utf8',
    });
    expect({ code: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({
      code: 0,
      stdout: '',
      stderr:
        'gwctl: warning: no credential store answered (the credential store add-on (@napi-rs/keyring) is not installed); storing the key in the config file instead\n' +
        `Stored the management key sk-add…cdef for profile "default" in ${path.join(config, 'config.json')}; it is sent only to https://openrouter.ai\n`,
    });
  });

  it('installs with npm, runtime dependencies only, and runs from node_modules/.bin', async () => {
    const project = mkdtempSync(path.join(work, 'install-'));
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'gwctl-install-check', private: true, dependencies: { gwctl: `file:${packed.filename}` } }),
    );
    execFileSync('cp', [tarball, project]);
    await npmAsync(['install', '--omit=dev', '--no-audit', '--no-fund'], project);

    // What npm asked the registry for: the runtime dependency and its builds, nothing of the devDependencies.
    expect([...registry!.asked].filter((name) => !name.startsWith('-/') && !name.startsWith('@napi-rs/'))).toEqual([]);
    expect(registry!.asked).toContain('@napi-rs/keyring');
    const modules = readdirSync(path.join(project, 'node_modules'));
    for (const dev of Object.keys(pkg.devDependencies)) expect(modules).not.toContain(dev.split('/')[0]);
    expect(modules).toContain('gwctl');
    expect(existsSync(path.join(project, 'node_modules', '@napi-rs', 'keyring', 'package.json'))).toBe(true);
    const bin = path.join(project, 'node_modules', '.bin', 'gwctl');
    expect(run(bin, ['--version'], project)).toEqual({ code: 0, stdout: `gwctl ${pkg.version}\n`, stderr: '' });
    const list = run(bin, ['--sandbox', 'interns', 'ls', '--limit', '2', '--json'], project);
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as { data: unknown[] }).data).toHaveLength(2);
    const completion = run(bin, ['completion', 'zsh'], project);
    expect(completion.stdout).toBe(readFileSync(path.join(ROOT, 'completions', '_gwctl'), 'utf8'));
  });

  it("the README's quick start puts gwctl on PATH as written, in a fresh HOME, after npm ci", async () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const quickStart = readme.slice(readme.indexOf('## Quick start'));
    const [install, use] = /^```sh\n([\s\S]*?)^```$/m.exec(quickStart)![1]!.trimEnd().split('\n');
    // npm ci has run (it built what the tarball holds); the lines run in a package folder of its
    // own (the unpacked tarball), so that npm pack writes nothing into this checkout.
    expect(install).toMatch(/^npm install -g /);
    const home = mkdtempSync(path.join(work, 'home-'));
    const shell = (line: string) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const env = {
          ...npmEnv(),
          PATH: [path.dirname(process.execPath), '/usr/bin', '/bin'].join(path.delimiter),
          HOME: home,
          GWCTL_CONFIG_DIR: path.join(home, 'config'),
          npm_config_ignore_scripts: 'true',
        };
        execFile(
          'bash',
          ['-c', line],
          { cwd: path.join(unpacked, 'package'), env, encoding: 'utf8', timeout: 120_000 },
          (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
        );
      });
    // Before the set-up, the shell has no gwctl.
    expect((await shell('command -v gwctl')).code).not.toBe(0);
    const installed = await shell(install!.replace(/ +#.*$/, ''));
    expect(installed.code, installed.stderr).toBe(0);
    const ran = await shell(use!);
    expect(ran.stderr).not.toMatch(/not found/);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^ID\tNAME|^[0-9a-f-]{36}\t/);
  });

  it('installs globally with its manual pages: man finds gwctl and each command', async () => {
    const prefix = mkdtempSync(path.join(work, 'global-'));
    await npmAsync(['install', '-g', '--no-audit', '--no-fund', '--prefix', prefix, tarball], work);
    expect(existsSync(path.join(prefix, 'lib', 'node_modules', 'gwctl', 'node_modules', '@napi-rs', 'keyring'))).toBe(true);
    const manDir = path.join(prefix, 'share', 'man');
    expect(pkg.man?.length).toBeGreaterThan(1);
    for (const page of pkg.man ?? []) expect(existsSync(path.join(manDir, 'man1', path.basename(page))), page).toBe(true);
    const found = spawnSync('man', ['-M', manDir, '-w', 'gwctl'], { encoding: 'utf8' });
    if (found.error) return; // no man(1) here: the files above are what it would find
    // npm links the page into share/man; man names the file the link leads to.
    expect(realpathSync(found.stdout.trim())).toBe(realpathSync(path.join(manDir, 'man1', 'gwctl.1')));
  });
});
