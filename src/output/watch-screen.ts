// The terminal view of a watch: redrawn in place on the alternate screen, as `watch` and `top` do,
// one write a frame from the top-left corner (no flicker), clipped to the width and height with a
// note of what is not shown; the last view is printed once more at the end for the scrollback.
// Rows changed at the last poll are marked `+` added, `~` modified, `-` deleted.
import type { Io } from '../core/io.js';
import { spanText } from '../core/options.js';
import type { Cell, Tone } from './cells.js';
import { cellText } from './cells.js';
import { hiddenNote, tableColumns, type NamedColumn } from './columns.js';
import type { Tables, WatchEvent } from './printer.js';
import { charWidth, displayWidth, wrapToWidth } from './width.js';

type ChangeMark = WatchEvent<unknown>['type'];

export interface ScreenFrame<T> {
  at: string;
  items: readonly T[];
  changes: readonly { type: ChangeMark; object: T }[];
}

export interface ScreenOptions<T> {
  io: Io;
  tables: () => Promise<Tables>;
  now: () => number;
  /** The columns shown, as --columns picked them. */
  columns: readonly NamedColumn<T>[];
  /** A list as a table, or one object as labelled fields. */
  kind: 'table' | 'detail';
  /** What is watched, for the status line: `interns ls --watch, every 2s`. */
  title: string;
  /** Plural noun for the count: `interns`. */
  noun: string;
  id: (item: T) => string;
}

const ENTER = '\u001b[?1049h\u001b[?25l';
// The alternate screen is emptied before it is left: tmux reflows what it holds to the size the
// normal screen had when the view began, and after a resize that pushed old frames into the
// shell's scrollback.
const LEAVE = '\u001b[H\u001b[2J\u001b[?25h\u001b[?1049l';
const HOME = '\u001b[H';
const CLEAR_LINE = '\u001b[K';
const CLEAR_BELOW = '\u001b[J';
const MARKS: Record<ChangeMark, { text: string; tone: Tone }> = {
  added: { text: '+', tone: 'good' },
  modified: { text: '~', tone: 'warn' },
  deleted: { text: '-', tone: 'bad' },
};

export class WatchScreen<T> {
  private frame: ScreenFrame<T> | undefined;
  private entered = false;
  private stopResize: (() => void) | undefined;
  /** The detail view's cells at the previous poll, by label, to mark what changed. */
  private previousFields = new Map<string, string>();
  private fieldMarks = new Set<string>();
  /** The names of the columns the last table drawn left out for want of room. */
  private hiddenColumns: string[] = [];
  /** The last reading failed: why, and when the next is due (the frame is the last good reading). */
  private failed: { message: string; nextPollMs: number } | undefined;

  constructor(private readonly options: ScreenOptions<T>) {}

  /** A failed reading in the status line until one succeeds; false before the first reading (stderr says it then). */
  outage(message: string, nextPollMs: number): boolean {
    if (!this.entered || !this.frame) return false;
    this.failed = { message, nextPollMs };
    // Cannot fail (see onResize in poll); the next draw writes after it.
    // eslint-disable-next-line @typescript-eslint/no-floating-promises -- io.out never rejects
    this.draw(false);
    return true;
  }

  async poll(frame: ScreenFrame<T>): Promise<void> {
    this.frame = frame;
    this.failed = undefined;
    if (this.options.kind === 'detail') this.markFields(frame);
    const first = !this.entered;
    if (first) {
      this.entered = true;
      // A redraw on resize cannot fail: the tables were loaded by the first draw, and io.out never
      // rejects. Nothing waits for it; the next poll's draw writes after it.
      // eslint-disable-next-line @typescript-eslint/no-floating-promises -- see above
      this.stopResize = this.options.io.onResize(() => void this.draw(false));
    }
    await this.draw(first);
  }

  /** Gives the screen back and prints the last view once, unmarked: what fitted the screen, not a list that would flood the scrollback. */
  async end(): Promise<void> {
    this.stopResize?.();
    if (!this.entered || !this.frame) return;
    this.entered = false;
    const { columns, rows } = this.options.io.size();
    // Below the view, room for the note of the columns it leaves out (without the marks' column
    // it may leave out fewer than the live view did: laid out again when the note's room differs).
    const noteOf = (): string[] =>
      this.options.kind === 'table' && this.hiddenColumns.length > 0 ? wrapToWidth(hiddenNote(this.hiddenColumns), columns) : [];
    const reserved = noteOf().length;
    let lines = await this.lines(columns, Math.max(3, rows - 1 - reserved), false);
    if (noteOf().length !== reserved) lines = await this.lines(columns, Math.max(3, rows - 1 - noteOf().length), false);
    await this.options.io.out(`${LEAVE}${lines.join('\n')}\n`);
    // As under a table: the columns left out, named on stderr, so stdout stays the view.
    if (noteOf().length > 0) this.options.io.err(`${hiddenNote(this.hiddenColumns)}\n`);
  }

  private async draw(first: boolean): Promise<void> {
    if (!this.entered || !this.frame) return;
    const { columns, rows } = this.options.io.size();
    const lines = await this.lines(columns, Math.max(3, rows), true);
    // One write per frame: home, each line overwritten and cleared to its end, the rest cleared.
    await this.options.io.out(`${first ? ENTER : ''}${HOME}${lines.map((l) => `${l}${CLEAR_LINE}`).join('\n')}${CLEAR_BELOW}`);
  }

  private async lines(width: number, height: number, marked: boolean): Promise<string[]> {
    const frame = this.frame!;
    const { io, kind, noun, title } = this.options;
    const tables = await this.options.tables();
    const now = this.options.now();
    const time = new Date(frame.at).toTimeString().slice(0, 8);
    const changed = frame.changes.length;
    const count = kind === 'table' ? ` · ${frame.items.length} ${noun}` : '';
    // The time and the counts matter most: the title goes first when the line would not fit.
    // During an outage the line says so, with the time of the last good reading.
    const failed = marked ? this.failed : undefined;
    const facts = failed
      ? `last good poll ${time}${count} · ${failed.message} · next poll in ${spanText(failed.nextPollMs)}`
      : `last poll ${time}${count} · ${changed} changed`;
    const full = `${title} · ${facts}`;
    const status = tables.renderHeading(displayWidth(full) <= width ? full : facts, io.color);
    const body = kind === 'table' ? this.tableLines(tables, width, height - 1, now, marked) : this.detailLines(tables, width, now, marked);
    return [status, ...body].slice(0, height).map((line) => clip(line, width));
  }

  private tableLines(tables: Tables, width: number, room: number, now: number, marked: boolean): string[] {
    const frame = this.frame!;
    const { columns, id } = this.options;
    const marks = new Map<string, ChangeMark>();
    for (const change of frame.changes) marks.set(id(change.object), change.type);
    const deleted = marked ? frame.changes.filter((c) => c.type === 'deleted').map((c) => c.object) : [];
    const all = [...frame.items, ...deleted];
    const fits = [...(marked ? [{}] : []), ...tableColumns(columns)];
    const headers = [...(marked ? [''] : []), ...columns.map((c) => c.header)];
    const rowsOf = (items: readonly T[]) =>
      items.map((item): Cell[] => {
        const mark = marks.get(id(item));
        const lead: Cell[] = marked ? [mark ? MARKS[mark] : ' '] : [];
        return [...lead, ...columns.map((c) => c.value(item))];
      });
    // The header, a note of rows not shown and, live, one of columns left out take lines; columns left
    // out depend on the rows shown, so the frame is laid out again until the room holds.
    let noteRoom = 0;
    for (;;) {
      const space = room - noteRoom;
      const whole = all.length <= space - 1;
      const shown = whole ? all : all.slice(0, Math.max(0, space - 2));
      const rows = rowsOf(shown);
      const layout = tables.fitTable(headers, tables.cellTexts(rows, now), fits, width);
      this.hiddenColumns = layout.hidden.flatMap((c) => columns[c - (marked ? 1 : 0)]?.name ?? []);
      const note = marked && this.hiddenColumns.length > 0 ? wrapToWidth(hiddenNote(this.hiddenColumns), width) : [];
      if (note.length > noteRoom && noteRoom === 0) {
        noteRoom = note.length;
        continue;
      }
      const table = tables.renderTable({ headers, rows, width, color: this.options.io.color, now, layout });
      const lines = all.length === 0 ? [`No ${this.options.noun}.`] : table.split('\n');
      if (!whole) {
        const hidden = all.length - shown.length;
        // The view left when the watch ends carries no marks, so it counts no changes either.
        const hiddenChanges = marked ? all.slice(shown.length).filter((item) => marks.has(id(item))).length : 0;
        lines.push(`${hidden} more rows not shown${hiddenChanges ? ` (${hiddenChanges} of them changed)` : ''}`);
      }
      return all.length === 0 ? lines : [...lines, ...note];
    }
  }

  private markFields(frame: ScreenFrame<T>): void {
    const item = frame.items[0] ?? frame.changes.at(-1)?.object;
    this.fieldMarks = new Set();
    if (item === undefined) return;
    const fields = new Map(this.options.columns.map((c) => [c.header, cellText(c.value(item), { terminal: false, now: 0 })]));
    for (const [label, text] of fields) {
      if (this.previousFields.size > 0 && this.previousFields.get(label) !== text) this.fieldMarks.add(label);
    }
    this.previousFields = fields;
  }

  private detailLines(tables: Tables, width: number, now: number, marked: boolean): string[] {
    const frame = this.frame!;
    const item = frame.items[0];
    const last = item ?? frame.changes.at(-1)?.object;
    if (last === undefined) return [];
    const fields = this.options.columns.map((c) => [c.header, c.value(last)] as const);
    // Field by field, so that every line of a value that wraps carries its field's mark.
    const blocks = tables.renderDetailFields(fields, { width: width - 2, color: this.options.io.color, now });
    const marks = blocks.flatMap((block, i) => block.map((line) => (marked && this.fieldMarks.has(fields[i]![0]) ? '~ ' : '  ') + line));
    return item === undefined ? [...marks, '', 'Deleted: this is its last known state.'] : marks;
  }
}

/** The line cut to `width` columns; escape sequences (colour) are kept and take no room. */
export function clip(line: string, width: number): string {
  let used = 0;
  let out = '';
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '\u001b' && line[i + 1] === '[') {
      // A control sequence (colour): ESC [ parameters, ended by a letter.
      let end = i + 2;
      while (end < line.length && !/[A-Za-z]/.test(line[end]!)) end++;
      out += line.slice(i, end + 1);
      i = end;
      continue;
    }
    const cp = line.codePointAt(i)!;
    const char = String.fromCodePoint(cp);
    const w = charWidth(char);
    if (used + w > width) {
      // Colour is reset so that a cut coloured cell does not paint the rest of the line.
      return out.includes('\u001b[') ? `${out}\u001b[0m` : out;
    }
    out += char;
    used += w;
    if (char.length === 2) i++;
  }
  return out;
}
