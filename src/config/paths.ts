import os from 'node:os';
import path from 'node:path';
import type { Env } from '../core/env.js';
import { APPDATA, CONFIG_DIR, HOME, LOCALAPPDATA, readVariable, XDG_CACHE_HOME, XDG_CONFIG_HOME } from '../core/environment.js';
import { usageError } from '../core/errors.js';
import { quoteInput } from '../core/sanitize.js';

/**
 * The folder of config.json: GWCTL_CONFIG_DIR, else the platform's. Never a relative one (keys would
 * land wherever gwctl runs): without a usable folder, config commands stop with exit 2, writing nothing.
 */
export function configDir(env: Env): string {
  const own = readVariable(env, CONFIG_DIR);
  if (own) return path.resolve(own);
  const xdg = readVariable(env, XDG_CONFIG_HOME);
  if (process.platform !== 'win32' && process.platform !== 'darwin' && xdg && path.isAbsolute(xdg)) return path.join(xdg, 'gwctl');
  // HOME set (even empty) is the one asked for; unset, the account's home.
  const home = readVariable(env, HOME) ?? os.homedir();
  if (!path.isAbsolute(home)) {
    throw usageError(
      `no config folder: HOME is ${home === '' ? 'empty' : `not an absolute path (${quoteInput(home)})`}`,
      'set HOME, XDG_CONFIG_HOME or GWCTL_CONFIG_DIR to an absolute folder',
    );
  }
  if (process.platform === 'win32') return path.join(readVariable(env, APPDATA) || path.join(home, 'AppData', 'Roaming'), 'gwctl');
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Preferences', 'gwctl');
  return path.join(home, '.config', 'gwctl');
}

export function configFile(env: Env): string {
  return path.join(configDir(env), 'config.json');
}

/** The cache folder: GWCTL_CONFIG_DIR/cache when set, else the platform's; undefined rather than a relative folder (as XDG says). */
export function cacheDir(env: Env): string | undefined {
  const own = readVariable(env, CONFIG_DIR);
  if (own) return path.join(path.resolve(own), 'cache');
  const xdg = readVariable(env, XDG_CACHE_HOME);
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'gwctl');
  const home = readVariable(env, HOME) ?? os.homedir();
  if (!path.isAbsolute(home)) return undefined;
  if (process.platform === 'win32') {
    const local = readVariable(env, LOCALAPPDATA);
    return path.join(local && path.isAbsolute(local) ? local : path.join(home, 'AppData', 'Local'), 'gwctl', 'cache');
  }
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Caches', 'gwctl');
  return path.join(home, '.cache', 'gwctl');
}
