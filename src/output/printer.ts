// The one seam between a command and its output: a command hands over data and views, and the
// `Printer` chosen once (cli/output-choice.ts, one per form in ./printers/) decides how they look.
import type { Io } from '../core/io.js';
import type { Cell } from './cells.js';
import type { NamedColumn } from './columns.js';

/** The table renderer (cli-table3), loaded only when a terminal is there. */
export type Tables = typeof import('./table.js');
/** The jq engine's module, loaded only under --jq. */
export type Jq = typeof import('./jq.js');

export interface Printer {
  /** One result (a resource, an action's results, a setting): JSON forms print `detail.body`, the others `detail.view`. */
  detail<T>(detail: Detail<T>): Promise<void>;
  /** A list printed page by page as pages arrive (`--all`), so memory stays flat: `page` for each, then `end` once. */
  list<T>(view: ListView<T>): ListOutput<T>;
  /** Changes as `--watch` reports them (the contract's "Watching"): call `event` for each, in order. */
  events<T>(view: EventView<T>): EventOutput<T>;
}

/** One result: its JSON body, and how it shows to a person or in a pipe. */
export interface Detail<T> {
  /** What --json, --jsonl and --jq print: the API's body; absent when it is not JSON (`gwctl api`), and --jq refuses. */
  body?: unknown;
  /** The body's text as sent, which --jq filters so jq sees numbers and key order as sent. */
  bodyText?: string;
  /** Under --jsonl, these one per line instead of the body (the result is a list). */
  items?: readonly unknown[];
  /** Under --json and --jsonl, the body on one compact line (a ready line a script reads: `gwctl sandbox --json`). */
  oneLine?: boolean;
  view: View<T>;
}

/** How a result shows on a terminal and in a pipe. */
export type View<T> = FieldsView<T> | RowsView<T> | TextView | BodyView;

/**
 * One resource as labelled fields: on a terminal `Label  value` lines and sections; piped
 * `name<TAB>raw value` lines. With --columns (or --header piped), only the fields picked, piped as one row.
 */
export interface FieldsView<T> {
  kind: 'fields';
  item: T;
  /** The fields in order, each with its name, label, human cell and raw value. */
  fields: readonly NamedColumn<T>[];
  /** What --columns picks from (the spec's columns), when the command declares them. */
  columns?: readonly NamedColumn<T>[];
  sections?: readonly Section<T>[];
}

/** A section under a detail's fields: more fields, a small table, or a block of prose. */
export type Section<T> =
  | { title: string; fields: readonly NamedColumn<T>[] }
  | {
      title: string;
      /** First field of each piped row. */
      key: string;
      headers: readonly string[];
      rows: readonly (readonly Cell[])[];
    }
  | {
      title: string;
      /** Its name in a pipe, where it is one field: `system_prompt<TAB>text`. */
      name: string;
      /** Shown with its own lines on a terminal. */
      text: string;
    };

/** A list whose pages are all here: a table on a terminal, rows in a pipe. */
export interface RowsView<T> extends TableView<T> {
  kind: 'rows';
  items: readonly T[];
  /** Fewer rows for a person to read at a terminal (an interrupted fleet: not each untouched target); a pipe gets every item. */
  atTerminal?: readonly T[];
}

/** Text of the command's own: a sentence for a person, a line for a program. */
export interface TextView {
  kind: 'text';
  /** On a terminal (ends with a newline, or is empty). */
  terminal: string;
  /** In a pipe, and under --json/--jsonl when there is no body. */
  piped: string;
}

/** The body itself, pretty-printed as --json prints it, on a terminal and in a pipe too (`gwctl api`). */
export interface BodyView {
  kind: 'body';
}

/** Columns for a table or rows, and what a terminal says when there are none. */
export interface TableView<T> {
  columns: readonly NamedColumn<T>[];
  /** On a terminal, said on stderr when the list is empty: `No interns.` */
  empty?: string;
  /** On a terminal, said on stderr after the rows: `3 interns would be suspended; nothing was sent (dry run)`. */
  note?: string;
}

/** A list as pages arrive: in columns, or as bodies only (`gwctl api --paginate`: JSON unless --jq or --jsonl shape it). */
export type ListView<T> = TableView<T> | { kind: 'body' };

export interface ListOutput<T> {
  /** Items printed so far. */
  readonly printed: number;
  /** The items of one page, in order. */
  page(items: readonly T[]): Promise<void>;
  /** Closes the list. `rest` holds the last body's other fields (has_more, total_count...): --json and --jq keep them. */
  end(rest: Record<string, unknown>): Promise<void>;
}

/** A change seen by `--watch`. `at` is an ISO 8601 time. */
export interface WatchEvent<T> {
  type: 'added' | 'modified' | 'deleted';
  at: string;
  object: T;
}

export interface EventView<T> {
  /** What the piped and terminal forms show of each object (the spec's columns). */
  columns: readonly NamedColumn<T>[];
  /** On a terminal: a list as a table, or one object as labelled fields. */
  kind?: 'table' | 'detail';
  /** What is watched, for the terminal's status line: `gwctl interns ls --watch, every 2s`. */
  title?: string;
  /** Plural noun for counts and notes: `interns`. */
  noun?: string;
  /** Each object's id (default: its `id` field). */
  id?: (item: T) => string;
}

export interface EventOutput<T> {
  event(event: WatchEvent<T>): Promise<void>;
  /** After each poll's events: what the source holds now and what changed (the terminal redraws). */
  poll?(frame: { at: string; items: readonly T[]; changes: readonly WatchEvent<T>[] }): Promise<void>;
  /** The watch is over, however it ended (the terminal gives its screen back). */
  end?(): Promise<void>;
  /** A reading failed and the watch goes on: true when the view shows it (until a reading succeeds), false when it is for stderr. */
  outage?(message: string, nextPollMs: number): boolean;
}

/** What every form is made from: the run's streams and its clock, and what the output options asked. */
export interface PrinterContext {
  io: Io;
  /** Now, for relative times on a terminal; read when a result prints. */
  now: () => number;
  /** The command's words (`interns ls`), for messages. */
  command: string;
  /** The top level of the JSON the command prints (its spec's `shape`), for messages. */
  shape?: string;
  /** --columns, as typed; the names were checked against the command's columns. */
  columns?: string;
  /** --header */
  header: boolean;
  /** The table renderer, loaded on first use. */
  tables: () => Promise<Tables>;
  /** Accessible mode (GWCTL_ACCESSIBLE): nothing is redrawn in place; a watch prints its changes as lines. */
  accessible?: boolean;
}
