import { defineCommand } from '../../cli/command.js';
import { notImplemented } from '../shared/not-implemented.js';

export const command = defineCommand({
  path: ['byok', 'ls'],
  aliases: ['list'],
  summary: 'List provider-key (BYOK) credentials',
  args: [],
  options: [{ flags: '--workspace <uuid>', description: 'workspace (default: the account default)' }, { flags: '--provider <slug>', description: 'provider slug, e.g. openai', complete: 'provider' }, { flags: '--limit <n>', description: 'page size, 1-100' }, { flags: '--offset <n>', description: 'credentials to skip' }, { flags: '--all', description: 'follow every page' }],
  examples: ['gwctl byok ls --provider openai'],
  run: notImplemented,
});
