import { option } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['auth', 'login'],
  summary: 'Store a key for a profile (prompted, or read from stdin with --with-token)',
  description:
    'Keys never go on the command line: they are typed at a masked prompt or piped on stdin.\n' +
    'The config file is written with mode 0600. Without --api-key the key is the management key.',
  args: {},
  options: {
    withToken: option.flag('--with-token', 'read the key from standard input'),
    apiKey: option.flag('--api-key', 'store the API key (interns and vault routes) instead of the management key'),
    insecureStorage: option.flag(
      '--insecure-storage',
      "keep the key in the 0600 config file, not in the operating system's credential store",
    ),
  },
  examples: [
    'gwctl auth login',
    'printenv GATEWAY_MANAGEMENT_KEY | gwctl auth login --with-token',
    'gwctl auth login --api-key --profile staging',
  ],
});
