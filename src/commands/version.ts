import { defineSpec } from '../core/spec.js';

export const spec = defineSpec({
  path: ['version'],
  summary: 'Print the version, the commit and build time, and what gwctl runs on',
  description: [
    'The version of gwctl, the commit it was built from and when (UTC), the Node.js version and',
    'platform it runs on, and whether it is a standalone executable (Node inside) or the npm package.',
    'With --json, an object of version, commit, built, node, platform and executable (true or false).',
    '`gwctl --version` prints the version alone.',
  ].join('\n'),
  args: {},
  options: {},
  examples: ['gwctl version', 'gwctl version --json | jq -r .commit'],
});
