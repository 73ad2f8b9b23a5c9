import { defineCommand } from '../../cli/command.js';
import { notImplemented } from '../shared/not-implemented.js';

export const command = defineCommand({
  path: ['interns', 'suspend'],
  summary: 'Suspend an intern (stops its runtime, keeps its disk and configuration)',
  args: [{ name: 'id', description: 'intern id', required: false, complete: 'intern' }],
  options: [{ flags: '-y, --yes', description: 'do not ask for confirmation' }],
  examples: ['gwctl interns suspend 7c9e6679-7425-40de-944b-e07fc1f90ae7 --yes'],
  run: notImplemented,
});
