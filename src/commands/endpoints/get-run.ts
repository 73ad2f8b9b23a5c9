import { routes } from '../../api/routes.js';
import { PrivateEndpointResponse, type PrivateEndpoint } from '../../api/schemas/private-endpoint.js';
import { columnsOf, type ColumnViews, type RunFor } from '../context.js';
import { fetchChecked } from '../shared/fetch.js';
import { detailView } from '../shared/detail.js';
import { perTokenPrice, status, yesNoUndeclared } from '../shared/format.js';
import type { spec } from './get.js';

// The fields, declared once with the API fields each reads: labelled rows on a terminal, raw
// values by name in a pipe, and the columns --columns and --header pick from (raw values:
// slugs, decimals as sent, true/false).
const views: ColumnViews<typeof spec, PrivateEndpoint> = {
  id: { header: 'ID', value: (e) => e.id },
  status: { header: 'Status', value: (e) => status(e.status) },
  model: {
    header: 'Model',
    value: (e) =>
      e.model_name
        ? `${e.model_name}${e.model_slug ? ` (${e.model_slug})` : ''}`
        : (e.model_slug ?? { text: 'no longer listed', tone: 'muted' }),
    raw: (e) => e.model_slug ?? null,
    uses: ['model_name', 'model_slug'],
  },
  model_permaslug: { header: 'Permaslug', value: (e) => e.model_permaslug },
  provider: {
    header: 'Provider',
    value: (e) => (e.provider_slug ? `${e.provider_name ?? ''} (${e.provider_slug})` : e.provider_name),
    raw: (e) => e.provider_slug ?? e.provider_name ?? null,
    uses: ['provider_name', 'provider_slug'],
  },
  upstream_model_id: { header: 'Upstream model', value: (e) => e.upstream_model_id },
  base_url: {
    header: 'Base URL',
    value: (e) => e.base_url ?? { text: 'derived from the BYOK credential', tone: 'muted' },
    raw: (e) => e.base_url ?? null,
  },
  declared_zdr: { header: 'Zero data retention', value: (e) => yesNoUndeclared(e.declared_zdr), raw: (e) => e.declared_zdr ?? null },
  declared_region: {
    header: 'Region',
    value: (e) => e.declared_region ?? { text: 'undeclared', tone: 'muted' },
    raw: (e) => e.declared_region ?? null,
  },
  prompt_price: {
    header: 'Prompt price',
    value: (e) => perTokenPrice(e.pricing?.prompt),
    raw: (e) => e.pricing?.prompt ?? null,
    uses: ['pricing'],
  },
  completion_price: {
    header: 'Completion price',
    value: (e) => perTokenPrice(e.pricing?.completion),
    raw: (e) => e.pricing?.completion ?? null,
    uses: ['pricing'],
  },
};

export const run: RunFor<typeof spec> = async ({ spec: declared, args, deps }) => {
  const { body, data } = await fetchChecked(deps, routes.endpointsGet, { params: { id: args.id } }, PrivateEndpointResponse);
  await deps.printer.detail({ body, view: detailView(data.data, columnsOf(declared, views), { pickable: true }) });
};
