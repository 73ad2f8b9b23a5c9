// Every intern of a filtered list, across every page, read through the one cursor loop and
// kept (not printed): for selectors (`interns wait --status`), waiting by list and watching.
import { routes } from '../../api/routes.js';
import { InternList, type Intern } from '../../api/schemas/intern.js';
import { INTERN_PAGE } from '../../api/vocabulary.js';
import type { Deps } from '../context.js';
import { fetchChecked } from './fetch.js';
import { listByCursor } from './paging.js';

export interface InternFilter {
  statuses?: readonly string[];
  workspace?: string;
}

/** The interns matching the filter, newest first, and how many requests (pages) that took. */
export async function readInterns(deps: Deps, filter: InternFilter): Promise<{ items: Intern[]; pages: number }> {
  const items: Intern[] = [];
  let pages = 0;
  await listByCursor<Intern>({
    deps,
    noun: 'interns',
    columns: [],
    all: true,
    silent: true,
    first: undefined,
    nextCommand: () => '',
    async fetch(cursor) {
      const query = {
        limit: INTERN_PAGE.max,
        status: filter.statuses?.join(','),
        workspace_id: filter.workspace,
        starting_after: cursor,
      };
      const { body, data } = await fetchChecked(deps, routes.listInterns, { query }, InternList);
      pages += 1;
      items.push(...data.data);
      return { body: body as Record<string, unknown>, items: [], nextCursor: data.has_more ? (data.next_cursor ?? undefined) : undefined };
    },
  });
  return { items, pages };
}
