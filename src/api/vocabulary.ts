// The API's fixed words and limits, free of zod, so that command specs (help, completion,
// option parsers) can name them without loading any schema.
import { option, ValueRefused, type OptionDef } from '../core/options.js';

/** The document's intern statuses. openapi.json says awaiting_slack_install where the document says awaiting_chat_install; both are accepted from a server. */
export const INTERN_STATUSES = [
  'awaiting_chat_install',
  'queued',
  'provisioning',
  'running',
  'failed',
  'stopped',
  'destroying',
  'destroy_failed',
] as const;
export const INTERN_STATUS_ALIASES = ['awaiting_slack_install'] as const;
export const MAX_STATUS_FILTERS = 8;
export const INTERN_PAGE = { min: 1, max: 500, default: 50 } as const;

export const BYOK_PAGE = { min: 1, max: 100 } as const;

/** Provider slugs as openapi.json lists them today; completion offers these, validation only checks the form. */
export const KNOWN_PROVIDERS = [
  'ai21',
  'aion-labs',
  'akashml',
  'alibaba',
  'amazon-bedrock',
  'amazon-nova',
  'ambient',
  'anthropic',
  'arcee-ai',
  'atlas-cloud',
  'avian',
  'azure',
  'baidu',
  'baseten',
  'black-forest-labs',
  'byteplus',
  'cerebras',
  'chutes',
  'cirrascale',
  'clarifai',
  'cloudflare',
  'cohere',
  'coreweave',
  'crusoe',
  'darkbloom',
  'databricks',
  'decart',
  'deepgram',
  'deepinfra',
  'deepseek',
  'dekallm',
  'digitalocean',
  'featherless',
  'fireworks',
  'fish-audio',
  'friendli',
  'gmicloud',
  'google-ai-studio',
  'google-vertex',
  'groq',
  'heygen',
  'inception',
  'inceptron',
  'inferact-vllm',
  'inference-net',
  'infermatic',
  'inflection',
  'io-net',
  'ionstream',
  'krea',
  'liquid',
  'makora',
  'mancer',
  'mara',
  'meta',
  'minimax',
  'mistral',
  'modal',
  'modelrun',
  'modular',
  'moonshotai',
  'morph',
  'ncompass',
  'nebius',
  'nex-agi',
  'nextbit',
  'novita',
  'nvidia',
  'open-inference',
  'openai',
  'parasail',
  'perceptron',
  'perplexity',
  'phala',
  'poolside',
  'quiver',
  'recraft',
  'reka',
  'relace',
  'runway',
  'sail-research',
  'sakana',
  'sakana-ai',
  'sambanova',
  'seed',
  'siliconflow',
  'sourceful',
  'stepfun',
  'streamlake',
  'switchpoint',
  'tencent',
  'tenstorrent',
  'thinkingmachines',
  'together',
  'upstage',
  'venice',
  'wafer',
  'wandb',
  'wandb-legacy',
  'xai',
  'xiaomi',
  'z-ai',
] as const;

/** A provider slug: lowercase words joined by hyphens. */
export const PROVIDER_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const SECRET_PAGE = { min: 1, max: 100, default: 100 } as const;
export const SECRET_OFFSET = { min: 0, max: 10000 } as const;

export { URL_SAFE } from '../core/patterns.js';

/** How many requests a run acting on many targets keeps in flight: a fixed number, or `auto`. */
export type ConcurrencyChoice = number | 'auto';

/** `auto` starts at `start` and adapts between `min` and `max`; `default` is the fixed number used where nothing adapts. */
export const CONCURRENCY = { min: 1, max: 16, start: 4, default: 4 } as const;

/** What a many-target run uses without --concurrency. */
export const DEFAULT_CONCURRENCY: ConcurrencyChoice = CONCURRENCY.default;

/** `--concurrency`: an integer from 1 to 16, or `auto`. */
export function concurrencyChoice(text: string, name: string): ConcurrencyChoice {
  if (text === 'auto') return 'auto';
  const n = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= CONCURRENCY.min && n <= CONCURRENCY.max)) {
    throw new ValueRefused(`${name} must be an integer from ${CONCURRENCY.min} to ${CONCURRENCY.max}, or auto`);
  }
  return n;
}

/** The `--concurrency` option of every command that acts on many targets. */
export function concurrencyOption(): OptionDef<ConcurrencyChoice | undefined> {
  const byDefault = String(DEFAULT_CONCURRENCY);
  return option.custom(
    '--concurrency <n|auto>',
    `requests in flight at once, 1-16, or auto: start at ${CONCURRENCY.start} and adapt to how the server answers (default ${byDefault})`,
    concurrencyChoice,
  );
}
