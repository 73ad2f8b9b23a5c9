import { readVariable, type EnvironmentVariable } from '../core/environment.js';
import { durationCheck, intCheck, ValueRefused, type Check } from '../core/options.js';
import { baseUrlProblem } from '../core/patterns.js';

// A profile as stored in config.json: {"profiles": {"default": {"base-url": "...", "timeout": 30, "management-key": "...", ...}}}.
// A key is in the file or in the OS credential store ("management-key-keychain": true), and its
// record names the origin it may go to ("management-key-origin"; missing: config/binding.ts).

/** Settings a person may change with `gwctl config set`. Keys are stored only by `gwctl auth login`. */
export const SETTING_KEYS = [
  'base-url',
  'workspace',
  'timeout',
  'retries',
  'management-key-command',
  'api-key-command',
  'ca-file',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** The variables that stand for the stored keys, first in the order keys are looked for (config/credentials.ts); help lists them. */
export const KEY_VARIABLES = {
  management: { name: 'GWCTL_MANAGEMENT_KEY', description: "management key; wins over the profile's" },
  api: {
    name: 'GWCTL_API_KEY',
    description: "API key for the interns, vault and batches routes; wins over the profile's; falls back to the management key",
  },
} as const satisfies Record<'management' | 'api', EnvironmentVariable>;
/** The keys the environment holds (GWCTL_MANAGEMENT_KEY, GWCTL_API_KEY), for masking: those that are set. */
export function keysFromEnvironment(env: Readonly<Record<string, string | undefined>>): string[] {
  return [KEY_VARIABLES.management, KEY_VARIABLES.api].flatMap((declared) => readVariable(env, declared) || []);
}

/** The variables that stand for the key-command settings, second in that order; they win over the profile's. */
export const KEY_COMMAND_VARIABLES = {
  management: {
    name: 'GWCTL_MANAGEMENT_KEY_COMMAND',
    description: "a shell command (sh -c, 10 s) that prints the management key; wins over the profile's management-key-command",
  },
  api: {
    name: 'GWCTL_API_KEY_COMMAND',
    description: "a shell command (sh -c, 10 s) that prints the API key; wins over the profile's api-key-command",
  },
} as const satisfies Record<'management' | 'api', EnvironmentVariable>;

export const KEY_FIELDS = ['management-key', 'api-key'] as const;
export type KeyField = (typeof KEY_FIELDS)[number];

/** The field that says a key is kept in the OS credential store. */
export const KEYCHAIN_MARK = { 'management-key': 'management-key-keychain', 'api-key': 'api-key-keychain' } as const;
export type KeychainMark = (typeof KEYCHAIN_MARK)[KeyField];

/** The field that records the origin (scheme, host, port) a stored key may be sent to. */
export const KEY_ORIGIN = { 'management-key': 'management-key-origin', 'api-key': 'api-key-origin' } as const;
export type KeyOriginField = (typeof KEY_ORIGIN)[KeyField];

export type Profile = Partial<
  Record<SettingKey | KeyField, string | number> & Record<KeychainMark, boolean> & Record<KeyOriginField, string>
>;

export interface ConfigData {
  profiles: Record<string, Profile>;
}

export const DEFAULT_PROFILE = 'default';
/** Defaults of the settings a profile may hold (help names them; settings.ts applies them). */
export const DEFAULT_BASE_URL = 'https://openrouter.ai/api/v1';
export const DEFAULT_TIMEOUT_SECONDS = 30;
export const DEFAULT_RETRIES = 3;

/** A profile by the name a person typed: own properties only (`constructor` is a name, not a lookup). */
export function storedProfile(data: ConfigData, name: string): Profile | undefined {
  return Object.hasOwn(data.profiles, name) ? data.profiles[name] : undefined;
}

/** Profile names appear in file paths of nothing, but in completions and messages: keep them plain. */
export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function isSettingKey(key: string): key is SettingKey {
  return (SETTING_KEYS as readonly string[]).includes(key);
}

/** The per-request timeout's range, in milliseconds: above 0, at most an hour. */
export const TIMEOUT_RANGE = { minMs: 1, maxMs: 3_600_000 } as const;

/** The checks of the numeric settings from any source; the timeout is a duration (`30`, `30s`, `1m`) kept in seconds. */
export const settingChecks = {
  timeout: (text, name) => durationCheck(TIMEOUT_RANGE)(text, name) / 1000,
  retries: intCheck({ min: 0, max: 10, why: 'expected an integer from 0 to 10' }),
} satisfies Partial<Record<SettingKey, Check<number>>>;

/** A value for `gwctl config set`, checked as strictly as the flag it stands in for; refused with ValueRefused. */
export function checkSetting(key: SettingKey, value: string): string | number {
  switch (key) {
    case 'base-url': {
      const problem = baseUrlProblem(value);
      if (problem) throw new ValueRefused(problem);
      return value;
    }
    case 'workspace':
      // The document asks only for a UUID or slug of at least one character.
      if (value === '') throw new ValueRefused('expected a workspace UUID or slug');
      return value;
    case 'timeout':
    case 'retries':
      return settingChecks[key](value, key);
    case 'management-key-command':
    case 'api-key-command':
      // Run by `sh -c` when the key is needed; its output is the key.
      if (value.trim() === '')
        throw new ValueRefused("expected a shell command that prints the key, such as 'pass show gateway/management'");
      return value;
    case 'ca-file':
      // Read when a request is sent (api/transport-network.ts), so a file made later still counts.
      if (value.trim() === '') throw new ValueRefused('expected the path of a PEM file of certificates');
      return value;
  }
}
