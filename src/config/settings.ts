// Every setting from the first of flag, environment, profile, default (contract, "Precedence"):
// the first two read by commands/global-options.ts, the others here; each remembers its source.
import { usageError, type GwctlError } from '../core/errors.js';
import type { Env } from '../core/env.js';
import { CA_FILE } from '../core/environment.js';
import { ValueRefused } from '../core/options.js';
import {
  DEFAULT_BASE_URL,
  DEFAULT_PROFILE,
  DEFAULT_RETRIES,
  DEFAULT_TIMEOUT_SECONDS,
  settingChecks,
  storedProfile,
  type Profile,
} from './profile.js';
import { findKey, loginCommand, type KeyContext, type KeyInEffect, type KeyKind } from './credentials.js';
import { KeychainUnavailable } from './keychain.js';
import type { LoadedConfig } from './read.js';
import { quoteInput } from '../core/sanitize.js';

export type Source = 'flag' | 'environment' | 'profile' | 'default' | 'sandbox';

export interface Sourced<T> {
  value: T;
  source: Source;
}

/** The global options that are settings, already checked by their declarations, and where each came from. */
export interface GivenSettings {
  profile?: string | undefined;
  baseUrl?: string | undefined;
  /** Seconds. */
  timeout?: number | undefined;
  retries?: number | undefined;
  from: Partial<Record<'profile' | 'baseUrl' | 'timeout' | 'retries', 'flag' | 'environment'>>;
}

export interface Settings {
  profile: Sourced<string>;
  baseUrl: Sourced<string>;
  workspace?: Sourced<string>;
  timeoutSeconds: Sourced<number>;
  retries: Sourced<number>;
  /** A PEM file of certificate authorities trusted besides the usual ones: GWCTL_CA_FILE, else the profile's ca-file. */
  caFile?: Sourced<string>;
  /**
   * The key of this kind (its own source; the API key's fallback is `sentKey`'s), found on the first
   * call, at most once and without blocking, and kept, failure included. Rejects with exit 4 or the interruption.
   */
  key(kind: KeyKind): Promise<KeyInEffect | undefined>;
}

export function resolveProfileName(given: Pick<GivenSettings, 'profile' | 'from'>): Sourced<string> {
  return given.profile === undefined
    ? { value: DEFAULT_PROFILE, source: 'default' }
    : { value: given.profile, source: given.from.profile ?? 'flag' };
}

/** A profile named that the config file does not hold (the default always exists): said as such, not as a missing key. */
export function missingProfile(given: Pick<GivenSettings, 'profile' | 'from'>, config: LoadedConfig): GwctlError | undefined {
  const profile = resolveProfileName(given);
  if (profile.source === 'default' || profile.value === DEFAULT_PROFILE || storedProfile(config.data, profile.value)) return undefined;
  const names = Object.keys(config.data.profiles);
  if (!names.includes(DEFAULT_PROFILE)) names.unshift(DEFAULT_PROFILE);
  const from = profile.source === 'environment' ? ' (from GWCTL_PROFILE)' : '';
  return usageError(
    `profile "${profile.value}"${from} does not exist (the profiles are: ${names.join(', ')})`,
    `pick one of them, or make it with '${loginCommand('management', profile.value)}'`,
  );
}

/** How keys are found: the credential store to open, --debug lines, and who to tell about each key found (to mask it). */
export interface KeyOptions {
  /** Keys that stand for every other source (the sandbox's demo keys). */
  fixed?: Record<KeyKind, KeyInEffect>;
  keychain?: KeyContext['keychain'];
  keyCommand?: KeyContext['keyCommand'];
  debug?: (line: string) => void;
  onKey?: (key: KeyInEffect) => void;
}

export function resolveSettings(given: GivenSettings, env: Env, config: LoadedConfig, keys: KeyOptions = {}): Settings {
  const profile = resolveProfileName(given);
  const stored: Profile = storedProfile(config.data, profile.value) ?? {};
  const settings = {
    profile,
    baseUrl: asString(pick(fromGiven(given, 'baseUrl'), undefined, stored['base-url'], DEFAULT_BASE_URL)!),
    timeoutSeconds: fromProfile(given, 'timeout', stored.timeout, DEFAULT_TIMEOUT_SECONDS),
    retries: fromProfile(given, 'retries', stored.retries, DEFAULT_RETRIES),
  } as Settings;
  const context: KeyContext = {
    env,
    profile: profile.value,
    stored,
    keychain:
      keys.keychain ??
      (() => {
        throw new KeychainUnavailable('no credential store in this run');
      }),
    ...(keys.debug ? { debug: keys.debug } : {}),
    ...(keys.keyCommand ? { keyCommand: keys.keyCommand } : {}),
  };
  const found: Partial<Record<KeyKind, Promise<KeyInEffect | undefined>>> = {};
  const key = (kind: KeyKind): Promise<KeyInEffect | undefined> =>
    (found[kind] ??= (keys.fixed ? Promise.resolve(keys.fixed[kind]) : findKey(kind, context)).then((k) => {
      if (k) keys.onKey?.(k);
      return k;
    }));
  // Not enumerable: the settings stay plain data to whoever lists them.
  Object.defineProperty(settings, 'key', { value: key });
  const workspace = pick(undefined, undefined, stored.workspace, undefined);
  if (workspace) settings.workspace = asString(workspace);
  const caFile = pick(undefined, env[CA_FILE.name], stored['ca-file'], undefined);
  if (caFile) settings.caFile = asString(caFile);
  return settings;
}

/** The key a request of this kind sends: the API key, else the management key it falls back to. */
export async function sentKey(s: Settings, kind: KeyKind): Promise<{ key: KeyInEffect; kind: KeyKind } | undefined> {
  if (kind === 'api') {
    const api = await s.key('api');
    if (api) return { key: api, kind: 'api' };
  }
  const management = await s.key('management');
  return management ? { key: management, kind: 'management' } : undefined;
}

function fromGiven<K extends 'baseUrl' | 'timeout' | 'retries'>(
  given: GivenSettings,
  key: K,
): Sourced<NonNullable<GivenSettings[K]>> | undefined {
  const value = given[key];
  return value === undefined ? undefined : { value: value as NonNullable<GivenSettings[K]>, source: given.from[key] ?? 'flag' };
}

/** A numeric setting: as given (already checked), else the profile's, checked as `config set` checks it, else the default. */
function fromProfile(
  given: GivenSettings,
  key: 'timeout' | 'retries',
  stored: string | number | undefined,
  fallback: number,
): Sourced<number> {
  const value = fromGiven(given, key);
  if (value) return value;
  if (stored === undefined || stored === '') return { value: fallback, source: 'default' };
  const text = String(stored).trim();
  try {
    return { value: settingChecks[key](text, key), source: 'profile' };
  } catch (error) {
    if (!(error instanceof ValueRefused)) throw error;
    throw usageError(`invalid ${key} ${quoteInput(text)} (from the profile): ${error.message}`);
  }
}

function pick(
  flag: Sourced<string | number> | undefined,
  envValue: string | undefined,
  profileValue: string | number | undefined,
  fallback: string | number | undefined,
): Sourced<string | number> | undefined {
  if (flag !== undefined) return flag;
  if (envValue !== undefined && envValue !== '') return { value: envValue, source: 'environment' };
  if (profileValue !== undefined && profileValue !== '') return { value: profileValue, source: 'profile' };
  if (fallback !== undefined) return { value: fallback, source: 'default' };
  return undefined;
}

function asString(s: Sourced<string | number>): Sourced<string> {
  return { value: String(s.value), source: s.source };
}
