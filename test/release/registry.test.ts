// The npm package through a real npm registry: Verdaccio on loopback (it needs Node 22 or later,
// so it is no dependency of the checkout: scripts/fetch-verdaccio.mjs installs it into
// .cache/verdaccio/, and it runs on one of the Node binaries in .cache/node/), with an uplink to the registry this
// machine's npm is configured with. The packed tarball is published to it, then
// `npm install -g gwctl` into a fresh prefix and `npx gwctl@<version>`, each with an empty npm
// cache: the runtime dependency comes through the uplink, and npm says nothing about install
// scripts (the package has none).
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without types
import { packRelease as untypedPack } from '../../scripts/release/npm-package.mjs';
import { ROOT } from '../kit/spawn.js';

const packRelease = untypedPack as (root: string, destination: string, options?: { build?: boolean }) => string;

const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

/** A Node that can run Verdaccio (22 or later): this one, or one fetched into .cache/node/. */
function verdaccioNode(): string | undefined {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  return ['24', '22', '26'].map((major) => path.join(ROOT, '.cache', 'node', major, 'bin', 'node')).find((file) => existsSync(file));
}
const node = verdaccioNode();
const VERDACCIO = path.join(ROOT, '.cache', 'verdaccio', 'node_modules', 'verdaccio', 'bin', 'verdaccio');
const skipped =
  spawnSync('npm', ['--version'], { stdio: 'ignore' }).error !== undefined
    ? 'npm is not on PATH'
    : !node
      ? 'Verdaccio needs Node 22 or later: run node scripts/fetch-node.mjs 24'
      : !existsSync(VERDACCIO)
        ? 'Verdaccio is not installed: run node scripts/fetch-verdaccio.mjs'
        : undefined;
if (skipped) console.log(`skipping the registry tests: ${skipped}`);

const work = mkdtempSync(path.join(os.tmpdir(), 'gwctl-registry-'));
let server: ChildProcess | undefined;
let registry = '';
let npmrc = '';
let tarball = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** npm (or npx) with the test's npmrc and an empty cache of its own. */
function npm(args: string[], cwd: string, program: 'npm' | 'npx' = 'npm'): Promise<Ran> {
  const cache = mkdtempSync(path.join(work, 'cache-'));
  const env = {
    PATH: [path.dirname(process.execPath), process.env.PATH ?? '/usr/bin:/bin'].join(path.delimiter),
    HOME: work,
    npm_config_userconfig: npmrc,
    npm_config_cache: cache,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
  return new Promise((resolve) => {
    execFile(program, args, { cwd, env, encoding: 'utf8', timeout: 180_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  if (skipped) return;
  // The registry npm on this machine is set up with: Verdaccio's uplink.
  const upstream = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).stdout.trim();
  const port = await freePort();
  registry = `http://127.0.0.1:${port}/`;
  const config = path.join(work, 'verdaccio.yaml');
  writeFileSync(
    config,
    [
      `storage: ${JSON.stringify(path.join(work, 'storage'))}`,
      'auth:',
      '  htpasswd:',
      `    file: ${JSON.stringify(path.join(work, 'htpasswd'))}`,
      '    max_users: 1',
      'uplinks:',
      '  upstream:',
      `    url: ${JSON.stringify(upstream)}`,
      '    timeout: 60s',
      'packages:',
      "  'gwctl':",
      '    access: $all',
      '    publish: $authenticated',
      "  '**':",
      '    access: $all',
      '    proxy: upstream',
      'web:',
      '  enable: false',
      'log: { type: stdout, format: json, level: warn }',
      '',
    ].join('\n'),
  );
  server = spawn(node!, [VERDACCIO, '--config', config, '--listen', `127.0.0.1:${port}`], {
    cwd: work,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ping = await fetch(`${registry}-/ping`).catch(() => undefined);
    if (ping?.ok) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`Verdaccio did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // A user of the registry, and npm's settings to publish as them.
  const added = await fetch(`${registry}-/user/org.couchdb.user:publisher`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'publisher', password: 'release-test-password' }),
  });
  expect(added.status).toBe(201);
  const { token } = (await added.json()) as { token: string };
  npmrc = path.join(work, 'npmrc');
  writeFileSync(npmrc, `registry=${registry}\n//127.0.0.1:${port}/:_authToken=${token}\n`);

  // The package as released (npm pack; the test setup built dist/, so no script runs).
  tarball = packRelease(ROOT, work, { build: false });
  const published = await npm(['publish', tarball, '--ignore-scripts'], work);
  expect(published.code, published.stderr).toBe(0);
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const ended = new Promise((resolve) => server!.once('exit', resolve));
    server.kill();
    await ended;
  }
  rmSync(work, { recursive: true, force: true });
});

/** npm's warnings, one per line. */
const warnings = (stderr: string) => stderr.split('\n').filter((line) => /\bwarn\b/i.test(line));

describe.skipIf(skipped)(`the npm package through a registry (Verdaccio)${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  it('npm install -g gwctl: from an empty cache, into a fresh prefix, with no warning; the runtime dependency comes through the uplink', async () => {
    const prefix = mkdtempSync(path.join(work, 'prefix-'));
    const installed = await npm(['install', '-g', '--prefix', prefix, 'gwctl'], work);
    expect(installed.code, installed.stderr).toBe(0);
    expect(warnings(installed.stderr)).toEqual([]);
    expect(installed.stderr).not.toMatch(/install script|allow-scripts|allowScripts/i);
    const bin = path.join(prefix, 'bin', 'gwctl');
    const ran = spawnSync(bin, ['--version'], {
      encoding: 'utf8',
      env: { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: work },
    });
    expect({ code: ran.status, stdout: ran.stdout, stderr: ran.stderr }).toEqual({ code: 0, stdout: `gwctl ${version}\n`, stderr: '' });
    const info = spawnSync(bin, ['version', '--json'], {
      encoding: 'utf8',
      env: { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: work },
    });
    expect(JSON.parse(info.stdout)).toMatchObject({ version, executable: false });
    // The credential store add-on, installed beside it, fetched by Verdaccio from its uplink.
    expect(existsSync(path.join(prefix, 'lib', 'node_modules', 'gwctl', 'node_modules', '@napi-rs', 'keyring', 'package.json'))).toBe(true);
    expect(existsSync(path.join(work, 'storage', '@napi-rs', 'keyring'))).toBe(true);
  });

  it('npm install -g of the downloaded tarball: no warning about install scripts either', async () => {
    // npm 11 names a package's prepare script among the install scripts it has not been allowed
    // to run when the package is a file (a registry's copy is never prepared).
    const prefix = mkdtempSync(path.join(work, 'prefix-'));
    const installed = await npm(['install', '-g', '--prefix', prefix, tarball], work);
    expect(installed.code, installed.stderr).toBe(0);
    expect(warnings(installed.stderr)).toEqual([]);
    const ran = spawnSync(path.join(prefix, 'bin', 'gwctl'), ['--version'], { encoding: 'utf8' });
    expect(ran.stdout).toBe(`gwctl ${version}\n`);
  });

  it('npx gwctl@<version>: from an empty cache, in an empty folder', async () => {
    const folder = mkdtempSync(path.join(work, 'empty-'));
    mkdirSync(path.join(folder, 'sub'));
    const ran = await npm(['--yes', `gwctl@${version}`, '--version'], path.join(folder, 'sub'), 'npx');
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toBe(`gwctl ${version}\n`);
    expect(warnings(ran.stderr)).toEqual([]);
  });

  it('the registry serves the published manifest with the fields its page shows', async () => {
    const manifest = (await (await fetch(`${registry}gwctl`)).json()) as {
      versions: Record<string, Record<string, unknown>>;
    };
    const published = manifest.versions[version]!;
    expect(published).toMatchObject({
      name: 'gwctl',
      version,
      license: 'MIT',
      bin: { gwctl: 'bin/gwctl.js' },
      engines: { node: expect.stringMatching(/^>=20/) },
      repository: { type: 'git', url: expect.stringMatching(/^git\+https:\/\//) },
    });
    // No script npm would run on install.
    const scripts = (published.scripts ?? {}) as Record<string, string>;
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) expect(scripts, hook).not.toHaveProperty(hook);
  });
});
