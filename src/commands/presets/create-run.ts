import { routes } from '../../api/routes.js';
import { checkInput } from '../../api/schemas/common.js';
import { PresetBody, PresetResponse, type Preset } from '../../api/schemas/preset.js';
import { inline } from '../../output/cells.js';
import type { NamedColumn } from '../../output/columns.js';
import type { Section } from '../../output/printer.js';
import type { Deps, RunContext, RunFor } from '../context.js';
import { rawOf } from '../../output/columns.js';
import { detailView, fieldsOf } from '../shared/detail.js';
import { fetchChecked } from '../shared/fetch.js';
import { status } from '../shared/format.js';
import { sanitizeField } from '../../core/sanitize.js';
import { confirmOrRefuse } from '../shared/targets.js';
import { buildPresetBody, heldLine, ignoredFields, versionPreview } from './body.js';
import type { spec } from './create.js';

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
  checkInput(PresetBody, body, 'preset body');
  return body;
}

/** Sends the new version: the one request of this command and of its MCP tool. */
export function createVersion(
  deps: Deps,
  slug: string,
  body: Record<string, unknown>,
): ReturnType<typeof fetchChecked<typeof PresetResponse>> {
  return fetchChecked(deps, routes.createPreset, { params: { slug }, body }, PresetResponse);
}

export const run: RunFor<typeof spec> = async ({ args, opts, deps }) => {
  const { slug } = args;
  const body = await presetBodyOf({ opts, deps });
  if (opts.dryRun) {
    const ignored = ignoredFields(body);
    await deps.printer.detail({ body, view: { kind: 'body' } });
    deps.io.err(
      `${ignored.length ? `Dry run: nothing sent. The service will ignore: ${ignored.join(', ')}.` : 'Dry run: nothing sent. Every field would be kept.'}\n` +
        `${heldLine(slug, body)}\n`,
    );
    return;
  }
  // Before sending, so that a person sees what the new version loses before it is made; at a
  // terminal they are asked (--yes skips the question, not the preview).
  if (deps.io.stderrIsTTY) deps.io.err(`${versionPreview(slug, body, deps.io.columns)}\n`);
  if (deps.prompter.interactive) await confirmOrRefuse(deps, opts.yes, async () => `Create this version of ${sanitizeField(slug)}?`);
  const { body: answer, data } = await createVersion(deps, slug, body);
  const p = data.data;
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
};
