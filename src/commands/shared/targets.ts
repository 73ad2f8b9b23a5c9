// Ids named on the command line: checked before anything is sent, and, for interns, picked
// from a list when a person at a terminal leaves the id out.
import { InputTooLarge, MAX_ID_LIST_BYTES } from '../../core/bounded-read.js';
import { cancelledError, GwctlError, usageError } from '../../core/errors.js';
import { checkValue, pathIdCheck, uuidCheck, type Check } from '../../core/options.js';
import { sanitizeField } from '../../core/sanitize.js';
import type { Deps } from '../context.js';
import { readInterns } from './intern-list.js';
import { pickIntern } from './pick.js';
import { noPromptReason } from './no-prompt.js';
import { startProgress } from './progress.js';

/** The intern id given (its spec checked it), or one picked at a terminal (shared/pick.ts); `usage` is suggested when nobody can be asked. */
export async function internIdOrPick(
  deps: Deps,
  given: string | undefined,
  action: string,
  { usage = `gwctl interns ${action} <id>` }: { usage?: string } = {},
): Promise<string> {
  if (given !== undefined) return given;
  if (!deps.prompter.interactive) {
    throw usageError('missing intern id', `give one, as in '${usage}' (the picker needs a terminal)`);
  }
  return pickIntern(deps, action);
}

/** Destructive commands: --yes, or a person at a terminal who says yes. Nothing is sent before. */
export async function confirmOrRefuse(deps: Deps, yes: boolean, question: () => Promise<string>): Promise<void> {
  if (yes) return;
  if (!deps.prompter.interactive) {
    throw usageError(
      `refusing to act without confirmation: ${noPromptReason(deps)}, so nobody can be asked`,
      'pass --yes to act without asking',
    );
  }
  if (!(await deps.prompter.confirm(await question()))) throw cancelledError('cancelled; nothing was changed');
}

/** How an id read from stdin is checked, by how messages name it: an intern's is a UUID (as its spec checks one given as an argument), a batch's any text its path takes. */
function idCheck(label: string): Check<string> {
  return label === 'intern id' ? uuidCheck() : pathIdCheck();
}

/** The ids named (their spec checked them), `-` for stdin's (one a line, `#` and blank lines skipped); all checked before anything is sent, each acted on once. */
export async function readIds(deps: Deps, words: readonly string[], label: string): Promise<string[]> {
  const ids: string[] = [];
  for (const word of words) {
    if (word !== '-') {
      ids.push(word);
      continue;
    }
    // At a terminal nothing would show that gwctl is waiting for the ids being typed.
    if (deps.io.stdinIsTTY) deps.io.err('reading ids from stdin; Ctrl-D to end\n');
    const lines = (await readIdList(deps)).split(/\r?\n/);
    const check = idCheck(label);
    lines.forEach((line, i) => {
      const text = line.trim();
      if (text === '' || text.startsWith('#')) return;
      try {
        ids.push(checkValue(check, text, label));
      } catch (error) {
        if (error instanceof GwctlError) throw usageError(`${error.message} (stdin line ${i + 1})`);
        throw error;
      }
    });
  }
  return [...new Set(ids)];
}

/** Every intern with one of the statuses (in the workspace), every page; one a server listed despite the filter is kept, to be skipped. */
export async function selectInterns(
  deps: Deps,
  statuses: readonly string[],
  workspace: string | undefined,
): Promise<{ id: string; name: string; status: string; skip?: string }[]> {
  const progress = deps.io.stderrIsTTY ? await startProgress(deps, 'Finding interns') : undefined;
  try {
    const { items } = await readInterns(deps, { statuses, workspace }, (count) => progress?.update(`Finding interns: ${count}`));
    return items.map((intern) => {
      const { id, name, status } = intern;
      const why = skipReason(intern, statuses, workspace);
      return why === undefined ? { id, name, status } : { id, name, status, skip: `skipped: ${why}` };
    });
  } finally {
    progress?.stop();
  }
}

/** Why an intern a selector listed is not one it asked for (its status or workspace); undefined when it is. */
export function skipReason(
  intern: { status: string; workspace_id?: string | undefined },
  statuses: readonly string[],
  workspace: string | undefined,
): string | undefined {
  if (!statuses.includes(intern.status)) return `status ${sanitizeField(intern.status)}, not ${statuses.join(',')}`;
  if (workspace !== undefined && intern.workspace_id !== undefined && intern.workspace_id !== workspace)
    return `workspace ${sanitizeField(intern.workspace_id)}, not ${workspace}`;
  return undefined;
}

/** The ids on stdin, refused (exit 2) past MAX_ID_LIST_BYTES, having read at most that and one piece more. */
async function readIdList(deps: Deps): Promise<string> {
  try {
    return await deps.io.readStdin(MAX_ID_LIST_BYTES);
  } catch (error) {
    if (error instanceof InputTooLarge)
      throw usageError(`the ids on standard input are more than ${MAX_ID_LIST_BYTES / 2 ** 20} MiB`, 'give fewer at a time');
    throw error;
  }
}
