import { defineCommand } from '../cli/command.js';
import { notImplemented } from './shared/not-implemented.js';

export const command = defineCommand({
  path: ['completion'],
  summary: 'Print a shell completion script (bash, zsh or fish)',
  args: [{ name: 'shell', description: 'bash, zsh or fish', required: true, complete: 'shell' }],
  options: [],
  examples: ['gwctl completion bash > ~/.local/share/bash-completion/completions/gwctl'],
  run: notImplemented,
});
