import { defineCommand } from '../../cli/command.js';
import { GwctlError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import { resolveProfileName } from '../../config/settings.js';
import { printJson } from '../../output/print.js';
import { sanitizeField } from '../../core/sanitize.js';
import { keyArg, settingKey } from './key-arg.js';

export const command = defineCommand({
  path: ['config', 'get'],
  summary: "Print one setting of the profile (exit 1 when it is not set)",
  args: [keyArg],
  options: [],
  examples: ['gwctl config get base-url', 'gwctl config get workspace --profile staging'],
  async run({ args, deps }) {
    const key = settingKey(args.key);
    const profile = resolveProfileName(deps.flags, deps.env).value;
    const value = deps.config().data.profiles[profile]?.[key];
    if (value === undefined) throw new GwctlError(`${key} is not set in profile "${profile}"`, ExitCode.failure);
    if (deps.flags.json) await printJson(deps.io, { [key]: value });
    else await deps.io.out(`${sanitizeField(String(value))}\n`);
  },
});
