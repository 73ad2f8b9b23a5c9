import { SERVER_TOOL_FIELDS, TOOL_RESPONSE_SHAPE } from '../../api/fields.generated.js';
import { arg, pathIdCheck } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['tools', 'get'],
  operation: { name: 'get tool', method: 'GET', path: '/tools/{name}', key: 'management' },
  tool: 'read',
  summary: 'Show a server tool: its engines, their pricing, and native support',
  args: {
    name: arg.required({
      name: 'name',
      description: 'canonical tool name (openrouter:web_search) or any alias',
      label: 'tool name',
      // Any non-empty name is the API's to judge (an unknown one is its 404).
      check: pathIdCheck(),
    }),
  },
  options: {},
  // The tool's own fields (API names; `aliases` lists the alias types). Engines are a table of
  // their own: --jq '.data.engines[]' picks from them.
  columns: [
    'id',
    'name',
    'status',
    'summary',
    'tool_description',
    'docs_url',
    'supported_api_formats',
    'aliases',
    'default_engine',
    'fallback_engine',
    'native_support',
  ],
  fields: SERVER_TOOL_FIELDS,
  shape: TOOL_RESPONSE_SHAPE,
  examples: [
    'gwctl tools get openrouter:web_search',
    'gwctl tools get web_search_20250305',
    "gwctl tools get openrouter:web_search --json | jq '.data.engines[].id'",
    'gwctl tools get openrouter:web_search --columns name,status,default_engine --header',
  ],
});
