import { routes } from '../../api/routes.js';
import { ToolResponse, type Engine } from '../../api/schemas/tool.js';
import { inline } from '../../output/cells.js';
import { printDetail } from '../../output/print.js';
import type { RunFor } from '../context.js';
import { fetchChecked } from '../shared/fetch.js';
import { extraFields, list, status } from '../shared/format.js';
import { outputMode } from '../shared/output-mode.js';
import type { spec } from './get.js';

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

export const run: RunFor<typeof spec> = async ({ args, deps }) => {
  const { body, data } = await fetchChecked(deps, routes.getTool, { params: { name: args.name } }, ToolResponse);
  const t = data.data;
  const native = t.native_support;
  await printDetail(outputMode(deps, 'tools get'), body, [
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
};
