import { PRESET_RESPONSE_SHAPE } from '../../api/fields.generated.js';
import { URL_SAFE } from '../../api/vocabulary.js';
import { arg, option, patternCheck } from '../../core/options.js';
import { defineSpec } from '../../core/spec.js';

export const spec = defineSpec({
  path: ['presets', 'create'],
  operation: { name: 'create preset', method: 'POST', path: '/presets/{slug}/messages', key: 'management' },
  tool: 'write',
  confirmation: {
    action: 'Create',
    noun: 'preset version',
    nouns: 'preset versions',
    consequence: 'The new version holds only the fields sent: if the preset already has a version, nothing is carried over from it.',
    typed: 'boolean',
    creates: true,
  },
  agent: {
    description:
      'Only the fields that overlap the preset config are kept (model, max_tokens, temperature, system, fallbacks, provider, plugins, ...); messages, stream and prompt are ignored by the service. ' +
      'The body is checked before sending: fallbacks at most 3 entries of {model} and not with models, session_id and user at most 256 characters, speed fast or standard, cache_control type ephemeral, stop_server_tools_when at least one known condition. ' +
      'A new version holds only the fields sent: if the preset already has a version, nothing is carried over from it.',
  },
  summary: 'Create a preset from a messages-style request body, or a new version of an existing one',
  description:
    'Only the fields that overlap the preset config are kept (model, max_tokens, temperature, system,\n' +
    'fallbacks, provider, plugins, ...); messages, stream and prompt are ignored by the service.\n' +
    'The body is checked before sending: fallbacks at most 3 entries of {model} and not with models,\n' +
    'session_id and user at most 256 characters, speed fast or standard, cache_control type ephemeral,\n' +
    'stop_server_tools_when at least one known condition.\n' +
    'A new version holds only the fields sent: if the preset already has a version, nothing is carried\n' +
    'over from it. At a terminal it shows the version it is about to create and asks; --yes skips the\n' +
    'question. Without a terminal it sends at once.',
  args: {
    slug: arg.required({
      name: 'slug',
      description: 'preset slug (URL-safe); a new slug creates version 1',
      label: 'preset slug',
      check: patternCheck(URL_SAFE, 'must be URL-safe: letters, digits, "-", ".", "_" or "~"'),
    }),
  },
  options: {
    file: option.string('--file <path>', 'request body as JSON; - reads stdin', 'file'),
    model: option.string('--model <model>', 'set model'),
    maxTokens: option.int('--max-tokens <n>', 'set max_tokens (an integer)', { min: Number.MIN_SAFE_INTEGER, why: 'expected an integer' }),
    temperature: option.number('--temperature <t>', 'set temperature (a number)', -Infinity, Infinity),
    system: option.string('--system <text>', 'set the system prompt'),
    yes: option.flag('-y, --yes', 'create without asking at a terminal'),
    dryRun: option.flag('--dry-run', 'print the body that would be sent, and what the service ignores; send nothing'),
  },
  shape: PRESET_RESPONSE_SHAPE,
  examples: [
    'gwctl presets create support-bot --file body.json',
    'gwctl presets create support-bot --model anthropic/claude-4.6-sonnet --max-tokens 1024 --system "You are helpful."',
    'jq \'.model = "openai/gpt-4o"\' body.json | gwctl presets create support-bot --file - --dry-run',
  ],
});
