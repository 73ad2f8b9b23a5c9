import * as z from 'zod/mini';
import { nullableString } from './common.js';

const decimal = z.string();

export const PrivateEndpoint = z.looseObject({
  id: z.string(),
  status: z.string(),
  model_permaslug: z.optional(z.string()),
  model_slug: z.optional(nullableString),
  model_name: z.optional(nullableString),
  provider_name: z.optional(z.string()),
  provider_slug: z.optional(nullableString),
  base_url: z.optional(nullableString),
  upstream_model_id: z.optional(z.string()),
  declared_zdr: z.optional(z.nullable(z.boolean())),
  declared_region: z.optional(nullableString),
  pricing: z.optional(z.looseObject({ prompt: z.optional(decimal), completion: z.optional(decimal) })),
});
export type PrivateEndpoint = z.infer<typeof PrivateEndpoint>;

export const PrivateEndpointResponse = z.looseObject({ data: PrivateEndpoint });
