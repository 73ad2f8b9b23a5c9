import * as z from 'zod/mini';
import { nullableString } from './common.js';

export const ToolPrice = z.looseObject({
  mode: z.optional(z.string()),
  unit: z.optional(z.string()),
  price: z.optional(z.union([z.string(), z.number()])),
  max_units_per_call: z.optional(z.nullable(z.number())),
});

export const Engine = z.looseObject({
  id: z.optional(nullableString),
  name: z.optional(z.string()),
  byok: z.optional(z.string()),
  default_mode: z.optional(nullableString),
  executed_by: z.optional(z.string()),
  pricing_source: z.optional(z.string()),
  data_regions: z.optional(z.array(z.string())),
  pricing_doc_url: z.optional(nullableString),
  pricing: z.optional(z.array(ToolPrice)),
});
export type Engine = z.infer<typeof Engine>;

export const ServerTool = z.looseObject({
  id: z.string(),
  name: z.optional(z.string()),
  status: z.optional(z.string()),
  summary: z.optional(z.string()),
  tool_description: z.optional(z.string()),
  docs_url: z.optional(z.string()),
  supported_api_formats: z.optional(z.array(z.string())),
  default_engine: z.optional(nullableString),
  fallback_engine: z.optional(nullableString),
  aliases: z.optional(z.array(z.looseObject({ type: z.string() }))),
  engines: z.optional(z.array(Engine)),
  native_support: z.optional(z.looseObject({ endpoint_count: z.optional(z.number()), model_count: z.optional(z.number()) })),
});
export type ServerTool = z.infer<typeof ServerTool>;

export const ToolResponse = z.looseObject({ data: ServerTool });
