// `npm run release` (scripts/release.mjs) as a user of each file would check it: sha256sum -c,
// minisign -Vm with the key the release was signed with, mcpb validate and the bundle's server
// run as Claude Desktop runs it, the SBOM against what the files hold, Ruby on the Homebrew
// formula, and the Scoop and winget manifests against their documented fields.
//
// The release takes the executables of dist-bin/ that are newer than src/ (CI builds all four
// before the tests) and builds none: on a machine without them it is a release of the npm
// package alone, and the checks of the executables' manifests skip, saying so. npm's scripts are
// off, so packing does not rebuild dist/ under the other tests' feet (the test setup built it).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { startServer } from '../kit/server.js';
import { ROOT } from '../kit/spawn.js';
// @ts-expect-error: a build script in plain JavaScript, without types
import { freshExecutables } from '../../scripts/release/project.mjs';

const fresh = (freshExecutables as () => { file: string }[])();

const { name, version, license, description, mcpName } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  license: string;
  description: string;
  mcpName: string;
};
const BASE = `https://downloads.example.test/gwctl/v${version}`;
const EXECUTABLES = ['gwctl-linux-x64', 'gwctl-linux-arm64', 'gwctl-darwin-arm64', 'gwctl-win-x64.exe'];
const MCPB = path.join(ROOT, 'node_modules', '.bin', 'mcpb');
const MANAGEMENT_KEY = 'sk-mgmt-bundle-0123456789abcdef';

function has(program: string, ...args: string[]): boolean {
  return !spawnSync(program, args, { stdio: 'ignore' }).error;
}
const minisignMissing = has('minisign', '-v') ? undefined : 'minisign is not installed (apt-get install minisign)';
const npmMissing = has('npm', '--version') ? undefined : 'npm is not on PATH';

const work = mkdtempSync(path.join(os.tmpdir(), 'gwctl-release-test-'));
const out = path.join(work, 'release');
let key: { public: string; secret: string } | undefined;
let stderr = '';
let files: string[] = [];

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function release(args: string[], env: Record<string, string | undefined>) {
  return spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'release.mjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, npm_config_ignore_scripts: 'true', npm_config_update_notifier: 'false', ...env },
    timeout: 240_000,
  });
}

beforeAll(() => {
  if (npmMissing) return;
  if (!minisignMissing) {
    // A throwaway key pair, without a password.
    key = { public: path.join(work, 'test.pub'), secret: path.join(work, 'test.key') };
    const made = spawnSync('minisign', ['-G', '-W', '-p', key.public, '-s', key.secret], { encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
  }
  const result = release(['--executables=existing', `--out=${out}`], {
    GWCTL_RELEASE_URL: `${BASE}/`,
    GWCTL_RELEASE_KEY: key?.secret,
  });
  stderr = result.stderr;
  expect(result.status, result.stderr).toBe(0);
  files = readdirSync(out, { recursive: true, encoding: 'utf8' })
    .filter((file) => !file.endsWith('winget'))
    .sort();
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const present = () => EXECUTABLES.filter((file) => files.includes(file));
/** Why a check of `wanted`'s manifest skips: the release takes only executables newer than the sources. */
const noExecutable = (...wanted: string[]) =>
  fresh.some((e) => wanted.includes(e.file))
    ? undefined
    : ` (skipped: no ${wanted.join(' or ')} in dist-bin/ newer than src/ and package.json: npm run build:binaries)`;

describe.skipIf(npmMissing)(`npm run release${npmMissing ? ` (skipped: ${npmMissing})` : ''}`, () => {
  it('writes the package, the SBOM, the bundle, server.json, the sums and, with a key, their signature', () => {
    const expected = [
      `${name}-${version}.tgz`,
      `${name}-${version}.cdx.json`,
      `${name}-${version}.mcpb`,
      'server.json',
      'SHA256SUMS',
      ...(key ? ['SHA256SUMS.minisig'] : []),
    ];
    for (const file of expected) expect(files).toContain(file);
    const exes = present();
    if (exes.length) expect(files).toContain('LICENSES.txt');
    if (exes.some((file) => !file.endsWith('.exe'))) expect(files).toContain('gwctl.rb');
    if (exes.includes('gwctl-win-x64.exe')) {
      expect(files).toContain('gwctl.json');
      expect(files.filter((file) => file.startsWith('winget/'))).toHaveLength(3);
    }
    expect(stderr).toContain(`for downloads under ${BASE}\n`);
    expect(stderr).toContain(key ? 'release: signed: SHA256SUMS.minisig\n' : 'release: unsigned:');
  });

  it('SHA256SUMS names every other file, and sha256sum -c accepts them all', () => {
    const listed = readFileSync(path.join(out, 'SHA256SUMS'), 'utf8').trimEnd().split('\n');
    expect(listed.map((line) => line.split('  ')[1]).sort()).toEqual(files.filter((f) => !f.startsWith('SHA256SUMS')));
    for (const line of listed) expect(line).toMatch(/^[0-9a-f]{64} {2}\S+$/);
    const checked = spawnSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: out, encoding: 'utf8' });
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
    expect(checked.stdout.trimEnd().split('\n')).toHaveLength(listed.length);
  });

  it('sha256sum -c fails for a file changed after the release', () => {
    const copy = mkdtempSync(path.join(work, 'changed-'));
    writeFileSync(path.join(copy, 'server.json'), readFileSync(path.join(out, 'server.json'), 'utf8').replace(version, '9.9.9'));
    const line = readFileSync(path.join(out, 'SHA256SUMS'), 'utf8')
      .split('\n')
      .find((l) => l.endsWith('  server.json'))!;
    writeFileSync(path.join(copy, 'SHA256SUMS'), `${line}\n`);
    expect(spawnSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: copy, encoding: 'utf8' }).status).not.toBe(0);
  });

  describe.skipIf(minisignMissing)(`the signature${minisignMissing ? ` (skipped: ${minisignMissing})` : ''}`, () => {
    it('minisign -Vm accepts SHA256SUMS with the public key of the key that signed it', () => {
      const verified = spawnSync('minisign', ['-Vm', 'SHA256SUMS', '-p', key!.public], { cwd: out, encoding: 'utf8' });
      expect(verified.status, verified.stderr).toBe(0);
      expect(verified.stdout).toContain(`Trusted comment: gwctl ${version} SHA256SUMS`);
    });

    it('and refuses it with another key, or once it has changed', () => {
      const other = spawnSync('minisign', ['-Vm', 'SHA256SUMS', '-p', path.join(ROOT, 'release', 'minisign.pub')], { cwd: out });
      expect(other.status).not.toBe(0);
      const copy = mkdtempSync(path.join(work, 'tampered-'));
      copyFileSync(path.join(out, 'SHA256SUMS.minisig'), path.join(copy, 'SHA256SUMS.minisig'));
      writeFileSync(
        path.join(copy, 'SHA256SUMS'),
        readFileSync(path.join(out, 'SHA256SUMS'), 'utf8').replace(/^./, (c) => (c === '0' ? '1' : '0')),
      );
      expect(spawnSync('minisign', ['-Vm', 'SHA256SUMS', '-p', key!.public], { cwd: copy }).status).not.toBe(0);
    });
  });

  it("the project's public key is a minisign public key", () => {
    const lines = readFileSync(path.join(ROOT, 'release', 'minisign.pub'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^untrusted comment: /);
    // "Ed" then an 8-byte key id and a 32-byte Ed25519 key: 42 bytes, base64.
    expect(Buffer.from(lines[1]!, 'base64')).toHaveLength(42);
    expect(Buffer.from(lines[1]!, 'base64').subarray(0, 2).toString()).toBe('Ed');
    // docs/install.md's command to check a download carries the same key.
    const install = readFileSync(path.join(ROOT, 'docs', 'install.md'), 'utf8');
    expect(install).toContain(`minisign -Vm SHA256SUMS -P ${lines[1]!} `);
  });

  describe('the MCP bundle', () => {
    let unpacked: string;
    beforeAll(() => {
      unpacked = path.join(work, 'bundle');
      const result = spawnSync(MCPB, ['unpack', path.join(out, `${name}-${version}.mcpb`), unpacked], { encoding: 'utf8' });
      expect(result.status, result.stderr).toBe(0);
    });

    it('mcpb validate accepts its manifest, which points at the server entry and the icon it holds', () => {
      const validated = spawnSync(MCPB, ['validate', path.join(unpacked, 'manifest.json')], { encoding: 'utf8' });
      expect(validated.status, validated.stdout + validated.stderr).toBe(0);
      expect(validated.stdout).toContain('Manifest schema validation passes!');
      const manifest = JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as {
        version: string;
        icon: string;
        server: { type: string; entry_point: string; mcp_config: { command: string; args: string[]; env: Record<string, string> } };
        user_config: Record<string, { type: string }>;
      };
      expect(manifest.version).toBe(version);
      expect(existsSync(path.join(unpacked, manifest.icon))).toBe(true);
      expect(existsSync(path.join(unpacked, manifest.server.entry_point))).toBe(true);
      expect(manifest.server.mcp_config.args).toEqual([`\${__dirname}/${manifest.server.entry_point}`]);
      expect(manifest.user_config.profile?.type).toBe('string');
      expect(manifest.user_config.allow_destructive?.type).toBe('boolean');
    });

    it('its server serves the read tools, and the write tools too when changes are allowed', async () => {
      const tools = async (allow: string) => toolNames(path.join(unpacked, 'server', 'index.mjs'), allow);
      const [readOnly, writes] = await Promise.all([tools('false'), tools('true')]);
      expect(readOnly).toContain('interns_ls');
      expect(readOnly).not.toContain('interns_suspend');
      expect(writes).toEqual(expect.arrayContaining([...readOnly, 'interns_suspend', 'batches_delete', 'presets_create']));
    });

    it("sends the management key given in the bundle's settings; an empty one is no key", async () => {
      const gateway = await startServer(() => ({ body: { data: [], total_count: 0 } }), { keys: { management: MANAGEMENT_KEY } });
      const entry = path.join(unpacked, 'server', 'index.mjs');
      const call = async (key: string) => {
        const server = await bundleServer(
          entry,
          { GWCTL_MCPB_PROFILE: 'default', GWCTL_MCPB_ALLOW_DESTRUCTIVE: 'false', GWCTL_MCPB_MANAGEMENT_KEY: key },
          { GWCTL_BASE_URL: gateway.baseUrl },
        );
        try {
          return (await server.request('tools/call', { name: 'byok_ls', arguments: {} })) as { isError?: boolean; content: unknown };
        } finally {
          server.close();
        }
      };
      try {
        const listed = await call(MANAGEMENT_KEY);
        expect(listed.isError, JSON.stringify(listed.content)).toBeFalsy();
        expect(gateway.requests.map((request) => request.key)).toEqual(['management']);
        gateway.reset();
        // No key anywhere: the tool says so, and nothing reaches the gateway.
        expect((await call('')).isError).toBe(true);
        expect(gateway.requests).toEqual([]);
      } finally {
        await gateway.close();
      }
    });
  });

  it("server.json offers the npm package and the bundle, by this release's URL and checksum", () => {
    const server = JSON.parse(readFileSync(path.join(out, 'server.json'), 'utf8')) as {
      $schema: string;
      name: string;
      version: string;
      packages: { registryType: string; identifier: string; version: string; fileSha256?: string; transport: { type: string } }[];
    };
    expect(server.$schema).toMatch(/^https:\/\/static\.modelcontextprotocol\.io\/schemas\/[\d-]+\/server\.schema\.json$/);
    // The registry checks the npm package's mcpName against this name.
    expect(server.name).toBe(mcpName);
    expect(server.version).toBe(version);
    const [npm, bundle] = server.packages;
    expect(npm).toMatchObject({ registryType: 'npm', identifier: name, version, transport: { type: 'stdio' } });
    expect(bundle).toMatchObject({
      registryType: 'mcpb',
      identifier: `${BASE}/${name}-${version}.mcpb`,
      fileSha256: sha256(path.join(out, `${name}-${version}.mcpb`)),
    });
  });

  it('the SBOM is CycloneDX and names every package bundled into dist/ and the runtime dependency', () => {
    const sbom = JSON.parse(readFileSync(path.join(out, `${name}-${version}.cdx.json`), 'utf8')) as {
      bomFormat: string;
      specVersion: string;
      metadata: { component: { name: string; version: string } };
      components: { name: string; version: string; purl: string; type: string; properties: { name: string; value: string }[] }[];
    };
    expect(sbom.bomFormat).toBe('CycloneDX');
    expect(sbom.specVersion).toMatch(/^1\.\d$/);
    expect(sbom.metadata.component).toMatchObject({ name, version });
    const refs = new Set(sbom.components.map((c) => `${c.name}@${c.version}`));
    // What esbuild put into the bundle, as the build lists it with their licences.
    const notices = readFileSync(path.join(ROOT, 'dist', 'THIRD_PARTY_LICENSES.txt'), 'utf8').split('\n');
    const bundled = notices.filter((line, i) => notices[i + 1] === '-'.repeat(40));
    expect(bundled.length).toBeGreaterThan(20);
    for (const ref of bundled) expect(refs, ref).toContain(ref);
    for (const dep of ['commander', 'undici', 'zod', '@napi-rs/keyring'])
      expect(
        [...refs].some((r) => r.startsWith(`${dep}@`)),
        dep,
      ).toBe(true);
    // Nothing that is only a tool of this repository (the test runner, the linter, the bundler).
    for (const dev of ['vitest', 'eslint', 'esbuild', 'typescript', 'verdaccio'])
      expect(
        [...refs].some((r) => r.startsWith(`${dev}@`)),
        dev,
      ).toBe(false);
    for (const component of sbom.components) expect(component.purl).toMatch(/^pkg:(npm|generic)\//);
    if (present().length) expect(sbom.components.some((c) => c.type === 'platform' && c.name === 'node')).toBe(true);
    // Each executable carries its platform's credential store add-on.
    const addons: Record<string, string> = {
      'gwctl-linux-x64': 'keyring-linux-x64-gnu',
      'gwctl-linux-arm64': 'keyring-linux-arm64-gnu',
      'gwctl-darwin-arm64': 'keyring-darwin-arm64',
      'gwctl-win-x64.exe': 'keyring-win32-x64-msvc',
    };
    for (const file of present()) {
      const addon = sbom.components.find((c) => c.name === `@napi-rs/${addons[file]!}`);
      expect(addon?.properties.find((p) => p.name === 'gwctl:in')?.value, file).toMatch(/\bexecutables\b/);
    }
  });

  it.skipIf(noExecutable('gwctl-linux-x64', 'gwctl-linux-arm64', 'gwctl-darwin-arm64') || !has('ruby', '-v'))(
    `the Homebrew formula is Ruby (ruby -c) with each macOS and Linux executable's URL and checksum${noExecutable('gwctl-linux-x64', 'gwctl-linux-arm64', 'gwctl-darwin-arm64') ?? (has('ruby', '-v') ? '' : ' (skipped: ruby is not installed)')}`,
    () => {
      const formula = path.join(out, 'gwctl.rb');
      const checked = spawnSync('ruby', ['-c', formula], { encoding: 'utf8' });
      expect(checked.status, checked.stderr).toBe(0);
      expect(checked.stdout.trim()).toBe('Syntax OK');
      const text = readFileSync(formula, 'utf8');
      expect(text).toMatch(/^class Gwctl < Formula$/m);
      expect(text).toContain(`version "${version}"`);
      for (const file of present().filter((f) => !f.endsWith('.exe'))) {
        expect(text).toContain(`url "${BASE}/${file}"\n      sha256 "${sha256(path.join(out, file))}"`);
      }
    },
  );

  it.skipIf(noExecutable('gwctl-win-x64.exe'))(
    `the Scoop manifest is JSON with Scoop's fields, the Windows executable's URL and hash${noExecutable('gwctl-win-x64.exe') ?? ''}`,
    () => {
      const manifest = JSON.parse(readFileSync(path.join(out, 'gwctl.json'), 'utf8')) as Record<string, unknown>;
      // Scoop's documented manifest fields (its app manifest reference); nothing else.
      const known = [
        'version',
        'description',
        'homepage',
        'license',
        'architecture',
        'bin',
        'url',
        'hash',
        'notes',
        'checkver',
        'autoupdate',
        'depends',
        'shortcuts',
        'persist',
        'extract_dir',
        'env_add_path',
        'env_set',
        'installer',
        'uninstaller',
        'pre_install',
        'post_install',
        '##',
        '$schema',
        'suggest',
      ];
      for (const field of Object.keys(manifest)) expect(known, field).toContain(field);
      expect(manifest).toEqual({
        version,
        description,
        homepage: expect.stringMatching(/^https:\/\//),
        license,
        architecture: { '64bit': { url: `${BASE}/gwctl-win-x64.exe#/gwctl.exe`, hash: sha256(path.join(out, 'gwctl-win-x64.exe')) } },
        bin: 'gwctl.exe',
      });
    },
  );

  it.skipIf(noExecutable('gwctl-win-x64.exe'))(
    `the winget manifests (version, default locale, installer) have winget's required fields${noExecutable('gwctl-win-x64.exe') ?? ''}`,
    () => {
      const dir = path.join(out, 'winget');
      const read = (file: string) => {
        const text = readFileSync(path.join(dir, file), 'utf8');
        expect(text).toMatch(/^# yaml-language-server: \$schema=https:\/\/aka\.ms\/winget-manifest\.\w+\.1\.\d+\.\d+\.schema\.json\n/);
        return parseYaml(text) as Record<string, unknown>;
      };
      const id = 'Gwctl.Gwctl';
      const documents = {
        version: read(`${id}.yaml`),
        defaultLocale: read(`${id}.locale.en-US.yaml`),
        installer: read(`${id}.installer.yaml`),
      };
      for (const [type, document] of Object.entries(documents)) {
        // Every manifest: the identifier (Publisher.Name, 2 to 8 parts), the version and its type.
        expect(document.PackageIdentifier).toMatch(/^[^.\s\\/:*?"<>|]{1,32}(\.[^.\s\\/:*?"<>|]{1,32}){1,7}$/);
        expect(document.PackageIdentifier).toBe(id);
        expect(document.PackageVersion).toBe(version);
        expect(document.ManifestType).toBe(type);
        expect(document.ManifestVersion).toMatch(/^1\.\d+\.\d+$/);
      }
      expect(documents.version.DefaultLocale).toBe('en-US');
      const locale = documents.defaultLocale;
      expect(locale.PackageLocale).toBe('en-US');
      for (const field of ['Publisher', 'PackageName', 'License', 'ShortDescription']) {
        expect(typeof locale[field], field).toBe('string');
        expect((locale[field] as string).length, field).toBeGreaterThanOrEqual(2);
      }
      expect(locale.License).toBe(license);
      const installer = documents.installer;
      expect(installer.InstallerType).toBe('portable');
      expect(installer.Commands).toEqual(['gwctl']);
      expect(installer.Installers).toEqual([
        {
          Architecture: 'x64',
          InstallerUrl: `${BASE}/gwctl-win-x64.exe`,
          InstallerSha256: sha256(path.join(out, 'gwctl-win-x64.exe')).toUpperCase(),
        },
      ]);
    },
  );
});

describe.skipIf(npmMissing)('npm run release, refusals and an unsigned release', () => {
  it('a key file that does not exist: one line, exit 1, nothing written', () => {
    const dir = path.join(work, 'refused');
    const result = release(['--executables=none', `--out=${dir}`], { GWCTL_RELEASE_KEY: path.join(work, 'no-such.key') });
    expect({ status: result.status, stderr: result.stderr }).toEqual({
      status: 1,
      stderr: `release: GWCTL_RELEASE_KEY names ${path.join(work, 'no-such.key')}, which does not exist\n`,
    });
    expect(existsSync(dir)).toBe(false);
  });

  it('a release URL that is not one: one line, exit 1', () => {
    const result = release(['--executables=none', `--out=${path.join(work, 'refused')}`], { GWCTL_RELEASE_URL: 'downloads' });
    expect({ status: result.status, stderr: result.stderr }).toEqual({
      status: 1,
      stderr: 'release: GWCTL_RELEASE_URL must be an http(s) URL, not "downloads"\n',
    });
  });

  it('a folder that holds something other than a release: one line, exit 1, the folder left as it was', () => {
    const dir = mkdtempSync(path.join(work, 'notes-'));
    writeFileSync(path.join(dir, 'notes.txt'), 'mine\n');
    const result = release(['--executables=none', `--out=${dir}`], {});
    expect({ status: result.status, stderr: result.stderr }).toEqual({
      status: 1,
      stderr: `release: ${dir} is not empty and holds no earlier release (no SHA256SUMS): give an empty or new folder\n`,
    });
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('without GWCTL_RELEASE_KEY: says it is unsigned and writes no signature', () => {
    const dir = path.join(work, 'unsigned');
    mkdirSync(dir);
    const result = release(['--executables=none', `--out=${dir}`], { GWCTL_RELEASE_KEY: undefined });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('release: unsigned: GWCTL_RELEASE_KEY names no key file, so there is no SHA256SUMS.minisig\n');
    expect(readdirSync(dir).sort()).toEqual(
      ['SHA256SUMS', 'server.json', `${name}-${version}.cdx.json`, `${name}-${version}.mcpb`, `${name}-${version}.tgz`].sort(),
    );
  }, 120_000);
});

interface Session {
  /** Sends a request and resolves with its result (or rejects with its error). */
  request(method: string, params?: object): Promise<Record<string, unknown>>;
  close(): void;
}

/**
 * The bundle's server run as the client runs it: its entry, with the settings handed over as
 * the manifest says (every one; an empty one as an empty string), initialised.
 */
async function bundleServer(entry: string, settings: Record<string, string>, env: Record<string, string> = {}): Promise<Session> {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH, HOME: work, GWCTL_CONFIG_DIR: mkdtempSync(path.join(work, 'config-')), ...settings, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const waiting = new Map<number, { resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  let buffered = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    for (const line of buffered.split('\n').slice(0, -1)) {
      const message = JSON.parse(line) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
      const pending = message.id === undefined ? undefined : waiting.get(message.id);
      if (!pending) continue;
      if (message.error) pending.reject(new Error(message.error.message));
      else pending.resolve(message.result ?? {});
    }
    buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
  });
  let next = 1;
  const session: Session = {
    request: (method, params) =>
      new Promise((resolve, reject) => {
        const id = next++;
        const timer = setTimeout(() => reject(new Error(`no answer to ${method} within 20 s`)), 20_000);
        waiting.set(id, {
          resolve: (result) => (clearTimeout(timer), resolve(result)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        });
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) })}\n`);
      }),
    close: () => child.kill(),
  };
  await session.request('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'release-test', version: '1' },
  });
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  return session;
}

/** The tool names the bundle's server lists with "Allow changes" set to allow. */
async function toolNames(entry: string, allow: string): Promise<string[]> {
  const server = await bundleServer(entry, {
    GWCTL_MCPB_PROFILE: 'default',
    GWCTL_MCPB_ALLOW_DESTRUCTIVE: allow,
    GWCTL_MCPB_MANAGEMENT_KEY: '',
  });
  try {
    const { tools } = (await server.request('tools/list')) as { tools: { name: string }[] };
    return tools.map((tool) => tool.name);
  } finally {
    server.close();
  }
}
