import { option } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['auth', 'login'],
  summary: 'Store a key for a profile (prompted, or read from stdin with --with-token)',
  description:
    'Keys never go on the command line: they are typed at a masked prompt or piped on stdin.\n' +
    "The key goes into the operating system's credential store (macOS Keychain, Windows Credential Manager,\n" +
    'the Secret Service on Linux); when none answers, or with --insecure-storage, into the 0600 config file.\n' +
    'Before storing, one request checks the key and tells a management key from an API key (--no-verify skips it).\n' +
    'Without --api-key the key is the management key.\n' +
    'The key is bound to the origin of the base URL it is stored for, and never sent to another;\n' +
    '--base-url is stored in the profile with it.',
  args: {},
  options: {
    withToken: option.flag('--with-token', 'read the key from standard input'),
    apiKey: option.flag('--api-key', 'store the API key (interns, vault and batches routes) instead of the management key'),
    // Commander's negated flag: the value is true unless --no-verify is given.
    verify: {
      flags: '--no-verify',
      description: 'store the key without checking it with the API (offline set-up)',
      parse: (raw) => raw !== false,
    },
    insecureStorage: option.flag(
      '--insecure-storage',
      "keep the key in the 0600 config file, not in the operating system's credential store",
    ),
  },
  examples: [
    'gwctl auth login',
    'printenv GATEWAY_MANAGEMENT_KEY | gwctl auth login --with-token',
    'gwctl auth login --api-key --profile staging',
    'gwctl auth login --profile internal --base-url https://gw.internal.example/api/v1',
  ],
});
