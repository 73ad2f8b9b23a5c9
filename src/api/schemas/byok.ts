import * as z from 'zod/mini';
import { nullableString, timestamp } from './common.js';

export const ByokCredential = z.looseObject({
  id: z.string(),
  workspace_id: z.optional(nullableString),
  provider: z.string(),
  name: z.optional(nullableString),
  label: z.optional(z.string()),
  disabled: z.optional(z.boolean()),
  is_byok_only: z.optional(z.boolean()),
  is_fallback: z.optional(z.boolean()),
  is_required: z.optional(z.boolean()),
  sort_order: z.optional(z.number()),
  declared_zdr: z.optional(z.nullable(z.boolean())),
  allowed_api_key_hashes: z.optional(z.nullable(z.array(z.unknown()))),
  allowed_models: z.optional(z.nullable(z.array(z.unknown()))),
  allowed_user_ids: z.optional(z.nullable(z.array(z.unknown()))),
  created_at: z.optional(timestamp),
});
export type ByokCredential = z.infer<typeof ByokCredential>;

export const ByokList = z.looseObject({
  data: z.array(ByokCredential),
  total_count: z.number(),
});
