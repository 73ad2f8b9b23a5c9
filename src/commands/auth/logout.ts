import { option } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['auth', 'logout'],
  summary: "Remove a profile's stored keys",
  args: {},
  options: { apiKey: option.flag('--api-key', 'remove only the API key') },
  examples: ['gwctl auth logout', 'gwctl auth logout --profile staging'],
});
