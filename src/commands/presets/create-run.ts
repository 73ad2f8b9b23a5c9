import { routes } from '../../api/routes.js';
import { checkPresetBody, IGNORED_FIELDS, PresetResponse, type Preset } from '../../api/schemas/preset.js';
import { inline } from '../../output/cells.js';
import type { NamedColumn } from '../../output/columns.js';
import type { Section } from '../../output/printer.js';
import type { Deps, RunContext, RunFor } from '../context.js';
import { rawOf } from '../../output/columns.js';
import { detailView, fieldsOf } from '../shared/detail.js';
import { status } from '../shared/format.js';
import { sanitizeField } from '../../core/sanitize.js';
import { usageError } from '../../core/errors.js';
import { isObject } from '../../core/patterns.js';
import { runWrite, writeOf } from '../shared/write.js';
import { spec } from './create.js';
import { truncateToWidth, wrapToWidth } from '../../output/width.js';
import { readBody } from '../shared/read-body.js';

/**
 * The body `presets create` sends for these options, built and checked: what its dry run prints,
 * what a person sees before it is sent, and what its MCP tool previews and sends.
 */
export async function presetBodyOf({ opts, deps }: Pick<RunContext<typeof spec>, 'opts' | 'deps'>): Promise<Record<string, unknown>> {
  const body = await buildPresetBody(deps, {
    ...(opts.file !== undefined ? { file: opts.file } : {}),
    ...(opts.model !== undefined ? { model: opts.model } : {}),
    ...(opts.maxTokens !== undefined ? { maxTokens: opts.maxTokens } : {}),
    ...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
    ...(opts.system !== undefined ? { system: opts.system } : {}),
  });
  checkPresetBody(body);
  return body;
}

/** Creating one version: what the command, its MCP tool and `gwctl api` on its route share (the target is the slug). */
export const write = writeOf(spec, {
  doneWord: 'created',
  named: false,
  route: routes.presetsCreate,
  param: 'slug',
  schema: PresetResponse,
  // The answer is the version made: the API document gives it no field that could say otherwise.
  unmet: () => undefined,
  ifAnswerLost: () => 'check the current state before trying again',
  targetsOf: ({ args }) => {
    const slug = String(args.slug);
    return async () => [{ id: slug }];
  },
  bodyOf: (input) => presetBodyOf(input as RunContext<typeof spec>),
  dryRun: async (deps, body, { args }) => {
    const slug = String(args.slug);
    const ignored = ignoredFields(body);
    await deps.printer.detail({ body, view: { kind: 'body' } });
    deps.io.err(
      `${ignored.length ? `Dry run: nothing sent. The service will ignore: ${ignored.join(', ')}.` : 'Dry run: nothing sent. Every field would be kept.'}\n` +
        `${heldLine(slug, body)}\n`,
    );
  },
  // Before sending, so that a person sees what the new version holds before it is made; --yes
  // skips the question, not this.
  before: (deps, body, { args }) => versionPreview(String(args.slug), body, deps.io.columns),
  question: async (_deps, targets) => `Create this version of ${sanitizeField(targets[0]!.id)}?`,
  one: async (deps, { id: slug }, answer) => {
    const p = (answer as { data: Preset }).data;
    const v = p.designated_version;
    const config: NamedColumn<Preset>[] = Object.entries(v.config ?? {}).map(([key, value]) => ({
      name: key,
      header: key,
      value: () => inline(value),
      raw: () => rawOf(value),
    }));
    const sections: Section<Preset>[] = [{ title: 'Config', fields: config }];
    // The system prompt is prose: a block with its own lines on a terminal, one field in a pipe.
    if (v.system_prompt) sections.push({ title: 'System prompt', name: 'system_prompt', text: v.system_prompt });
    const fields = fieldsOf<Preset>({
      slug: { header: 'Preset', value: (x) => x.slug ?? slug },
      name: { header: 'Name', value: (x) => x.name },
      id: { header: 'ID', value: (x) => x.id },
      status: { header: 'Status', value: (x) => status(x.status), raw: (x) => x.status },
      version: { header: 'Version', value: (x) => x.designated_version.version },
      designated_version_id: { header: 'Version ID', value: (x) => x.designated_version.id ?? x.designated_version_id },
      workspace_id: { header: 'Workspace', value: (x) => x.workspace_id },
    });
    await deps.printer.detail({ body: answer, view: detailView(p, fields, { unknown: false, sections }) });
  },
});

export const run: RunFor<typeof spec> = (input) => runWrite(write, input);

// The body: read from a file or stdin, flags (already checked) laid over it.
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

/** The fields of `body` the service ignores (`messages`, `stream`, `prompt`: a checked body has no other field outside the preset config). */
export function ignoredFields(body: Record<string, unknown>): string[] {
  return Object.keys(body).filter(isIgnored);
}

function isIgnored(key: string): boolean {
  return (IGNORED_FIELDS as readonly string[]).includes(key);
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

/** The version about to be created, before it is sent: its model, each field it holds, the fields given that it will not; values cut to `width`. */
export function versionPreview(slug: string, body: Record<string, unknown>, width: number): string {
  const held = heldFields(body);
  const shown = ['model', ...held.filter((k) => k !== 'model')];
  const labelWidth = Math.max(...shown.map((k) => k.length));
  const room = Math.max(10, width - labelWidth - 4);
  const lines = shown.map(
    (k) =>
      `  ${k.padEnd(labelWidth)}  ${held.includes(k) ? truncateToWidth(sanitizeField(inline(body[k])), room) : '(not given: this version has none)'}`,
  );
  const ignored = ignoredFields(body);
  return [
    `The version of ${sanitizeField(slug)} to create holds:`,
    ...lines,
    ...(ignored.length ? wrapToWidth(`Given but not kept by a preset: ${ignored.map(sanitizeField).join(', ')}.`, width) : []),
    ...wrapToWidth(NOT_CARRIED, width),
  ].join('\n');
}
