// The body of `presets create`: read from a file or stdin, flags (already checked) laid over it.
import { IGNORED_FIELDS, PERSISTED_FIELDS } from '../../api/schemas/preset.js';
import { usageError } from '../../core/errors.js';
import { isObject } from '../../core/patterns.js';
import { sanitizeField } from '../../core/sanitize.js';
import { inline } from '../../output/cells.js';
import { truncateToWidth, wrapToWidth } from '../../output/width.js';
import type { Deps } from '../context.js';
import { readBody } from '../shared/read-body.js';

export interface BodyOptions {
  file?: string;
  model?: string;
  maxTokens?: number;
  temperature?: number;
  system?: string;
}

export async function buildPresetBody(deps: Deps, options: BodyOptions): Promise<Record<string, unknown>> {
  let body: Record<string, unknown> = {};
  if (options.file !== undefined) {
    const named = `--file ${options.file === '-' ? '(stdin)' : options.file}`;
    const text = await readBody(deps.io, options.file, named, (error) =>
      usageError(`cannot read --file ${options.file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`),
    );
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw usageError(`${named} is not valid JSON: ${(error as Error).message}`);
    }
    if (!isObject(parsed)) throw usageError('the preset body must be a JSON object');
    body = parsed;
  }
  if (options.model !== undefined) body.model = options.model;
  if (options.maxTokens !== undefined) body.max_tokens = options.maxTokens;
  if (options.temperature !== undefined) body.temperature = options.temperature;
  if (options.system !== undefined) body.system = options.system;
  if (Object.keys(body).length === 0) {
    throw usageError(
      'nothing to store',
      'give --file PATH (or --file - for stdin), or at least one of --model, --max-tokens, --temperature, --system',
    );
  }
  return body;
}

/** The fields of `body` the service keeps: what the new version will hold, and all it will hold. */
export function heldFields(body: Record<string, unknown>): string[] {
  return Object.keys(body).filter((k) => !isIgnored(k));
}

/** The fields of `body` the service ignores (`messages`, `stream`, anything outside the preset config). */
export function ignoredFields(body: Record<string, unknown>): string[] {
  return Object.keys(body).filter(isIgnored);
}

function isIgnored(key: string): boolean {
  return (IGNORED_FIELDS as readonly string[]).includes(key) || !(PERSISTED_FIELDS as readonly string[]).includes(key);
}

// The service makes a version from the request body alone: `--temperature 0.2` on a preset
// whose version holds a model makes a version without one. Said before sending, every time, in
// words that hold whether or not the slug has a version yet (the API cannot say).
const NOT_CARRIED = 'If the preset already has a version, the fields not given are not carried over from it.';

/** For --dry-run: which fields the new version would hold (two lines). */
export function heldLine(slug: string, body: Record<string, unknown>): string {
  const held = heldFields(body);
  return `A new version of ${sanitizeField(slug)} would hold ${held.length ? `only: ${held.join(', ')}` : 'no settings'}.\n${NOT_CARRIED}`;
}

/** The version about to be created, before it is sent: its model, each field given, the fields it drops; values cut to `width`. */
export function versionPreview(slug: string, body: Record<string, unknown>, width: number): string {
  const held = heldFields(body);
  const shown = ['model', ...held.filter((k) => k !== 'model')];
  const labelWidth = Math.max(...shown.map((k) => k.length));
  const room = Math.max(10, width - labelWidth - 4);
  const lines = shown.map(
    (k) =>
      `  ${k.padEnd(labelWidth)}  ${held.includes(k) ? truncateToWidth(sanitizeField(inline(body[k])), room) : '(not given: this version has none)'}`,
  );
  const left = PERSISTED_FIELDS.filter((k) => !held.includes(k));
  return [
    `The version of ${sanitizeField(slug)} to create:`,
    ...lines,
    ...wrapToWidth(`It does not hold, although a version before it may: ${left.join(', ')}.`, width),
    ...wrapToWidth(NOT_CARRIED, width),
  ].join('\n');
}
