import { routes } from '../../api/routes.js';
import { checkInput } from '../../api/schemas/common.js';
import { PresetBody, PresetResponse } from '../../api/schemas/preset.js';
import { sanitizeBlock, sanitizeField } from '../../core/sanitize.js';
import { inline, type Field } from '../../output/cells.js';
import { printDetail, printJson } from '../../output/print.js';
import type { RunFor } from '../context.js';
import { fetchChecked } from '../shared/fetch.js';
import { status } from '../shared/format.js';
import { outputMode } from '../shared/output-mode.js';
import { buildPresetBody, heldLine, heldPreview, ignoredFields } from './body.js';
import type { spec } from './create.js';

export const run: RunFor<typeof spec> = async ({ args, opts, deps }) => {
  const { slug } = args;
  const body = await buildPresetBody(deps, {
    ...(opts.file !== undefined ? { file: opts.file } : {}),
    ...(opts.model !== undefined ? { model: opts.model } : {}),
    ...(opts.maxTokens !== undefined ? { maxTokens: opts.maxTokens } : {}),
    ...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
    ...(opts.system !== undefined ? { system: opts.system } : {}),
  });
  checkInput(PresetBody, body, 'preset body');
  if (opts.dryRun) {
    const ignored = ignoredFields(body);
    await printJson(deps.io, body);
    deps.io.err(
      `${ignored.length ? `Dry run: nothing sent. The service will ignore: ${ignored.join(', ')}.` : 'Dry run: nothing sent. Every field would be kept.'}\n` +
        `${heldLine(slug, body)}\n`,
    );
    return;
  }
  // Before sending, so that a person sees what the new version loses before it is made.
  if (deps.io.stderrIsTTY) deps.io.err(`${heldPreview(slug, body, deps.io.columns)}\n`);
  const { body: answer, data } = await fetchChecked(deps, routes.createPreset, { params: { slug }, body }, PresetResponse);
  const p = data.data;
  const v = p.designated_version;
  const config = v.config ?? {};
  const configFields: Field[] = Object.entries(config).map(([key, value]) => [key, inline(value)]);
  const mode = outputMode(deps, 'presets create');
  await printDetail(mode, answer, [
    {
      fields: [
        ['Preset', p.slug ?? slug],
        ['Name', p.name],
        ['ID', p.id],
        ['Status', status(p.status)],
        ['Version', v.version],
        ['Version ID', v.id ?? p.designated_version_id],
        ['Workspace', p.workspace_id],
      ],
    },
    { title: 'Config', fields: configFields },
  ]);
  if (!mode.json && v.system_prompt) {
    // The system prompt is prose: shown as a block, with its own lines, on a terminal only.
    if (deps.io.stdoutIsTTY) await deps.io.out(`\nSystem prompt\n${sanitizeBlock(v.system_prompt)}\n`);
    else await deps.io.out(`system_prompt\t${sanitizeField(v.system_prompt)}\n`);
  }
};
