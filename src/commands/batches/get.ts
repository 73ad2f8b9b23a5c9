import { defineCommand } from '../../cli/command.js';
import { notImplemented } from '../shared/not-implemented.js';

export const command = defineCommand({
  path: ['batches', 'get'],
  summary: 'Show a batch: status, counts, cost and usage',
  args: [{ name: 'id', description: 'batch id', required: true, complete: 'batch' }],
  options: [{ flags: '--results', description: 'list the results' }, { flags: '--wait', description: 'wait until the batch reaches a terminal status' }],
  examples: ['gwctl batches get batch_abc123', 'gwctl batches get batch_abc123 --results'],
  run: notImplemented,
});
