// Presets: one seeded preset (two versions, the second designated), and the rule for adding a
// version. Each create makes a new version and designates it; the first one is version 1.
import { PERSISTED_FIELDS } from '../../api/schemas/preset.js';
import type { Rng } from '../prng.js';
import { rngFor } from '../prng.js';
import { ANCHOR_MS, DAY, iso } from './time.js';
import { PRODUCTION, SANDBOX_USER_ID } from './workspaces.js';

export interface PresetVersion {
  id: string;
  preset_id: string;
  version: number;
  config: Record<string, unknown>;
  system_prompt: string;
  creator_id: string;
  created_at: string;
  updated_at: string;
}

export interface PresetRecord {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  status: string;
  status_updated_at: string | null;
  workspace_id: string;
  creator_user_id: string;
  created_at: string;
  updated_at: string;
  versions: PresetVersion[];
}

export const SEEDED_PRESET_SLUG = 'support-triage';

/** The preset as the API returns it: with its designated (latest) version. */
export function presetView(record: PresetRecord): Record<string, unknown> {
  const designated = record.versions[record.versions.length - 1]!;
  const { versions: _versions, ...preset } = record;
  return { ...preset, designated_version_id: designated.id, designated_version: designated };
}

/** What a body persists: the fields shared with the preset config, `system` as the version's system_prompt; the rest is dropped. */
export function persistedParts(body: Record<string, unknown>): { config: Record<string, unknown>; systemPrompt: string } {
  const config: Record<string, unknown> = {};
  for (const field of PERSISTED_FIELDS) {
    if (field === 'system' || !(field in body)) continue;
    config[field] = body[field];
  }
  return { config, systemPrompt: systemText(body.system) };
}

/** `system` is a string or an array of text blocks; the version keeps it as one string. */
function systemText(system: unknown): string {
  if (typeof system === 'string') return system;
  if (Array.isArray(system)) {
    return system
      .map((block: unknown) =>
        block && typeof block === 'object' && typeof (block as { text?: unknown }).text === 'string'
          ? (block as { text: string }).text
          : '',
      )
      .filter(Boolean)
      .join('\n\n');
  }
  return '';
}

/** Adds a version to `existing`, or creates the preset at version 1. Returns the stored record. */
export function addVersion(
  existing: PresetRecord | undefined,
  slug: string,
  parts: { config: Record<string, unknown>; systemPrompt: string },
  at: string,
  ids: Rng,
): PresetRecord {
  const record: PresetRecord = existing ?? {
    id: ids.uuid(),
    name: slug,
    slug,
    description: null,
    status: 'active',
    status_updated_at: null,
    workspace_id: PRODUCTION.id,
    creator_user_id: SANDBOX_USER_ID,
    created_at: at,
    updated_at: at,
    versions: [],
  };
  record.versions.push({
    id: ids.uuid(),
    preset_id: record.id,
    version: record.versions.length + 1,
    config: parts.config,
    system_prompt: parts.systemPrompt,
    creator_id: SANDBOX_USER_ID,
    created_at: at,
    updated_at: at,
  });
  record.updated_at = at;
  return record;
}

export function seedPresets(seed: number): Map<string, PresetRecord> {
  const ids = rngFor(seed, 'preset-seed');
  let record = addVersion(
    undefined,
    SEEDED_PRESET_SLUG,
    {
      config: { model: 'anthropic/claude-4.6-sonnet', max_tokens: 1024, temperature: 0.2 },
      systemPrompt: 'You triage support tickets. Answer with a label and one sentence.',
    },
    iso(ANCHOR_MS - 30 * DAY),
    ids,
  );
  record = addVersion(
    record,
    SEEDED_PRESET_SLUG,
    {
      config: {
        model: 'anthropic/claude-4.6-sonnet',
        max_tokens: 2048,
        temperature: 0.1,
        fallbacks: [{ model: 'openai/gpt-5.4' }],
        speed: 'standard',
      },
      systemPrompt: 'You triage support tickets.\nAnswer with one label (bug, billing, question) and one sentence.',
    },
    iso(ANCHOR_MS - 9 * DAY),
    ids,
  );
  record.description = 'Labels incoming support tickets';
  return new Map([[record.slug, record]]);
}
