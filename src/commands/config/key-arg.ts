// The KEY argument of `config get|set|unset`: one of the settings; keys have their own commands.
import { isSettingKey, SETTING_KEYS, type SettingKey } from '../../config/profile.js';
import { usageError } from '../../core/errors.js';
import { arg } from '../../core/options.js';
import { quoteInput } from '../../core/sanitize.js';
import { nearest } from '../../core/suggest.js';

function settingKey(key: string): SettingKey {
  if (isSettingKey(key)) return key;
  if (key === 'management-key' || key === 'api-key') {
    throw usageError(`${key} is not a setting`, "keys are stored with 'gwctl auth login' and shown masked by 'gwctl auth status'");
  }
  // A typo (`timout`) gets the nearest setting, as a command or a value does; anything else the list.
  const near = nearest(key, SETTING_KEYS);
  throw usageError(`unknown setting ${quoteInput(key)}`, near ? `did you mean ${near}?` : `settings are: ${SETTING_KEYS.join(', ')}`);
}

export const keyArg = arg.required({
  name: 'key',
  description: `setting: ${SETTING_KEYS.join(', ')}`,
  complete: 'setting',
  check: settingKey,
});
