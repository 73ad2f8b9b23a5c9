// Provider-key (BYOK) credentials: about 250 in the default workspace across a dozen providers
// (enough for three pages at the largest page size), and a few in staging. Listed per provider,
// in the order the service tries them (sort_order ascending).
import { KNOWN_PROVIDERS } from '../../api/vocabulary.js';
import { rngFor, type Rng } from '../prng.js';
import { ANCHOR_MS, DAY, HOUR, iso } from './time.js';
import { PRODUCTION, STAGING } from './workspaces.js';

/** A credential as the sandbox keeps and serves it. */
export type ByokCredential = ReturnType<typeof credential>;

/** Provider, display name, key prefix, count in production, count in staging. */
const PROVIDERS: readonly [string, string, string, number, number][] = [
  ['openai', 'OpenAI', 'sk-proj-', 64, 3],
  ['anthropic', 'Anthropic', 'sk-ant-', 48, 2],
  ['amazon-bedrock', 'Bedrock', 'AKIA', 22, 1],
  ['google-vertex', 'Vertex', 'vtx-', 18, 1],
  ['azure', 'Azure', 'az-', 20, 0],
  ['mistral', 'Mistral', 'ms-', 14, 1],
  ['groq', 'Groq', 'gsk_', 12, 0],
  ['together', 'Together', 'tg-', 10, 1],
  ['deepseek', 'DeepSeek', 'sk-', 10, 0],
  ['xai', 'xAI', 'xai-', 12, 1],
  ['fireworks', 'Fireworks', 'fw_', 10, 0],
  ['cohere', 'Cohere', 'co-', 8, 1],
];

const MODELS: Readonly<Record<string, string[]>> = {
  openai: ['openai/gpt-4o', 'openai/gpt-4o-mini'],
  anthropic: ['anthropic/claude-4.6-sonnet'],
};

export function seedByok(seed: number): ByokCredential[] {
  const out: ByokCredential[] = [];
  for (const [provider, display, prefix, production, staging] of PROVIDERS) {
    // A slug the project does not know would be a defect in this table.
    if (!(KNOWN_PROVIDERS as readonly string[]).includes(provider)) throw new Error(`unknown provider ${provider}`);
    for (const [workspace, count] of [
      [PRODUCTION.id, production],
      [STAGING.id, staging],
    ] as const) {
      for (let k = 0; k < count; k++)
        out.push(credential(rngFor(seed, `byok:${provider}:${workspace}`, k), [provider, display, prefix], workspace, k, out.length));
    }
  }
  return out;
}

/** The k-th credential of a provider in a workspace, the n-th of all. */
function credential(r: Rng, [provider, display, prefix]: readonly [string, string, string], workspace: string, k: number, n: number) {
  return {
    id: r.uuid(),
    workspace_id: workspace,
    provider,
    name: `${display} key ${String(k + 1).padStart(2, '0')}${workspace === STAGING.id ? ' (staging)' : ''}`,
    label: `${prefix}...${r.chars('ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789', 4)}`,
    disabled: k % 10 === 7,
    is_byok_only: k % 4 === 1,
    is_fallback: k % 5 === 3,
    is_required: k % 9 === 4,
    sort_order: k,
    declared_zdr: k % 3 === 0 ? true : k % 3 === 1 ? false : null,
    allowed_api_key_hashes: k % 8 === 2 ? [r.hex(64), r.hex(64)] : null,
    allowed_models: k % 6 === 1 ? (MODELS[provider] ?? [`${provider}/default`]) : null,
    allowed_user_ids: k % 11 === 3 ? ['user_sandbox_0001', `user_${r.hex(12)}`] : null,
    created_at: iso(ANCHOR_MS - 400 * DAY + n * 37 * HOUR),
  };
}
