import { usageError } from '../core/errors.js';
import { arg } from '../core/options.js';
import { isShell, SHELLS, type Shell } from '../core/shells.js';
import { defineSpec } from '../core/spec.js';
import { quoteInput } from '../core/sanitize.js';

function shell(word: string): Shell {
  if (!isShell(word)) throw usageError(`unknown shell ${quoteInput(word)}`, `expected one of ${SHELLS.join(', ')}`);
  return word;
}

export const spec = defineSpec({
  path: ['completion'],
  summary: 'Print a shell completion script (bash, zsh or fish)',
  description: [
    'Completes commands, flags, statuses, provider slugs, setting keys and profile names; intern and',
    'batch ids complete from what gwctl printed in the last 10 minutes. Completing never uses the network.',
  ].join('\n'),
  args: { shell: arg.required({ name: 'shell', description: 'bash, zsh or fish', complete: 'shell', check: shell }) },
  options: {},
  examples: [
    'gwctl completion bash > ~/.local/share/bash-completion/completions/gwctl',
    'gwctl completion zsh > "${fpath[1]}/_gwctl"',
    'gwctl completion fish > ~/.config/fish/completions/gwctl.fish',
    'source <(gwctl completion bash)',
  ],
});
