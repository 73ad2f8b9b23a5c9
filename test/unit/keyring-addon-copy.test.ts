// What the standalone executable's add-on loader hands to process.dlopen (src/cli/keyring-addon-copy.ts),
// with a loader that records it instead: always bytes that hash to the digest, on Linux through
// the descriptor they were read from. test/e2e/executable-addon.test.ts plants real libraries.
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCarriedAddon, type CarriedAddon } from '../../src/cli/keyring-addon-copy.js';
import { tempConfigDir } from '../kit/spawn.js';

const BYTES = new TextEncoder().encode('the add-on as built\n');
const DIGEST = createHash('sha256').update(BYTES).digest('hex');
const NAME = `keyring-${DIGEST.slice(0, 16)}.node`;

/** Loads with a recorder: what was given to load, and the bytes behind it at that moment. */
function load(env: Record<string, string>, reads = { count: 0 }) {
  const addon: CarriedAddon = {
    digest: DIGEST,
    bytes: () => {
      reads.count += 1;
      return BYTES;
    },
  };
  let seen: { file: string; bytes: Buffer } | undefined;
  loadCarriedAddon(addon, env, (file) => (seen = { file, bytes: readFileSync(file) }));
  return seen!;
}

describe.skipIf(process.platform !== 'linux')('the executable add-on copy (Linux)', () => {
  it('writes a copy once, then loads the one it checked, through the descriptor it read', () => {
    const env = { GWCTL_CONFIG_DIR: tempConfigDir() };
    const reads = { count: 0 };
    const first = load(env, reads);
    expect(first.file).toMatch(/^\/proc\/self\/fd\/\d+$/);
    expect(first.bytes.equals(BYTES)).toBe(true);
    expect(readFileSync(path.join(env.GWCTL_CONFIG_DIR, 'cache', NAME)).equals(BYTES)).toBe(true);
    const second = load(env, reads);
    expect(second.file).toMatch(/^\/proc\/self\/fd\/\d+$/);
    expect(second.bytes.equals(BYTES)).toBe(true);
    expect(reads.count).toBe(1);
  });

  it('replaces a copy with other bytes, and a link in its place, before loading', () => {
    for (const plant of ['other bytes', 'link']) {
      const env = { GWCTL_CONFIG_DIR: tempConfigDir() };
      const cache = path.join(env.GWCTL_CONFIG_DIR, 'cache');
      mkdirSync(cache, { mode: 0o700 });
      const elsewhere = path.join(env.GWCTL_CONFIG_DIR, 'elsewhere');
      writeFileSync(elsewhere, 'planted\n');
      if (plant === 'link') symlinkSync(elsewhere, path.join(cache, NAME));
      else writeFileSync(path.join(cache, NAME), 'planted\n', { mode: 0o600 });
      expect(load(env).bytes.equals(BYTES)).toBe(true);
      expect(readFileSync(path.join(cache, NAME)).equals(BYTES)).toBe(true);
      expect(readFileSync(elsewhere, 'utf8')).toBe('planted\n');
    }
  });

  it('a copy others may write to, or in a folder others may enter, is not loaded', () => {
    const loose = { GWCTL_CONFIG_DIR: tempConfigDir() };
    const cache = path.join(loose.GWCTL_CONFIG_DIR, 'cache');
    mkdirSync(cache, { mode: 0o700 });
    writeFileSync(path.join(cache, NAME), BYTES, { mode: 0o666 });
    chmodSync(path.join(cache, NAME), 0o666);
    expect(load(loose).bytes.equals(BYTES)).toBe(true);
    // Written afresh: the loose file was replaced by a private one.
    expect(readFileSync(path.join(cache, NAME)).equals(BYTES)).toBe(true);

    const open = { GWCTL_CONFIG_DIR: tempConfigDir() };
    const shared = path.join(open.GWCTL_CONFIG_DIR, 'cache');
    mkdirSync(shared, { mode: 0o755 });
    chmodSync(shared, 0o755);
    writeFileSync(path.join(shared, NAME), 'planted\n', { mode: 0o600 });
    const loaded = load(open);
    expect(loaded.bytes.equals(BYTES)).toBe(true);
    // The refused folder is left as it was; the copy loaded came from a fresh folder of its own.
    expect(readFileSync(path.join(shared, NAME), 'utf8')).toBe('planted\n');
  });
});
