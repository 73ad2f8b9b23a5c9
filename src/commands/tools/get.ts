import { routes } from '../../api/routes.js';
import type { Engine } from '../../api/schemas/tool.js';
import { defineCommand } from '../../cli/command.js';
import { inline } from '../../output/cells.js';
import { printDetail } from '../../output/print.js';
import { fetchChecked, outputMode } from '../shared/fetch.js';
import { extraFields, list, status } from '../shared/format.js';

const KNOWN = [
  'id', 'name', 'status', 'summary', 'tool_description', 'docs_url', 'supported_api_formats', 'default_engine',
  'fallback_engine', 'aliases', 'engines', 'native_support', 'input_schema', 'output_schema', 'parameters_schema',
];

function pricing(engine: Engine): string {
  return (engine.pricing ?? [])
    .map((p) => {
      const cap = p.max_units_per_call === null || p.max_units_per_call === undefined ? '' : `, max ${p.max_units_per_call}/call`;
      return `$${inline(p.price)} per ${p.unit ?? 'unit'}${p.mode ? ` (${p.mode}${cap})` : cap ? ` (${cap.slice(2)})` : ''}`;
    })
    .join('; ');
}

export const command = defineCommand({
  path: ['tools', 'get'],
  summary: 'Show a server tool: its engines, their pricing, and native support',
  args: [{ name: 'name', description: 'canonical tool name (openrouter:web_search) or any alias', required: true }],
  options: [],
  examples: [
    'gwctl tools get openrouter:web_search',
    'gwctl tools get web_search_20250305',
    "gwctl tools get openrouter:web_search --json | jq '.data.engines[].id'",
  ],
  async run({ args, deps }) {
    const { checkInput } = await import('../../api/schemas/common.js');
    const { ToolResponse, toolName } = await import('../../api/schemas/tool.js');
    const name = checkInput(toolName, args.name, 'tool name');
    const { body, data } = await fetchChecked(deps, routes.getTool, { params: { name } }, ToolResponse);
    const t = data.data;
    const native = t.native_support;
    await printDetail(outputMode(deps), body, [
      {
        fields: [
          ['ID', t.id],
          ['Name', t.name],
          ['Status', status(t.status)],
          ['Summary', t.summary],
          ['Description', t.tool_description],
          ['Docs', t.docs_url],
          ['API formats', list(t.supported_api_formats)],
          ['Aliases', list(t.aliases?.map((a) => a.type))],
          ['Default engine', t.default_engine],
          ['Fallback engine', t.fallback_engine],
          ['Native support', native ? `${native.endpoint_count ?? '?'} endpoints, ${native.model_count ?? '?'} models` : null],
          ...extraFields(t, KNOWN),
        ],
      },
      {
        title: 'Engines',
        key: 'engine',
        headers: ['ID', 'NAME', 'EXECUTED BY', 'BYOK', 'DEFAULT MODE', 'REGIONS', 'PRICING', 'PRICING SOURCE'],
        rows: (t.engines ?? []).map((e) => [
          e.id ?? null,
          e.name,
          e.executed_by,
          e.byok,
          e.default_mode ?? null,
          list(e.data_regions),
          pricing(e),
          e.pricing_source,
        ]),
      },
    ]);
  },
});
