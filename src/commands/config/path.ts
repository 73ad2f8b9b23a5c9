import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['config', 'path'],
  summary: 'Print the path of the config file (GWCTL_CONFIG_DIR moves it)',
  args: {},
  options: {},
  examples: ['gwctl config path', 'ls -l "$(gwctl config path)"'],
});
