import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['config', 'list'],
  summary: 'List the settings stored in the profile (keys: see auth status)',
  args: {},
  options: {},
  examples: ['gwctl config list', 'gwctl config list --profile staging --json'],
});
