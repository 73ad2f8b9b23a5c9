// The command tree of this build, as completion sees it: the registry's specs and the global
// options, handed to the completion generator (which never looks them up itself).
import { routePrefixes } from '../api/routes.js';
import { KNOWN_PROVIDERS, INTERN_STATUSES } from '../api/vocabulary.js';
import { completionScript as render } from '../completions/index.js';
import { buildTree, type CompletionTree, type GlobalOption, type Shell } from '../completions/tree.js';
import { SETTING_KEYS } from '../config/profile.js';
import { globalOptions } from '../commands/global-options.js';
import { HELP_TOPICS } from './help-topics.js';
import { commands, groupSummaries } from './registry.js';

export function commandTree(): CompletionTree {
  const globals: readonly GlobalOption[] = Object.values(globalOptions);
  // --columns takes each command's own column names, so it is offered per command, not globally.
  const isColumns = (g: GlobalOption): boolean => g.flags.startsWith('--columns ');
  return buildTree(
    [...commands.values()],
    groupSummaries,
    globals.filter((g) => !isColumns(g)),
    { statuses: INTERN_STATUSES, providers: KNOWN_PROVIDERS, settings: SETTING_KEYS, routes: routePrefixes() },
    HELP_TOPICS,
    globals.find(isColumns),
  );
}

export async function completionScript(shell: Shell): Promise<string> {
  return render(shell, commandTree());
}
