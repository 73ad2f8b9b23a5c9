import { defineCommand } from '../../cli/command.js';
import { notImplemented } from '../shared/not-implemented.js';

export const command = defineCommand({
  path: ['interns', 'ls'],
  aliases: ['list'],
  summary: 'List interns, newest first',
  args: [],
  options: [{ flags: '--status <statuses>', description: 'comma-separated statuses (at most 8)', complete: 'status' }, { flags: '--workspace <uuid>', description: 'workspace filter (must match the key)' }, { flags: '--limit <n>', description: 'page size, 1-500 (default 50)' }, { flags: '--starting-after <cursor>', description: 'next_cursor of the previous page' }, { flags: '--all', description: 'follow every page' }],
  examples: ['gwctl interns ls', 'gwctl interns ls --status running,failed --all'],
  run: notImplemented,
});
