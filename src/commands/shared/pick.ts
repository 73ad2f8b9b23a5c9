// The picker: the intern a person at a terminal means when they leave the id out. It filters
// the interns as they type, loads older ones on demand, and is cancelled with Escape.
import { routes } from '../../api/routes.js';
import { InternList, type Intern } from '../../api/schemas/intern.js';
import { usageError } from '../../core/errors.js';
import type { Choice } from '../../core/prompter.js';
import { sanitizeField } from '../../core/sanitize.js';
import type { Deps } from '../context.js';
import { fetchChecked } from './fetch.js';

/** Interns loaded at a time: the newest first, then more when the person asks for them. */
export const PICK_PAGE = 100;

/** The value of the "load more" choice; an intern id is never empty. */
const MORE = '';

/** One intern id picked by a person from every intern, each with its status: whether the action suits it is the person's call. */
export async function pickIntern(deps: Deps, action: string): Promise<string> {
  const loaded: Intern[] = [];
  let cursor: string | undefined;
  const loadPage = async (): Promise<void> => {
    const query = { limit: PICK_PAGE, starting_after: cursor };
    const { data } = await fetchChecked(deps, routes.internsLs, { query }, InternList);
    loaded.push(...data.data);
    cursor = data.has_more ? (data.next_cursor ?? undefined) : undefined;
  };
  await loadPage();
  if (loaded.length === 0) throw usageError('there are no interns to choose from');
  let term = '';
  for (;;) {
    const picked = await deps.prompter.search(
      `Which intern to ${action}?`,
      (typed) => {
        term = typed;
        const choices: Choice<string>[] = matching(loaded, typed).map((i) => ({
          name: `${sanitizeField(i.name)}  (${sanitizeField(i.status)})`,
          value: i.id,
          description: sanitizeField(i.id),
        }));
        if (cursor !== undefined) {
          const name = choices.length ? `Load ${PICK_PAGE} more…` : `None of the ${loaded.length} newest matches: load ${PICK_PAGE} more…`;
          choices.push({ name, value: MORE, description: `${loaded.length} newest loaded; older ones follow` });
        }
        return choices;
      },
      term,
    );
    if (picked !== MORE) return picked;
    await loadPage();
  }
}

/** Interns whose name, id or status holds every word typed (any case). */
function matching(interns: readonly Intern[], typed: string): Intern[] {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...interns];
  return interns.filter((i) => {
    const text = `${i.name} ${i.id} ${i.status}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
