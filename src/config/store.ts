// Writing config.json goes through conf (atomic writes); only `auth` and `config` commands load
// this module (through the lazy seam).
import { chmodSync, mkdirSync } from 'node:fs';
import Conf from 'conf';
import path from 'node:path';
import type { Env } from '../core/env.js';
import { configFile } from './paths.js';
import type { ConfigData, Profile } from './profile.js';

/** Apply `change` to one profile and save; an emptied profile is removed. Returns the file path. */
export async function updateProfile(env: Env, name: string, change: (profile: Profile) => void): Promise<string> {
  const file = configFile(env);
  const dir = path.dirname(file);
  // The folder is private too, so the file cannot be swapped by another user.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const store = new Conf<ConfigData>({
    cwd: dir,
    configName: 'config',
    projectName: 'gwctl',
    projectSuffix: '',
    configFileMode: 0o600,
    accessPropertiesByDotNotation: false,
    clearInvalidConfig: false,
  });
  const profiles = { ...(store.get('profiles') ?? {}) };
  const profile = { ...(Object.hasOwn(profiles, name) ? profiles[name] : {}) };
  change(profile);
  if (Object.keys(profile).length === 0) delete profiles[name];
  else profiles[name] = profile;
  store.set('profiles', profiles);
  // conf applies the mode only when it creates the file; an older, looser file is tightened here.
  if (process.platform !== 'win32') chmodSync(file, 0o600);
  return file;
}
