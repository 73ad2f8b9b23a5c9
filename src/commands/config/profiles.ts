import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['config', 'profiles'],
  summary: 'List the profiles in the config file, and where each keeps its keys',
  description:
    'One row per profile: whether it is the one in effect (--profile, GWCTL_PROFILE, or default), its base URL and\n' +
    'workspace, and where its management and API keys are kept (keychain, file, or a key command). Keys are never shown.',
  args: {},
  options: {},
  columns: ['name', 'current', 'base_url', 'workspace', 'management_key', 'api_key'],
  shape: '{data: [{name, current, base_url, workspace, management_key, api_key}]}',
  examples: ['gwctl config profiles', "gwctl config profiles --json | jq -r '.data[].name'"],
});
