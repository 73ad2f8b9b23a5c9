import { arg } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';
import { keyArg } from './key-arg.js';

export const spec = defineSpec({
  path: ['config', 'set'],
  summary: 'Change one setting of the profile',
  // The value is checked against the key's own rule by the implementation.
  args: { key: keyArg, value: arg.required({ name: 'value', description: 'new value' }) },
  options: {},
  examples: [
    'gwctl config set workspace production',
    'gwctl config set timeout 60 --profile ci',
    'gwctl config set base-url https://openrouter.ai/api/v1',
  ],
});
