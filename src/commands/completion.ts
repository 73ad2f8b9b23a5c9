// `gwctl completion bash|zsh|fish`: prints a completion script generated from the command tree.
// The generator is loaded only here.
import { defineCommand } from '../cli/command.js';
import { usageError } from '../core/errors.js';
import { SHELLS, type Shell } from '../completions/tree.js';

export const command = defineCommand({
  path: ['completion'],
  summary: 'Print a shell completion script (bash, zsh or fish)',
  description: [
    'Completes commands, flags, statuses, provider slugs, setting keys and profile names; intern and',
    'batch ids complete from what gwctl printed in the last 10 minutes. Completing never uses the network.',
  ].join('\n'),
  args: [{ name: 'shell', description: 'bash, zsh or fish', required: true, complete: 'shell' }],
  options: [],
  examples: [
    'gwctl completion bash > ~/.local/share/bash-completion/completions/gwctl',
    'gwctl completion zsh > "${fpath[1]}/_gwctl"',
    'gwctl completion fish > ~/.config/fish/completions/gwctl.fish',
    'source <(gwctl completion bash)',
  ],
  async run({ args, deps }) {
    const shell = args.shell ?? '';
    if (!(SHELLS as readonly string[]).includes(shell)) {
      throw usageError(`unknown shell ${JSON.stringify(shell)}`, `expected one of ${SHELLS.join(', ')}`);
    }
    const { completionScript } = await import('../completions/index.js');
    await deps.io.out(await completionScript(shell as Shell));
  },
});
