// Lists that span pages: one page by default, with a hint when more exists; --all prints every page
// as it arrives (offset pages fetched a few ahead, printed in order). A failing page, or a server
// that would keep a list from ending, fails the command with the output left unfinished, so it can
// never pass for a complete list.
import { GwctlError } from '../../core/errors.js';
import { suggested } from '../../core/suggest.js';
import { sanitizeField } from '../../core/sanitize.js';
import { withoutField } from '../../core/sent-json.js';
import type { NamedColumn } from '../../output/columns.js';
import type { Deps } from '../context.js';
import { startProgress, type Progress } from './progress.js';

export interface Page<T> {
  /** The body as the API returned it. */
  body: Record<string, unknown>;
  items: readonly T[];
}

/** A page of a cursor list: whether the server says more follow, and the cursor to them. */
export interface CursorPage<T> extends Page<T> {
  more: boolean;
  nextCursor: string | undefined;
}

/** How many pages may be in flight at once when their offsets are known. */
export const PAGE_CONCURRENCY = 4;

/** Longest piece of a server's cursor an error message quotes. */
const CURSOR_SHOWN = 40;

/**
 * The one loop over a cursor list, the next page requested while this one is handled (two held at
 * most). A cursor that comes back, or more promised with no cursor or nothing brought, is a failed page (exit 1).
 */
export async function* cursorPages<T>(
  first: string | undefined,
  fetch: (cursor: string | undefined) => Promise<CursorPage<T>>,
  /** How a cursor is named in messages (`gwctl api` follows offsets too). */
  name: (cursor: string) => string = (cursor) => `cursor "${shortened(cursor)}"`,
): AsyncGenerator<CursorPage<T>, void, undefined> {
  const followed = new Set<string>(first === undefined ? [] : [first]);
  let at = first;
  let pending = fetch(at);
  for (;;) {
    const page = await pending;
    if (!page.more) {
      yield page;
      return;
    }
    const where = at === undefined ? 'the first page' : `the page at ${name(at)}`;
    if (page.items.length === 0) throw listNeverEnds(`${where} brought no item but said more follow`);
    if (page.nextCursor === undefined || page.nextCursor === '') throw listNeverEnds(`${where} said more follow but gave no cursor`);
    if (followed.has(page.nextCursor)) throw listNeverEnds(`${name(page.nextCursor)} came back after it was followed`);
    followed.add(page.nextCursor);
    at = page.nextCursor;
    pending = fetch(at);
    // Settled by the next turn of the loop, or left when the reader stops early.
    pending.catch(() => {});
    yield page;
  }
}

/** The error of a list the server kept from ending (exit 1): `what` says how. */
export function listNeverEnds(what: string): GwctlError {
  return new GwctlError(`the server kept the list from ending: ${what}; the list was not read in full`, 1);
}

/** Server text for a one-line message: control characters made visible, cut to a readable length. */
export function shortened(text: string): string {
  const safe = sanitizeField(text);
  return safe.length > CURSOR_SHOWN ? `${safe.slice(0, CURSOR_SHOWN - 1)}…` : safe;
}

interface ListOptions<T> {
  deps: Deps;
  columns: readonly NamedColumn<T>[];
  /** Plural noun for the spinner and hints: "interns". */
  noun: string;
  /** Whether every page is wanted. */
  all: boolean;
}

/** A cursor list printed: one page (with a hint when more exist), or with --all every page as it arrives. */
export async function listByCursor<T>(
  options: ListOptions<T> & {
    first: string | undefined;
    fetch: (cursor: string | undefined) => Promise<CursorPage<T>>;
    /** The command that fetches the page after `cursor`, for the hint. */
    nextCommand: (cursor: string) => string;
  },
): Promise<void> {
  const { deps } = options;
  const run = await begin(options);
  try {
    if (!options.all) {
      const page = await options.fetch(options.first);
      await run.single(page);
      if (page.more && page.nextCursor) hint(deps, options.noun, options.nextCommand(page.nextCursor));
      return;
    }
    let last: Page<T> | undefined;
    for await (const page of cursorPages(options.first, options.fetch)) {
      await run.page(page);
      last = page;
    }
    await run.end(last!.body);
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
    // A server that ignores the offset answers the same page at every one of them, and one
    // that says more follow while bringing nothing would be asked forever: both end here.
    let previous: string | undefined;
    const check = (page: Page<T> & { more: boolean | undefined; total: number | undefined }, offset: number): void => {
      if (!hasMore(page, offset, limit)) return;
      if (page.items.length === 0) throw listNeverEnds(`the page at offset ${offset} brought no item but said more follow`);
      const items = JSON.stringify(page.items);
      if (items === previous) throw listNeverEnds(`the page at offset ${offset} repeats the page before it`);
      previous = items;
    };
    check(first, options.offset);
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
      check(page, nextToPrint);
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
  deps.io.err(`More ${noun} exist: ${sanitizeField(suggested(command, deps.target))} (or --all for every page)\n`);
}

interface Run<T> {
  single(page: Page<T>): Promise<void>;
  page(page: Page<T>): Promise<void>;
  end(lastBody: Record<string, unknown>): Promise<void>;
  stop(): void;
}

async function begin<T>(options: ListOptions<T>): Promise<Run<T>> {
  const { deps } = options;
  const empty = `No ${options.noun}.`;
  const printer = deps.printer.list<T>({ columns: options.columns, empty });
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
        view: { kind: 'rows', items: page.items, columns: options.columns, empty },
      });
    },
    async page(page) {
      count += page.items.length;
      progress?.update(`Fetching ${options.noun}: ${count}`);
      await write(() => printer.page(page.items));
    },
    async end(lastBody) {
      progress?.stop();
      await printer.end(withoutField(lastBody, 'data'));
    },
    stop() {
      progress?.stop();
    },
  };
}
