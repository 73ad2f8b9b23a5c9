import { noCredentialsError } from '../../core/errors.js';
import { sentKey } from '../../config/settings.js';
import type { RunFor } from '../context.js';
import type { spec } from './token.js';

export const run: RunFor<typeof spec> = async ({ opts, deps }) => {
  const sent = await sentKey(deps.settings(), opts.apiKey ? 'api' : 'management');
  if (!sent) throw noCredentialsError(opts.apiKey ? 'api' : 'management', deps.target);
  // The one place a key is printed whole: it is what was asked for (stdout only, never a log).
  await deps.io.outUnmasked(`${sent.key.value}\n`);
};
