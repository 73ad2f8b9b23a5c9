import { defineSpec } from '../../core/spec.js';
import { keyArg } from './key-arg.js';

export const spec = defineSpec({
  path: ['config', 'get'],
  summary: 'Print one setting of the profile (exit 1 when it is not set)',
  args: { key: keyArg },
  options: {},
  examples: ['gwctl config get base-url', 'gwctl config get workspace --profile staging'],
});
