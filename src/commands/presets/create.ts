import { defineCommand } from '../../cli/command.js';
import { notImplemented } from '../shared/not-implemented.js';

export const command = defineCommand({
  path: ['presets', 'create'],
  summary: 'Create a preset, or a new version of it, from a messages-style request body',
  args: [{ name: 'slug', description: 'preset slug (URL-safe)', required: true }],
  options: [{ flags: '--file <path>', description: 'request body as JSON (- for stdin)', complete: 'file' }, { flags: '--model <model>', description: 'set the model' }, { flags: '--max-tokens <n>', description: 'set max_tokens' }, { flags: '--temperature <t>', description: 'set temperature' }, { flags: '--system <text>', description: 'set the system prompt' }, { flags: '--dry-run', description: 'print the body that would be sent, and send nothing' }],
  examples: ['gwctl presets create support-bot --file body.json', 'gwctl presets create support-bot --model anthropic/claude-4.6-sonnet --system "You are helpful."'],
  run: notImplemented,
});
