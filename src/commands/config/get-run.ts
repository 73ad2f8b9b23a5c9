import { storedProfile } from '../../config/profile.js';
import { resolveProfileName } from '../../config/settings.js';
import { GwctlError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import { sanitizeField, withoutUserinfo } from '../../core/sanitize.js';
import type { RunFor } from '../context.js';
import type { spec } from './get.js';

export const run: RunFor<typeof spec> = async ({ args, deps }) => {
  const { key } = args;
  const profile = resolveProfileName(deps.flags).value;
  const stored = storedProfile(deps.config().data, profile)?.[key];
  if (stored === undefined) throw new GwctlError(`${key} is not set in profile "${profile}"`, ExitCode.failure);
  // A hand-edited base URL may carry a password: never shown.
  const value = key === 'base-url' ? withoutUserinfo(String(stored)) : stored;
  const line = `${sanitizeField(String(value))}\n`;
  await deps.printer.detail({ body: { [key]: value }, view: { kind: 'text', terminal: line, piped: line } });
};
