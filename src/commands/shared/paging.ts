// Lists that span pages. One page by default, with a hint on stderr when more exists; with
// --all every page, printed as it arrives so memory stays flat however long the list. Pages
// whose position is known in advance (offsets) are fetched a few at a time and still printed
// in order. A page that fails fails the command; the output is then left unfinished (under
// --json, not even valid JSON), so it can never pass for a complete list.
import { GwctlError } from '../../core/errors.js';
import { sanitizeField } from '../../core/sanitize.js';
import type { NamedColumn } from '../../output/columns.js';
import type { Deps } from '../context.js';
import { startProgress, type Progress } from './progress.js';

export interface Page<T> {
  /** The body as the API returned it. */
  body: Record<string, unknown>;
  items: readonly T[];
}

/** How many pages may be in flight at once when their offsets are known. */
export const PAGE_CONCURRENCY = 4;

interface ListOptions<T> {
  deps: Deps;
  columns: readonly NamedColumn<T>[];
  /** Plural noun for the spinner and hints: "interns". */
  noun: string;
  /** Whether every page is wanted. */
  all: boolean;
  /** Bodies, never rows or tables (`gwctl api --paginate`): JSON unless --jq or --jsonl shape it. */
  bodyOnly?: boolean;
  /** Fetch every page, print nothing (`gwctl api --paginate --silent`). */
  silent?: boolean;
}

/** Cursor paging (`next_cursor` → `starting_after`): one page after another, the next requested while the current one prints. */
export async function listByCursor<T>(
  options: ListOptions<T> & {
    first: string | undefined;
    fetch: (cursor: string | undefined) => Promise<Page<T> & { nextCursor: string | undefined }>;
    /** The command that fetches the page after `cursor`, for the hint. */
    nextCommand: (cursor: string) => string;
  },
): Promise<void> {
  const { deps } = options;
  const run = await begin(options);
  try {
    let pending = options.fetch(options.first);
    for (;;) {
      const page = await pending;
      if (!options.all) {
        await run.single(page);
        if (page.nextCursor) hint(deps, options.noun, options.nextCommand(page.nextCursor));
        return;
      }
      if (!page.nextCursor) {
        await run.page(page);
        return run.end(page.body);
      }
      // Ask for the next page before printing this one, so the server works while we print;
      // at most two pages are held at once.
      pending = options.fetch(page.nextCursor);
      pending.catch(() => {});
      await run.page(page);
    }
  } finally {
    run.stop();
  }
}

/** Offset paging: with --all, pages at known offsets are fetched a few at a time. */
export async function listByOffset<T>(
  options: ListOptions<T> & {
    offset: number;
    limit: number;
    /** Largest offset the API accepts (vault: 10000), if any. */
    maxOffset?: number;
    /** `signal` cancels a page fetched ahead that is no longer wanted. */
    fetch: (offset: number, signal?: AbortSignal) => Promise<Page<T> & { more: boolean | undefined; total: number | undefined }>;
    nextCommand: (offset: number) => string;
  },
): Promise<void> {
  const { deps, limit } = options;
  const run = await begin(options);
  const inFlight = new Map<number, Promise<Page<T> & { more: boolean | undefined; total: number | undefined }>>();
  const ahead = new AbortController();
  try {
    const first = await options.fetch(options.offset);
    if (!options.all) {
      await run.single(first);
      if (hasMore(first, options.offset, limit)) hint(deps, options.noun, options.nextCommand(options.offset + first.items.length));
      return;
    }
    await run.page(first);
    if (!hasMore(first, options.offset, limit)) return run.end(first.body);
    // Known positions: fetch ahead, print in order, stop at the first short or last page.
    let nextToRequest = options.offset + limit;
    let nextToPrint = nextToRequest;
    const lastOffset = first.total !== undefined ? first.total - 1 : Number.POSITIVE_INFINITY;
    const fill = (): void => {
      while (inFlight.size < PAGE_CONCURRENCY && nextToRequest <= lastOffset) {
        if (options.maxOffset !== undefined && nextToRequest > options.maxOffset) break;
        const offset = nextToRequest;
        const pending = options.fetch(offset, ahead.signal);
        // A page that fails while earlier ones are printed is reported when its turn comes.
        pending.catch(() => {});
        inFlight.set(offset, pending);
        nextToRequest += limit;
      }
    };
    let last = first;
    for (;;) {
      fill();
      const pending = inFlight.get(nextToPrint);
      if (!pending) {
        // Past the advertised total: the list ended (it may have shrunk while being read).
        if (options.maxOffset === undefined || nextToPrint <= options.maxOffset) break;
        throw new GwctlError(`cannot read past offset ${options.maxOffset} (the API's limit); the list was not printed in full`, 1, {
          hint: 'narrow the list, or use a larger --limit',
        });
      }
      const page = await pending;
      inFlight.delete(nextToPrint);
      await run.page(page);
      last = page;
      if (!hasMore(page, nextToPrint, limit)) break;
      nextToPrint += limit;
    }
    return run.end(last.body);
  } finally {
    // When the listing ends early (a failed page, the API's offset limit), pages still being
    // fetched ahead are cancelled and settled here, so nothing of theirs (a retry, a --debug
    // line) happens after the error is reported.
    ahead.abort();
    await Promise.allSettled(inFlight.values());
    run.stop();
  }
}

function hasMore(
  page: { items: readonly unknown[]; more: boolean | undefined; total: number | undefined },
  offset: number,
  limit: number,
): boolean {
  if (page.more !== undefined) return page.more;
  if (page.total !== undefined) return offset + page.items.length < page.total && page.items.length > 0;
  return page.items.length === limit;
}

function hint(deps: Deps, noun: string, command: string): void {
  // The command carries the server's cursor: made safe like any text from the server.
  deps.io.err(`More ${noun} exist: ${sanitizeField(command)} (or --all for every page)\n`);
}

interface Run<T> {
  single(page: Page<T>): Promise<void>;
  page(page: Page<T>): Promise<void>;
  end(lastBody: Record<string, unknown>): Promise<void>;
  stop(): void;
}

async function begin<T>(options: ListOptions<T>): Promise<Run<T>> {
  const { deps } = options;
  if (options.silent) return { single: async () => {}, page: async () => {}, end: async () => {}, stop: () => {} };
  const empty = `No ${options.noun}.`;
  const printer = deps.printer.list<T>(options.bodyOnly ? { kind: 'body' } : { columns: options.columns, empty });
  const progress: Progress | undefined = deps.io.stderrIsTTY ? await startProgress(deps, `Fetching ${options.noun}`) : undefined;
  let count = 0;
  // Spinner and table share the terminal: clear the spinner's line around each write.
  const write = async (fn: () => Promise<void>): Promise<void> => {
    progress?.clear();
    await fn();
    progress?.render();
  };
  return {
    async single(page) {
      progress?.stop();
      await deps.printer.detail({
        body: page.body,
        items: page.items,
        view: options.bodyOnly ? { kind: 'body' } : { kind: 'rows', items: page.items, columns: options.columns, empty },
      });
    },
    async page(page) {
      count += page.items.length;
      progress?.update(`Fetching ${options.noun}: ${count}`);
      await write(() => printer.page(page.items));
    },
    async end(lastBody) {
      progress?.stop();
      const rest: Record<string, unknown> = { ...lastBody };
      delete rest.data;
      await printer.end(rest);
    },
    stop() {
      progress?.stop();
    },
  };
}
