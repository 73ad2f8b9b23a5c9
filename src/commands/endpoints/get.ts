import { PRIVATE_ENDPOINT_FIELDS, PRIVATE_ENDPOINT_RESPONSE_SHAPE } from '../../api/fields.generated.js';
import { arg, uuidCheck } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['endpoints', 'get'],
  operation: { name: 'get private endpoint', method: 'GET', path: '/private-endpoints/{id}', key: 'management' },
  tool: 'read',
  summary: 'Show a private endpoint and its negotiated prices',
  args: {
    id: arg.required({
      name: 'id',
      description: 'private endpoint id (UUID), from where the endpoint was set up',
      label: 'endpoint id',
      check: uuidCheck(),
    }),
  },
  options: {},
  // API field names; `model` and `provider` are derived (name and slug), `prompt_price` and
  // `completion_price` are pricing.prompt and pricing.completion (per token, as sent).
  columns: [
    'id',
    'status',
    'model',
    'model_permaslug',
    'provider',
    'upstream_model_id',
    'base_url',
    'declared_zdr',
    'declared_region',
    'prompt_price',
    'completion_price',
  ],
  fields: PRIVATE_ENDPOINT_FIELDS,
  shape: PRIVATE_ENDPOINT_RESPONSE_SHAPE,
  examples: [
    'gwctl endpoints get 5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11',
    'gwctl endpoints get 5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11 --jq .data.pricing.prompt',
    "gwctl endpoints get 5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11 --json | jq -r '.data.pricing.prompt'",
    'gwctl endpoints get 5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11 --columns id,status,prompt_price,completion_price',
  ],
});
