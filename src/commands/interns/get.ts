import { defineCommand } from '../../cli/command.js';
import { notImplemented } from '../shared/not-implemented.js';

export const command = defineCommand({
  path: ['interns', 'get'],
  summary: 'Show an intern',
  args: [{ name: 'id', description: 'intern id', required: false, complete: 'intern' }],
  options: [],
  examples: ['gwctl interns get 7c9e6679-7425-40de-944b-e07fc1f90ae7'],
  run: notImplemented,
});
