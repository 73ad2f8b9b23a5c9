// Every setting comes from the first of: flag, environment, profile, default (contract,
// "Precedence"). Each resolved value remembers where it came from, for `auth status`.
import { usageError } from '../core/errors.js';
import type { Env } from '../core/env.js';
import { DEFAULT_PROFILE, PROFILE_NAME, storedProfile, type Profile } from './profile.js';
import type { LoadedConfig } from './read.js';

export type Source = 'flag' | 'environment' | 'profile' | 'default' | 'sandbox';

export interface Sourced<T> {
  value: T;
  source: Source;
}

export const DEFAULT_BASE_URL = 'https://openrouter.ai/api/v1';
export const DEFAULT_TIMEOUT_SECONDS = 30;
export const DEFAULT_RETRIES = 3;

/** The global options as commander parsed them (strings until checked here). */
export interface GlobalFlags {
  /** --json, also set by --jq (a filter over the JSON result). */
  json: boolean;
  /** --jq EXPR, as typed (compiled before anything is sent). */
  jq?: string;
  jsonl: boolean;
  /** --columns, as typed (checked against the command's column names before anything is sent). */
  columns?: string;
  header: boolean;
  profile?: string;
  baseUrl?: string;
  sandbox: boolean;
  timeout?: string;
  retries?: string;
  /** false for --no-color */
  color: boolean;
  /** false for --no-input */
  input: boolean;
  debug: boolean;
}

export interface Settings {
  profile: Sourced<string>;
  baseUrl: Sourced<string>;
  managementKey?: Sourced<string>;
  apiKey?: Sourced<string>;
  workspace?: Sourced<string>;
  timeoutSeconds: Sourced<number>;
  retries: Sourced<number>;
}

export function resolveProfileName(flags: Pick<GlobalFlags, 'profile'>, env: Env): Sourced<string> {
  const picked = pick(flags.profile, env.GWCTL_PROFILE, undefined, DEFAULT_PROFILE)!;
  const name = String(picked.value);
  if (!PROFILE_NAME.test(name)) {
    throw usageError(
      `invalid profile name ${JSON.stringify(name)} (${describe(picked.source, '--profile', 'GWCTL_PROFILE')})`,
      'use letters, digits, dot, dash and underscore',
    );
  }
  return { value: name, source: picked.source };
}

export function resolveSettings(flags: GlobalFlags, env: Env, config: LoadedConfig): Settings {
  const profile = resolveProfileName(flags, env);
  const stored: Profile = storedProfile(config.data, profile.value) ?? {};
  const settings: Settings = {
    profile,
    baseUrl: asString(pick(flags.baseUrl, env.GWCTL_BASE_URL, stored['base-url'], DEFAULT_BASE_URL)!),
    timeoutSeconds: checkNumber(
      pick(flags.timeout, env.GWCTL_TIMEOUT, stored.timeout, DEFAULT_TIMEOUT_SECONDS)!,
      'timeout',
      0.001,
      3600,
      false,
    ),
    retries: checkNumber(pick(flags.retries, env.GWCTL_RETRIES, stored.retries, DEFAULT_RETRIES)!, 'retries', 0, 10, true),
  };
  const management = pick(undefined, env.GWCTL_MANAGEMENT_KEY, stored['management-key'], undefined);
  if (management) settings.managementKey = asString(management);
  const api = pick(undefined, env.GWCTL_API_KEY, stored['api-key'], undefined);
  if (api) settings.apiKey = asString(api);
  const workspace = pick(undefined, undefined, stored.workspace, undefined);
  if (workspace) settings.workspace = asString(workspace);
  return settings;
}

function pick(
  flag: string | undefined,
  envValue: string | undefined,
  profileValue: string | number | undefined,
  fallback: string | number | undefined,
): Sourced<string | number> | undefined {
  if (flag !== undefined) return { value: flag, source: 'flag' };
  if (envValue !== undefined && envValue !== '') return { value: envValue, source: 'environment' };
  if (profileValue !== undefined && profileValue !== '') return { value: profileValue, source: 'profile' };
  if (fallback !== undefined) return { value: fallback, source: 'default' };
  return undefined;
}

function asString(s: Sourced<string | number>): Sourced<string> {
  return { value: String(s.value), source: s.source };
}

const ENV_NAMES: Record<string, string> = { timeout: 'GWCTL_TIMEOUT', retries: 'GWCTL_RETRIES' };

function checkNumber(s: Sourced<string | number>, name: string, min: number, max: number, integer: boolean): Sourced<number> {
  const text = String(s.value).trim();
  const value = Number(text);
  const ok = text !== '' && Number.isFinite(value) && value >= min && value <= max && (!integer || Number.isInteger(value));
  if (!ok) {
    const allowed = integer ? `an integer from ${min} to ${max}` : `a number of seconds above 0, at most ${max}`;
    throw usageError(`invalid ${name} ${JSON.stringify(text)} (${describe(s.source, `--${name}`, ENV_NAMES[name]!)}): expected ${allowed}`);
  }
  return { value, source: s.source };
}

function describe(source: Source, flag: string, envName: string): string {
  if (source === 'flag') return `from ${flag}`;
  if (source === 'environment') return `from ${envName}`;
  return `from the ${source}`;
}
