import { routes } from '../../api/routes.js';
import { defineCommand } from '../../cli/command.js';
import { inline, type Field } from '../../output/cells.js';
import { printDetail, printJson } from '../../output/print.js';
import { sanitizeBlock, sanitizeField } from '../../core/sanitize.js';
import { fetchChecked, outputMode } from '../shared/fetch.js';
import { status } from '../shared/format.js';
import { buildPresetBody } from './body.js';

export const command = defineCommand({
  path: ['presets', 'create'],
  summary: 'Create a preset from a messages-style request body, or a new version of an existing one',
  description:
    'Only the fields that overlap the preset config are kept (model, max_tokens, temperature, system,\n' +
    'fallbacks, provider, plugins, ...); messages, stream and prompt are ignored by the service.\n' +
    'The body is checked before sending: fallbacks at most 3 entries of {model} and not with models,\n' +
    'session_id and user at most 256 characters, speed fast or standard, cache_control type ephemeral,\n' +
    'stop_server_tools_when at least one known condition.',
  args: [{ name: 'slug', description: 'preset slug (URL-safe); a new slug creates version 1', required: true }],
  options: [
    { flags: '--file <path>', description: 'request body as JSON; - reads stdin', complete: 'file' },
    { flags: '--model <model>', description: 'set model' },
    { flags: '--max-tokens <n>', description: 'set max_tokens' },
    { flags: '--temperature <t>', description: 'set temperature (0-2)' },
    { flags: '--system <text>', description: 'set the system prompt' },
    { flags: '--dry-run', description: 'print the body that would be sent, and what the service ignores; send nothing' },
  ],
  examples: [
    'gwctl presets create support-bot --file body.json',
    'gwctl presets create support-bot --model anthropic/claude-4.6-sonnet --max-tokens 1024 --system "You are helpful."',
    "jq '.model = \"openai/gpt-4o\"' body.json | gwctl presets create support-bot --file - --dry-run",
  ],
  async run({ args, opts, deps }) {
    const [{ checkInput }, { PresetBody, PresetResponse, presetSlug, IGNORED_FIELDS, PERSISTED_FIELDS }] = await Promise.all([
      import('../../api/schemas/common.js'),
      import('../../api/schemas/preset.js'),
    ]);
    const slug = checkInput(presetSlug, args.slug, 'preset slug');
    const body = await buildPresetBody(deps, {
      ...(typeof opts.file === 'string' ? { file: opts.file } : {}),
      ...(typeof opts.model === 'string' ? { model: opts.model } : {}),
      ...(typeof opts.maxTokens === 'string' ? { maxTokens: opts.maxTokens } : {}),
      ...(typeof opts.temperature === 'string' ? { temperature: opts.temperature } : {}),
      ...(typeof opts.system === 'string' ? { system: opts.system } : {}),
    });
    checkInput(PresetBody, body, 'preset body');
    if (opts.dryRun === true) {
      const ignored = Object.keys(body).filter((k) => (IGNORED_FIELDS as readonly string[]).includes(k) || !(PERSISTED_FIELDS as readonly string[]).includes(k));
      await printJson(deps.io, body);
      deps.io.err(
        ignored.length
          ? `Dry run: nothing sent. The service will ignore: ${ignored.join(', ')}.\n`
          : 'Dry run: nothing sent. Every field would be kept.\n',
      );
      return;
    }
    const { body: answer, data } = await fetchChecked(deps, routes.createPreset, { params: { slug }, body }, PresetResponse);
    const p = data.data;
    const v = p.designated_version;
    const config = v.config ?? {};
    const configFields: Field[] = Object.entries(config).map(([key, value]) => [key, inline(value)]);
    const mode = outputMode(deps);
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
  },
});
