import { option } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['auth', 'status'],
  summary: 'Show the credentials and settings in effect, keys masked, and where each comes from',
  description:
    'Each key in effect is shown masked with its source (env, command, keychain or file) and checked with one\n' +
    'request to the API (--offline skips the check). Exit 4 when there is no key or a key is rejected.',
  args: {},
  options: { offline: option.flag('--offline', 'do not check the keys with the API') },
  // The report auth status-run.ts makes (each key an object: masked, source, check).
  shape: '{profile, config_file, base_url, management_key, api_key, …}',
  examples: ['gwctl auth status', 'GWCTL_PROFILE=staging gwctl auth status', "gwctl auth status --json | jq -r '.management_key.source'"],
});
