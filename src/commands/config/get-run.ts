import { storedProfile } from '../../config/profile.js';
import { resolveProfileName } from '../../config/settings.js';
import { GwctlError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import { sanitizeField } from '../../core/sanitize.js';
import { printBody } from '../../output/print.js';
import { outputMode } from '../shared/output-mode.js';
import type { RunFor } from '../context.js';
import type { spec } from './get.js';

export const run: RunFor<typeof spec> = async ({ args, deps }) => {
  const { key } = args;
  const profile = resolveProfileName(deps.flags, deps.env).value;
  const value = storedProfile(deps.config().data, profile)?.[key];
  if (value === undefined) throw new GwctlError(`${key} is not set in profile "${profile}"`, ExitCode.failure);
  if (await printBody(outputMode(deps, 'config get'), { [key]: value })) return;
  await deps.io.out(`${sanitizeField(String(value))}\n`);
};
