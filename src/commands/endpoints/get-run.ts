import { routes } from '../../api/routes.js';
import { PrivateEndpointResponse } from '../../api/schemas/private-endpoint.js';
import { printDetail } from '../../output/print.js';
import type { RunFor } from '../context.js';
import { fetchChecked } from '../shared/fetch.js';
import { extraFields, perTokenPrice, status, yesNoUndeclared } from '../shared/format.js';
import { outputMode } from '../shared/output-mode.js';
import type { spec } from './get.js';

const KNOWN = [
  'id', 'status', 'model_permaslug', 'model_slug', 'model_name', 'provider_name', 'provider_slug', 'base_url',
  'upstream_model_id', 'declared_zdr', 'declared_region', 'pricing',
];

export const run: RunFor<typeof spec> = async ({ args, deps }) => {
  const { body, data } = await fetchChecked(deps, routes.getPrivateEndpoint, { params: { id: args.id } }, PrivateEndpointResponse);
  const e = data.data;
  const model = e.model_name ? `${e.model_name}${e.model_slug ? ` (${e.model_slug})` : ''}` : (e.model_slug ?? null);
  await printDetail(outputMode(deps, 'endpoints get'), body, [
    {
      fields: [
        ['ID', e.id],
        ['Status', status(e.status)],
        ['Model', model ?? { text: 'no longer listed', tone: 'muted' }],
        ['Permaslug', e.model_permaslug],
        ['Provider', e.provider_slug ? `${e.provider_name ?? ''} (${e.provider_slug})` : e.provider_name],
        ['Upstream model', e.upstream_model_id],
        ['Base URL', e.base_url ?? { text: 'derived from the BYOK credential', tone: 'muted' }],
        ['Zero data retention', yesNoUndeclared(e.declared_zdr)],
        ['Region', e.declared_region ?? { text: 'undeclared', tone: 'muted' }],
        ['Prompt price', perTokenPrice(e.pricing?.prompt)],
        ['Completion price', perTokenPrice(e.pricing?.completion)],
        ...extraFields(e, KNOWN),
      ],
    },
  ]);
};
