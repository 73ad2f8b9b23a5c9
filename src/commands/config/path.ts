import { defineCommand } from '../../cli/command.js';
import { configFile } from '../../config/paths.js';
import { printJson } from '../../output/print.js';

export const command = defineCommand({
  path: ['config', 'path'],
  summary: 'Print the path of the config file (GWCTL_CONFIG_DIR moves it)',
  args: [],
  options: [],
  examples: ['gwctl config path', 'ls -l "$(gwctl config path)"'],
  async run({ deps }) {
    const path = configFile(deps.env);
    if (deps.flags.json) await printJson(deps.io, { path });
    else await deps.io.out(`${path}\n`);
  },
});
