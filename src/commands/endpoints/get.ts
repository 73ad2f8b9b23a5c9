import { routes } from '../../api/routes.js';
import { defineCommand } from '../../cli/command.js';
import { printDetail } from '../../output/print.js';
import { fetchChecked, outputMode } from '../shared/fetch.js';
import { extraFields, perTokenPrice, status, yesNoUndeclared } from '../shared/format.js';

const KNOWN = [
  'id', 'status', 'model_permaslug', 'model_slug', 'model_name', 'provider_name', 'provider_slug', 'base_url',
  'upstream_model_id', 'declared_zdr', 'declared_region', 'pricing',
];

export const command = defineCommand({
  path: ['endpoints', 'get'],
  summary: 'Show a private endpoint and its negotiated prices',
  args: [{ name: 'id', description: 'private endpoint id (UUID)', required: true }],
  options: [],
  examples: [
    'gwctl endpoints get 5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11',
    "gwctl endpoints get 5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11 --json | jq -r '.data.pricing.prompt'",
  ],
  async run({ args, deps }) {
    const { checkInput, uuidInput } = await import('../../api/schemas/common.js');
    const { PrivateEndpointResponse } = await import('../../api/schemas/private-endpoint.js');
    const id = checkInput(uuidInput, args.id, 'endpoint id');
    const { body, data } = await fetchChecked(deps, routes.getPrivateEndpoint, { params: { id } }, PrivateEndpointResponse);
    const e = data.data;
    const model = e.model_name ? `${e.model_name}${e.model_slug ? ` (${e.model_slug})` : ''}` : (e.model_slug ?? null);
    await printDetail(outputMode(deps), body, [
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
  },
});
