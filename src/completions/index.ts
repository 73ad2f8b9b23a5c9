// `gwctl completion <shell>`: a given command tree, rendered for one shell.
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import type { CompletionTree, Shell } from './tree.js';
import { zshScript } from './zsh.js';

export function completionScript(shell: Shell, tree: CompletionTree): string {
  switch (shell) {
    case 'bash':
      return bashScript(tree);
    case 'zsh':
      return zshScript(tree);
    case 'fish':
      return fishScript(tree);
  }
}
