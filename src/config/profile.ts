import { intCheck, numberCheck, ValueRefused, type Check } from '../core/options.js';

// What a profile holds, as stored in config.json:
// {"profiles": {"default": {"base-url": "...", "workspace": "...", "timeout": 30, "retries": 3,
//   "management-key": "...", "api-key": "...", "management-key-command": "...",
//   "management-key-keychain": true}}}
// A key is either in the file ("management-key") or in the OS credential store, which the file
// then only records ("management-key-keychain": true); versions that know no keychain see no key.

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

export const KEY_FIELDS = ['management-key', 'api-key'] as const;
export type KeyField = (typeof KEY_FIELDS)[number];

/** The field that says a key is kept in the OS credential store. */
export const KEYCHAIN_MARK = { 'management-key': 'management-key-keychain', 'api-key': 'api-key-keychain' } as const;
export type KeychainMark = (typeof KEYCHAIN_MARK)[KeyField];

export type Profile = Partial<Record<SettingKey | KeyField, string | number> & Record<KeychainMark, boolean>>;

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

/**
 * The checks of the numeric settings, wherever the value comes from: `--timeout` and
 * `--retries`, their environment variables, the profile, and `gwctl config set`.
 */
export const settingChecks = {
  timeout: numberCheck({ above: 0, max: 3600, why: 'expected a number of seconds above 0, at most 3600' }),
  retries: intCheck({ min: 0, max: 10, why: 'expected an integer from 0 to 10' }),
} satisfies Partial<Record<SettingKey, Check<number>>>;

/** A value for `gwctl config set`, checked as strictly as the flag it stands in for; refused with ValueRefused. */
export function checkSetting(key: SettingKey, value: string): string | number {
  switch (key) {
    case 'base-url': {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw new ValueRefused('expected an absolute http(s) URL such as https://openrouter.ai/api/v1');
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ValueRefused('expected an http or https URL');
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
