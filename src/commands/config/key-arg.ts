import { usageError } from '../../core/errors.js';
import { isSettingKey, SETTING_KEYS, type SettingKey } from '../../config/profile.js';

/** The KEY argument of `config get|set|unset`: one of the settings; keys have their own commands. */
export function settingKey(key: string | undefined): SettingKey {
  if (key !== undefined && isSettingKey(key)) return key;
  if (key === 'management-key' || key === 'api-key') {
    throw usageError(`${key} is not a setting`, "keys are stored with 'gwctl auth login' and shown masked by 'gwctl auth status'");
  }
  throw usageError(`unknown setting ${JSON.stringify(key ?? '')}`, `settings are: ${SETTING_KEYS.join(', ')}`);
}

export const keyArg = { name: 'key', description: `setting: ${SETTING_KEYS.join(', ')}`, required: true, complete: 'setting' } as const;
