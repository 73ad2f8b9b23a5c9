import { defineSpec } from '../../core/spec.js';
import { keyArg } from './key-arg.js';

export const spec = defineSpec({
  path: ['config', 'unset'],
  summary: 'Remove one setting from the profile (its default applies again)',
  args: { key: keyArg },
  options: {},
  examples: ['gwctl config unset workspace'],
});
