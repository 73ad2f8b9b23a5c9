import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['auth', 'status'],
  summary: 'Show the credentials and settings in effect, keys masked, and where each comes from',
  args: {},
  options: {},
  examples: ['gwctl auth status', 'GWCTL_PROFILE=staging gwctl auth status', "gwctl auth status --json | jq -r '.management_key.source'"],
});
