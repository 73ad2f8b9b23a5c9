import * as z from 'zod/mini';
import { nullableString } from './common.js';

export const BYOK_PAGE = { min: 1, max: 100 } as const;

/** Provider slugs as openapi.json lists them today; completion offers these, validation only checks the form. */
export const KNOWN_PROVIDERS = [
  'ai21', 'aion-labs', 'akashml', 'alibaba', 'amazon-bedrock', 'amazon-nova', 'ambient', 'anthropic', 'arcee-ai',
  'atlas-cloud', 'avian', 'azure', 'baidu', 'baseten', 'black-forest-labs', 'byteplus', 'cerebras', 'chutes',
  'cirrascale', 'clarifai', 'cloudflare', 'cohere', 'coreweave', 'crusoe', 'darkbloom', 'databricks', 'decart',
  'deepgram', 'deepinfra', 'deepseek', 'dekallm', 'digitalocean', 'featherless', 'fireworks', 'fish-audio',
  'friendli', 'gmicloud', 'google-ai-studio', 'google-vertex', 'groq', 'heygen', 'inception', 'inceptron',
  'inferact-vllm', 'inference-net', 'infermatic', 'inflection', 'io-net', 'ionstream', 'krea', 'liquid', 'makora',
  'mancer', 'mara', 'meta', 'minimax', 'mistral', 'modal', 'modelrun', 'modular', 'moonshotai', 'morph', 'ncompass',
  'nebius', 'nex-agi', 'nextbit', 'novita', 'nvidia', 'open-inference', 'openai', 'parasail', 'perceptron',
  'perplexity', 'phala', 'poolside', 'quiver', 'recraft', 'reka', 'relace', 'runway', 'sail-research', 'sakana',
  'sakana-ai', 'sambanova', 'seed', 'siliconflow', 'sourceful', 'stepfun', 'streamlake', 'switchpoint', 'tencent',
  'tenstorrent', 'thinkingmachines', 'together', 'upstage', 'venice', 'wafer', 'wandb', 'wandb-legacy', 'xai',
  'xiaomi', 'z-ai',
] as const;

export const providerSlug = z.string().check(
  z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, '--provider must be a lowercase-hyphen provider slug such as openai or amazon-bedrock'),
);

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
  created_at: z.optional(z.string()),
});
export type ByokCredential = z.infer<typeof ByokCredential>;

export const ByokList = z.looseObject({
  data: z.array(ByokCredential),
  total_count: z.number(),
});
