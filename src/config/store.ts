// Writing config.json: every read-change-write under one lock (proper-lockfile, whose stale lock
// a killed gwctl leaves blocks others for STALE_MS at most: decisions/014-config-writes-under-a-lock.md), the write itself
// through conf (a temp file renamed, so readers never see half a file). Loaded only by `auth` and
// `config` commands, and a run that binds a key stored by an earlier release (config/binding.ts).
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Conf from 'conf';
import { lock, type LockOptions } from 'proper-lockfile';
import { setTimeout as sleep } from 'node:timers/promises';
import { GwctlError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import type { Env } from '../core/env.js';
import { configFile } from './paths.js';
import type { ConfigData, Profile } from './profile.js';
import { readConfig } from './read.js';

/** A lock not refreshed for this long belongs to a process that is gone. */
export const STALE_MS = 4000;
/** How long a writer waits for the lock before giving up (beyond STALE_MS, so a stale lock is always taken over first). */
const WAIT = { retries: 120, factor: 1.2, minTimeout: 5, maxTimeout: 100 } as const;

/**
 * Runs `change` (maybe async: a keychain write belongs inside the lock) on one profile under the
 * config lock and saves it, removing an emptied profile; returns the file's path and what `change` returned.
 */
export async function updateProfile<T = void>(
  env: Env,
  name: string,
  change: (profile: Profile) => T | Promise<T>,
): Promise<{ file: string; result: T }> {
  return withConfigLock(env, async (data, file) => {
    const profiles = { ...data.profiles };
    const before = Object.hasOwn(profiles, name) ? profiles[name] : undefined;
    const profile = { ...before };
    const result = await change(profile);
    // Nothing to write when nothing changed (a logout of a profile that holds no key).
    if (JSON.stringify(profile) === JSON.stringify(before ?? {})) return { profiles: undefined, result };
    if (Object.keys(profile).length === 0) delete profiles[name];
    else profiles[name] = profile;
    return { profiles: { data: profiles, file }, result };
  });
}

interface Change<T> {
  /** The new profiles to write, or undefined to write nothing. */
  profiles: { data: ConfigData['profiles']; file: string } | undefined;
  result: T;
}

/** Take the lock, read the file as it is now, let `change` decide, write, release. */
async function withConfigLock<T>(
  env: Env,
  change: (data: ConfigData, file: string) => Promise<Change<T>>,
): Promise<{ file: string; result: T }> {
  const file = configFile(env);
  const dir = path.dirname(file);
  try {
    // The folder is private too, so the file cannot be swapped by another user.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw cannotWrite(file, error);
  }
  let compromised: Error | undefined;
  let release: () => Promise<void>;
  try {
    release = await lockWhenFree(file, {
      realpath: false,
      stale: STALE_MS,
      // Raised when the lock was taken over while held (this process stalled for longer than
      // STALE_MS): the write is refused below rather than risk losing another's change.
      onCompromised: (error) => {
        compromised = error;
      },
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') {
      throw new GwctlError(`the config file ${file} stayed locked by another gwctl`, ExitCode.failure, {
        hint: `try again; if no gwctl is running, remove the folder ${file}.lock`,
      });
    }
    throw cannotWrite(file, error);
  }
  try {
    // Read under the lock: the change applies to the file as the last writer left it.
    const { data } = readConfig(env);
    const { profiles, result } = await change(data, file);
    if (profiles) {
      if (compromised)
        throw new GwctlError(`lost the lock on ${file} while changing it; nothing was written`, ExitCode.failure, { hint: 'try again' });
      write(file, profiles.data);
    }
    return { file, result };
  } finally {
    await release().catch(() => {});
  }
}

/**
 * proper-lockfile retries any failure to lock (11 s before "permission denied"); only a lock another
 * gwctl holds is worth waiting for, so only that is retried, with its backoff; a stale one `lock` takes over.
 */
async function lockWhenFree(file: string, options: LockOptions): Promise<() => Promise<void>> {
  let pause: number = WAIT.minTimeout;
  for (let attempt = 0; ; attempt++) {
    try {
      return await lock(file, { ...options, retries: 0 });
    } catch (error) {
      if ((error as { code?: string }).code !== 'ELOCKED' || attempt >= WAIT.retries) throw error;
    }
    await sleep(pause * (1 + Math.random()));
    pause = Math.min(WAIT.maxTimeout, pause * WAIT.factor);
  }
}

function write(file: string, profiles: ConfigData['profiles']): void {
  try {
    const store = new Conf<ConfigData>({
      cwd: path.dirname(file),
      configName: 'config',
      projectName: 'gwctl',
      projectSuffix: '',
      configFileMode: 0o600,
      accessPropertiesByDotNotation: false,
      clearInvalidConfig: false,
    });
    store.set('profiles', profiles);
    // conf applies the mode only when it creates the file; an older, looser file is tightened here.
    if (process.platform !== 'win32') chmodSync(file, 0o600);
  } catch (error) {
    throw cannotWrite(file, error);
  }
}

function cannotWrite(file: string, error: unknown): GwctlError {
  const code = (error as { code?: string }).code;
  const why = code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? 'permission denied' : (error as Error).message;
  return new GwctlError(`cannot write the config file ${file}: ${why}`, ExitCode.failure, {
    hint: `check that ${path.dirname(file)} is writable, or point GWCTL_CONFIG_DIR elsewhere`,
  });
}
