import { resolveProfileName } from '../../config/settings.js';
import { usageError } from '../../core/errors.js';
import { maskKey } from '../../core/mask.js';
import type { RunFor } from '../context.js';
import type { spec } from './login.js';

export const run: RunFor<typeof spec> = async ({ opts, deps }) => {
  const { io, env, prompter } = deps;
  const which = opts.apiKey ? 'api' : 'management';
  const field = which === 'api' ? 'api-key' : 'management-key';
  const profile = resolveProfileName(deps.flags).value;
  let key: string;
  if (opts.withToken) {
    key = (await io.readStdin()).trim();
    if (key === '') throw usageError('no key on standard input', `pipe it in, as in 'printenv MY_KEY | gwctl auth login --with-token'`);
  } else if (prompter.interactive) {
    key = (await prompter.password(`Paste your ${which} key for profile "${profile}":`)).trim();
    if (key === '') throw usageError('no key entered');
  } else {
    throw usageError('no terminal to prompt on', 'pipe the key in with --with-token');
  }
  if (/\s/.test(key)) throw usageError('the key contains whitespace; paste only the key');
  io.addSecret(key);
  const { updateProfile } = await deps.heavy.configStore();
  const { file } = await updateProfile(env, profile, (p) => {
    p[field] = key;
  });
  io.err(`Stored the ${which} key ${maskKey(key)} for profile "${profile}" in ${file}\n`);
};
