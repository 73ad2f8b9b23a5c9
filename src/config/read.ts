// Reading config.json is on every command's path, so it is a plain read, not the storage library.
import { statSync } from 'node:fs';
import { InputTooLarge, NotAFile, readFileAtMostSync } from '../core/bounded-read.js';
import { usageError } from '../core/errors.js';
import type { Env } from '../core/env.js';
import { isObject } from '../core/patterns.js';
import { configFile } from './paths.js';
import type { ConfigData, Profile } from './profile.js';

export interface LoadedConfig {
  path: string;
  data: ConfigData;
  /** Set when the file can be read by other users of this machine. */
  looseMode?: number;
}

/** The largest config file read: profiles take a few hundred bytes each. */
const MAX_CONFIG_BYTES = 1024 * 1024;

export function readConfig(env: Env): LoadedConfig {
  const path = configFile(env);
  let text: string;
  try {
    text = readFileAtMostSync(path, MAX_CONFIG_BYTES).toString('utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return { path, data: { profiles: {} } };
    if (error instanceof InputTooLarge)
      throw usageError(
        `the config file ${path} is larger than ${MAX_CONFIG_BYTES / 2 ** 20} MiB`,
        'fix or remove it, then run gwctl auth login again',
      );
    if (error instanceof NotAFile) throw usageError(`cannot read the config file ${path}: it is ${error.kind}, not a file`);
    throw usageError(`cannot read the config file ${path}: ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    data = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw usageError(`the config file ${path} is not valid JSON`, 'fix or remove it, then run gwctl auth login again');
  }
  const profiles = isObject(data) && isObject(data.profiles) ? (data.profiles as Record<string, Profile>) : {};
  const loaded: LoadedConfig = { path, data: { profiles } };
  if (process.platform !== 'win32') {
    const mode = statSync(path).mode & 0o777;
    if (mode & 0o077) loaded.looseMode = mode;
  }
  return loaded;
}
