import { option } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['auth', 'token'],
  summary: 'Print the key in effect, for use in other tools',
  description:
    'Prints the management key (or, with --api-key, the API key) that gwctl would send, followed by a newline,\n' +
    'from wherever it comes: the environment, a key command, the credential store or the config file.\n' +
    'Exit 4 and nothing on stdout when there is none.',
  args: {},
  options: { apiKey: option.flag('--api-key', 'print the API key (interns, vault and batches routes; falls back to the management key)') },
  examples: [
    'gwctl auth token',
    'curl -H "Authorization: Bearer $(gwctl auth token)" https://openrouter.ai/api/v1/byok',
    'gwctl auth token --api-key --profile ci',
  ],
});
