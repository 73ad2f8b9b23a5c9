import { defineCommand } from '../../cli/command.js';
import { notImplemented } from '../shared/not-implemented.js';

export const command = defineCommand({
  path: ['batches', 'delete'],
  summary: 'Delete a finished batch with its stored requests and results',
  args: [{ name: 'id', description: 'batch id', required: true, complete: 'batch' }],
  options: [{ flags: '-y, --yes', description: 'do not ask for confirmation' }],
  examples: ['gwctl batches delete batch_abc123', 'gwctl batches delete batch_abc123 --yes'],
  run: notImplemented,
});
