import { defineCommand } from '../../cli/command.js';
import { notImplemented } from '../shared/not-implemented.js';

export const command = defineCommand({
  path: ['vault', 'secrets'],
  summary: "List the metadata of an intern's vault secrets (never their values)",
  args: [{ name: 'intern-id', description: 'intern id (UUID)', required: true, complete: 'intern' }],
  options: [{ flags: '--limit <n>', description: 'page size, 1-100 (default 100)' }, { flags: '--offset <n>', description: 'secrets to skip, 0-10000' }, { flags: '--all', description: 'follow every page' }],
  examples: ['gwctl vault secrets 7c9e6679-7425-40de-944b-e07fc1f90ae7'],
  run: notImplemented,
});
