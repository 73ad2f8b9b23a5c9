// Config folders for tests of keys and settings: one written with a default profile, or one
// where `auth login --with-token` stored a key.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gwctl, type InProcessResult } from './cli.js';
import { tempConfigDir } from './spawn.js';

/** A config folder whose default profile holds `profile`. */
export function configWith(profile: Record<string, unknown>): string {
  const dir = tempConfigDir();
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ profiles: { default: profile } }), { mode: 0o600 });
  return dir;
}

/**
 * `auth login --with-token --insecure-storage` with `key` on stdin, storing into `configDir`:
 * checked with the API at `verifyAt` when given, else stored unchecked (--no-verify).
 */
export function loginWithToken(key: string, options: { configDir: string; verifyAt?: string; extra?: string[] }): Promise<InProcessResult> {
  const check = options.verifyAt === undefined ? ['--no-verify'] : ['--base-url', options.verifyAt];
  return gwctl(['auth', 'login', '--with-token', '--insecure-storage', ...check, ...(options.extra ?? [])], {
    configDir: options.configDir,
    input: `${key}\n`,
  });
}
