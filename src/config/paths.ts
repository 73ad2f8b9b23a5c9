import os from 'node:os';
import path from 'node:path';
import type { Env } from '../core/env.js';

/** The folder holding config.json: GWCTL_CONFIG_DIR, else the platform's config folder. */
export function configDir(env: Env): string {
  if (env.GWCTL_CONFIG_DIR) return path.resolve(env.GWCTL_CONFIG_DIR);
  const home = env.HOME || os.homedir();
  if (process.platform === 'win32') return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'gwctl');
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Preferences', 'gwctl');
  return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), 'gwctl');
}

export function configFile(env: Env): string {
  return path.join(configDir(env), 'config.json');
}
