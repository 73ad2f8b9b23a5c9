// Every intern of a filtered list, across every page, read through the one cursor loop and
// kept (not printed), or handed on page by page: for selectors (`interns suspend --status`,
// `interns wait --status`), waiting by list and watching.
import { routes } from '../../api/routes.js';
import { InternList, type Intern } from '../../api/schemas/intern.js';
import { INTERN_PAGE } from '../../api/vocabulary.js';
import type { Deps } from '../context.js';
import { fetchChecked } from './fetch.js';
import { cursorPages } from './paging.js';

export interface InternFilter {
  statuses?: readonly string[];
  workspace?: string;
  /** Interns per page (default the API's most, 500). */
  pageSize?: number;
}

/** The pages of interns matching the filter, newest first, each as it arrives. */
export async function* internPages(deps: Deps, filter: InternFilter): AsyncGenerator<readonly Intern[], void, undefined> {
  const fetch = async (cursor: string | undefined) => {
    const query = {
      limit: filter.pageSize ?? INTERN_PAGE.max,
      status: filter.statuses?.join(','),
      workspace_id: filter.workspace,
      starting_after: cursor,
    };
    const { body, data } = await fetchChecked(deps, routes.internsLs, { query }, InternList);
    return { body: body as Record<string, unknown>, items: data.data, more: data.has_more, nextCursor: data.next_cursor ?? undefined };
  };
  for await (const page of cursorPages(undefined, fetch)) yield page.items;
}

/** The interns matching the filter, newest first, and how many pages that took; `onPage` hears the count read after each page. */
export async function readInterns(
  deps: Deps,
  filter: InternFilter,
  onPage?: (count: number) => void,
): Promise<{ items: Intern[]; pages: number }> {
  const items: Intern[] = [];
  let pages = 0;
  for await (const page of internPages(deps, filter)) {
    pages += 1;
    items.push(...page);
    onPage?.(items.length);
  }
  return { items, pages };
}
