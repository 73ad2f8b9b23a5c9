import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../core/errors.js';
import { resolveProfileName } from '../../config/settings.js';

export const command = defineCommand({
  path: ['auth', 'login'],
  summary: 'Store a key for a profile (prompted, or read from stdin with --with-token)',
  description:
    'Keys never go on the command line: they are typed at a masked prompt or piped on stdin.\n' +
    'The config file is written with mode 0600. Without --api-key the key is the management key.',
  args: [],
  options: [
    { flags: '--with-token', description: 'read the key from standard input' },
    { flags: '--api-key', description: 'store the API key (interns and vault routes) instead of the management key' },
  ],
  examples: [
    'gwctl auth login',
    'printenv GATEWAY_MANAGEMENT_KEY | gwctl auth login --with-token',
    'gwctl auth login --api-key --profile staging',
  ],
  async run({ opts, deps }) {
    const { io, env, prompter } = deps;
    const which = opts.apiKey === true ? 'api' : 'management';
    const field = which === 'api' ? 'api-key' : 'management-key';
    const profile = resolveProfileName(deps.flags, env).value;
    let key: string;
    if (opts.withToken === true) {
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
    const { updateProfile } = await import('../../config/store.js');
    const { maskKey } = await import('../../core/mask.js');
    const file = await updateProfile(env, profile, (p) => {
      p[field] = key;
    });
    io.err(`Stored the ${which} key ${maskKey(key)} for profile "${profile}" in ${file}\n`);
  },
});
