// The standalone executable loads its credential store add-on from a copy in the cache folder
// (src/cli/keyring-addon-copy.ts). A shared library runs its constructor as it loads, so a library
// planted where that copy goes must never be loaded: here one whose constructor writes a marker
// file (built with the system's C compiler) is put at each place a copy could come from, and the
// executable must leave it alone and still keep keys in a real Secret Service. Runs in the
// e2e-binary project; elsewhere the add-on is the installed package's.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyringMissing, startSecretService, type SecretService } from '../kit/keyring.js';
import { expectNoCrash, gwctlCommand, ROOT, runGwctl, testEnv } from '../kit/spawn.js';

const KEY = 'sk-mgmt-addon-0123456789abcdef';
const ADDON = path.join(ROOT, 'node_modules', '@napi-rs', 'keyring-linux-x64-gnu', 'keyring.linux-x64-gnu.node');
/** The name of the copy: the add-on's digest, as the executable was built with it. */
const COPY = `keyring-${createHash('sha256').update(readFileSync(ADDON)).digest('hex').slice(0, 16)}.node`;

const work = mkdtempSync(path.join(os.tmpdir(), 'gwctl-addon-'));
const marker = path.join(work, 'planted-library-ran');
const planted = path.join(work, 'planted.so');

/** Builds a shared library whose constructor, run as it loads, writes the marker; why not, when it cannot. */
function buildPlantedLibrary(): string | undefined {
  if (spawnSync('sh', ['-c', 'command -v cc'], { stdio: 'ignore' }).status !== 0) return 'no C compiler (cc)';
  const source = path.join(work, 'planted.c');
  writeFileSync(
    source,
    '#include <stdio.h>\n' +
      `__attribute__((constructor)) static void planted(void) {\n` +
      `  FILE *f = fopen(${JSON.stringify(marker)}, "a");\n` +
      '  if (f) { fputs("ran\\n", f); fclose(f); }\n' +
      '}\n',
  );
  const cc = spawnSync('cc', ['-shared', '-fPIC', '-o', planted, source], { encoding: 'utf8' });
  return cc.status === 0 ? undefined : `cc cannot build a shared library (${cc.stderr.trim().split('\n')[0] ?? `exit ${cc.status}`})`;
}

const missing = keyringMissing ?? buildPlantedLibrary();
afterAll(() => rmSync(work, { recursive: true, force: true }));
if (missing) console.log(`skipping the planted add-on tests: ${missing}`);

describe.skipIf(missing)(`the executable's add-on copy${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let keyring: SecretService;
  beforeAll(async () => {
    keyring = await startSecretService();
  });
  afterAll(async () => {
    await keyring?.stop();
  });

  it('the planted library writes its marker when it is loaded (so the tests below can fail)', () => {
    expect(() => process.dlopen({ exports: {} }, planted)).toThrow();
    expect(readFileSync(marker, 'utf8')).toBe('ran\n');
    rmSync(marker);
  });

  /** A run's folders: config, cache and temporary folder of its own, all absolute. */
  const folders = () => {
    const base = mkdtempSync(path.join(work, 'run-'));
    const dirs = { config: path.join(base, 'config'), cache: path.join(base, 'cache'), tmp: path.join(base, 'tmp') };
    for (const dir of Object.values(dirs)) mkdirSync(dir, { mode: 0o700 });
    return { base, ...dirs };
  };
  const envOf = (dirs: ReturnType<typeof folders>, extra: Record<string, string | undefined> = {}) => ({
    ...keyring.env,
    GWCTL_CONFIG_DIR: undefined,
    XDG_CONFIG_HOME: dirs.config,
    XDG_CACHE_HOME: dirs.cache,
    TMPDIR: dirs.tmp,
    GWCTL_BASE_URL: 'http://127.0.0.1:9/api/v1',
    ...extra,
  });
  const service = (dirs: ReturnType<typeof folders>) => `gwctl:${path.join(dirs.config, 'gwctl')}`;
  const plant = (file: string) => {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, readFileSync(planted), { mode: 0o600 });
  };

  /** Logs in (the key into the store), reads the key back through the store, and checks the planted library never ran. */
  async function expectKeysKept(dirs: ReturnType<typeof folders>, extra: Record<string, string | undefined> = {}, cwd?: string) {
    const env = envOf(dirs, extra);
    const login = await runGwctl(['auth', 'login', '--with-token', '--no-verify'], { env, input: `${KEY}\n`, ...(cwd ? { cwd } : {}) });
    expectNoCrash(login.stderr);
    expect(login.stderr).toContain("in the operating system's credential store");
    expect(login.code).toBe(0);
    expect(keyring.lookup(service(dirs), 'default/management-key')).toBe(KEY);
    const token = await runGwctl(['auth', 'token'], { env, ...(cwd ? { cwd } : {}) });
    expect(token).toMatchObject({ code: 0, stdout: `${KEY}\n`, stderr: '' });
    expect(existsSync(marker)).toBe(false);
    // A fresh copy, where one was needed, was removed after loading.
    expect(readdirSync(dirs.tmp)).toEqual([]);
  }

  it('a library at the exact path of the copy is not loaded: a fresh copy replaces it', async () => {
    const dirs = folders();
    const copy = path.join(dirs.cache, 'gwctl', COPY);
    plant(copy);
    await expectKeysKept(dirs);
    expect(readFileSync(copy).equals(readFileSync(ADDON))).toBe(true);
  });

  it('a relative XDG_CACHE_HOME is ignored: a library under it in the working folder is not loaded', async () => {
    const dirs = folders();
    plant(path.join(dirs.base, '.cache', 'gwctl', COPY));
    await expectKeysKept(dirs, { XDG_CACHE_HOME: '.cache' }, dirs.base);
    expect(existsSync(path.join(keyring.env.HOME!, '.cache', 'gwctl', COPY))).toBe(true);
  });

  it('a cache folder others may write to is not used: a library in it is not loaded', async () => {
    const dirs = folders();
    const copy = path.join(dirs.cache, 'gwctl', COPY);
    plant(copy);
    chmodSync(path.dirname(copy), 0o777);
    await expectKeysKept(dirs);
    expect(readFileSync(copy).equals(readFileSync(planted))).toBe(true);
  });

  const notRoot = process.getuid?.() !== 0 ? 'not root: cannot give a folder to another user' : undefined;
  it.skipIf(notRoot)(
    `a cache folder of another user is not used: a library in it is not loaded${notRoot ? ` (skipped: ${notRoot})` : ''}`,
    async () => {
      const dirs = folders();
      const copy = path.join(dirs.cache, 'gwctl', COPY);
      plant(copy);
      chownSync(copy, 65534, 65534);
      chownSync(path.dirname(copy), 65534, 65534);
      await expectKeysKept(dirs);
      expect(readFileSync(copy).equals(readFileSync(planted))).toBe(true);
    },
  );

  it('a link planted at the name the copy is written under is not followed', async () => {
    const dirs = folders();
    const dir = path.join(dirs.cache, 'gwctl');
    mkdirSync(dir, { mode: 0o700 });
    const precious = path.join(dirs.base, 'precious');
    writeFileSync(precious, 'precious\n');
    // gwctl reads the key before it opens the store: the link goes in once its pid is known.
    const [program, ...lead] = gwctlCommand();
    const child = spawn(program, [...lead, 'auth', 'login', '--with-token', '--no-verify'], { env: testEnv(envOf(dirs)) });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
    symlinkSync(precious, path.join(dir, `${COPY}.${child.pid}.tmp`));
    child.stdin.end(`${KEY}\n`);
    expect(await ended).toBe(0);
    expectNoCrash(stderr);
    expect(readFileSync(precious, 'utf8')).toBe('precious\n');
    expect(keyring.lookup(service(dirs), 'default/management-key')).toBe(KEY);
    expect(existsSync(marker)).toBe(false);
  });
});
