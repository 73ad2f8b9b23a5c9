// `gwctl completion <shell>`: the tree of this build, rendered for one shell.
import { loadTree, type Shell } from './tree.js';

export async function completionScript(shell: Shell): Promise<string> {
  const tree = await loadTree();
  switch (shell) {
    case 'bash':
      return (await import('./bash.js')).bashScript(tree);
    case 'zsh':
      return (await import('./zsh.js')).zshScript(tree);
    case 'fish':
      return (await import('./fish.js')).fishScript(tree);
  }
}
