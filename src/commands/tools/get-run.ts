import { routes } from '../../api/routes.js';
import { ToolResponse, type Engine, type ServerTool } from '../../api/schemas/tool.js';
import { inline } from '../../output/cells.js';
import { columnsOf, type ColumnViews, type RunFor } from '../context.js';
import { fetchChecked } from '../shared/fetch.js';
import { detailView } from '../shared/detail.js';
import { list, status } from '../shared/format.js';
import type { spec } from './get.js';

function pricing(engine: Engine): string {
  return (engine.pricing ?? [])
    .map((p) => {
      const cap = p.max_units_per_call === null || p.max_units_per_call === undefined ? '' : `, max ${p.max_units_per_call}/call`;
      return `$${inline(p.price)} per ${p.unit ?? 'unit'}${p.mode ? ` (${p.mode}${cap})` : cap ? ` (${cap.slice(2)})` : ''}`;
    })
    .join('; ');
}

// The tool's fields, declared once: labelled rows, and the columns --columns and --header pick from.
const views: ColumnViews<typeof spec, ServerTool> = {
  id: { header: 'ID', value: (t) => t.id },
  name: { header: 'Name', value: (t) => t.name },
  status: { header: 'Status', value: (t) => status(t.status) },
  summary: { header: 'Summary', value: (t) => t.summary },
  tool_description: { header: 'Description', value: (t) => t.tool_description },
  docs_url: { header: 'Docs', value: (t) => t.docs_url },
  supported_api_formats: {
    header: 'API formats',
    value: (t) => list(t.supported_api_formats),
    raw: (t) => t.supported_api_formats?.join(',') ?? null,
  },
  aliases: {
    header: 'Aliases',
    value: (t) => list(t.aliases?.map((a) => a.type)),
    raw: (t) => t.aliases?.map((a) => a.type).join(',') ?? null,
  },
  default_engine: { header: 'Default engine', value: (t) => t.default_engine },
  fallback_engine: { header: 'Fallback engine', value: (t) => t.fallback_engine },
  native_support: {
    header: 'Native support',
    value: (t) =>
      t.native_support ? `${t.native_support.endpoint_count ?? '?'} endpoints, ${t.native_support.model_count ?? '?'} models` : null,
    raw: (t) => t.native_support ?? null,
  },
};

export const run: RunFor<typeof spec> = async ({ spec: declared, args, deps }) => {
  const { body, data } = await fetchChecked(deps, routes.toolsGet, { params: { name: args.name } }, ToolResponse);
  const t = data.data;
  const view = detailView(t, columnsOf(declared, views), {
    pickable: true,
    // The engines are the section below; the schemas are for programs (--json).
    alsoKnown: ['engines', 'input_schema', 'output_schema', 'parameters_schema'],
    sections: [
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
    ],
  });
  await deps.printer.detail({ body, view });
};
