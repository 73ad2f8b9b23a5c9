import { noCredentialsError } from '../../core/errors.js';
import { prepareSentKey } from '../../config/settings.js';
import type { RunFor } from '../context.js';
import type { spec } from './token.js';

export const run: RunFor<typeof spec> = async ({ opts, deps }) => {
  const s = deps.settings();
  await prepareSentKey(s, opts.apiKey ? 'api' : 'management');
  const key = opts.apiKey ? (s.apiKey ?? s.managementKey) : s.managementKey;
  if (!key) throw noCredentialsError(opts.apiKey ? 'api' : 'management', deps.target);
  // The one place a key is printed whole: it is what was asked for (stdout only, never a log).
  await deps.io.outUnmasked(`${key.value}\n`);
};
