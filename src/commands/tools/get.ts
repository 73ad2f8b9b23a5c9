import { TOOL_NAME } from '../../api/vocabulary.js';
import { arg, patternCheck } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['tools', 'get'],
  summary: 'Show a server tool: its engines, their pricing, and native support',
  args: {
    name: arg.required({
      name: 'name',
      description: 'canonical tool name (openrouter:web_search) or any alias',
      label: 'tool name',
      check: patternCheck(TOOL_NAME, 'must be a tool name or alias such as openrouter:web_search'),
    }),
  },
  options: {},
  examples: [
    'gwctl tools get openrouter:web_search',
    'gwctl tools get web_search_20250305',
    "gwctl tools get openrouter:web_search --json | jq '.data.engines[].id'",
  ],
});
