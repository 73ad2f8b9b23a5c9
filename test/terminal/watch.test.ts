// The terminal view of --watch in a real terminal (tmux), 60 and 200 columns wide, against the
// scripted server whose interns change at every poll (one added, one modified, one deleted):
// the view is redrawn in place on the alternate screen (nothing scrolls, the screen never
// holds more than one frame), changed rows carry their mark, the status line gives the time of
// the last poll, a short terminal says how many rows it leaves out, a narrow one which columns
// (in the view, then on stderr under the last view, as under a table), a resize redraws at the new
// width, and Ctrl-C gives the shell's screen back (cursor shown) with exit 130. The detail view
// (`interns get --watch`) marks every line of the field that changed, wrapped or not.
// Conditions are waited for by reading the screen; nothing here is timed.
// Skips, saying why, when tmux is not installed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/width.js';
import { startServer, type ScriptedServer, type Seen } from '../kit/server.js';
import { liveScreen, stopTmux, type LiveScreen } from '../kit/tmux.js';
import { missing, skipNote } from '../completions/shells.js';

const KEY = 'sk-api-watch-screen-0123456789';
const idOf = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** The intern added at poll p (and deleted at poll p + 1): its id says which poll the screen shows. */
const addedAt = (p: number): string => idOf(1000 + p);
const STEADY = 40;
const LONG_NAME = 'a-rather-long-name-that-leaves-leftovers';

interface Intern {
  id: string;
  name: string;
  status: string;
  model: string;
  hostname: string;
  created_at: string;
}

const intern = (n: number, name: string): Intern => ({
  id: idOf(n),
  name,
  status: 'running',
  model: 'openai/gpt-5.4',
  hostname: `${name}.interns.example.com`,
  created_at: '2026-01-01T00:00:00.000Z',
});

let server: ScriptedServer;
/** List polls answered so far (a read of the first page starts one). */
let polls = 0;
/** Reads of the one intern (interns get). */
let gets = 0;

/**
 * At poll p: the intern added at p - 1 is gone, one is added at the top, the first steady
 * intern's status flips, and the second's name goes long and short in turn (what a line
 * left behind would show).
 */
function listAt(p: number): Intern[] {
  const steady = Array.from({ length: STEADY }, (_, n) => intern(n + 1, n === 1 && p % 2 === 1 ? LONG_NAME : `steady-${n + 1}`));
  steady[0]!.status = p % 2 === 0 ? 'running' : 'stopped';
  return [{ ...intern(1000 + p, `added-${p}`), status: 'provisioning' }, ...steady];
}

/** The watched intern at read g: its status and a hostname long enough to wrap at 60 columns change each time. */
function internAt(g: number): Intern {
  return { ...intern(7, 'watched'), status: g % 2 === 0 ? 'running' : 'stopped', hostname: `watched-${g}-${'x'.repeat(50)}.example.com` };
}

beforeAll(async () => {
  server = await startServer((req: Seen) => {
    if (req.path.endsWith(`/interns/${idOf(7)}`)) return { body: internAt(++gets) };
    if (req.query.get('starting_after') === null) polls += 1;
    const data = listAt(polls);
    const limit = Number(req.query.get('limit'));
    const start = Number(req.query.get('starting_after') ?? 0);
    const more = start + limit < data.length;
    return { body: { data: data.slice(start, start + limit), has_more: more, ...(more ? { next_cursor: String(start + limit) } : {}) } };
  });
});
afterAll(async () => {
  if (!missing.tmux) stopTmux();
  await server.close();
});

const env = () => ({ GWCTL_BASE_URL: server.baseUrl, GWCTL_API_KEY: KEY, TERM: 'xterm-256color' });
const STATUS_TIME = 'last poll \\d\\d:\\d\\d:\\d\\d';

/** The poll whose added intern is on screen (the highest, while a frame is being replaced). */
function pollShown(lines: string[]): number {
  // By its name: at 60 columns the id is left out so that names and statuses stay whole.
  const shown = lines.map((line) => /^\+ .*\badded-(\d+)\b/.exec(line)?.[1]).filter(Boolean);
  return Math.max(0, ...shown.map(Number));
}

/** One frame of the list, a short pane: status line, header, the rows that fit, the note of the rest. */
function expectListFrame(screen: LiveScreen, lines: string[], width: number, height: number, p: number): void {
  const state = screen.state();
  // In place: the alternate screen, the cursor hidden, nothing scrolled, one frame.
  expect(state).toMatchObject({ alternateScreen: true, cursorShown: false, history: 0 });
  expect(lines.length).toBeLessThanOrEqual(height);
  const title = width >= 100 ? 'gwctl interns ls --watch, every 0.5s · ' : '';
  expect(lines[0]).toMatch(new RegExp(`^${title}${STATUS_TIME} · ${STEADY + 1} interns · 4 changed$`));
  expect(lines.filter((line) => line.includes('last poll'))).toHaveLength(1);
  // The id at every width: the names and statuses give way before it (cut at 60 columns).
  const id = (n: number) => `${idOf(n)} {2,}`;
  expect(lines[1]).toMatch(new RegExp(`^ {3}ID {2,}NAME {2,}STATUS`));
  // Marks: the new intern added, the two that changed modified; the others unmarked.
  expect(lines[2]).toMatch(new RegExp(`^\\+ {2}${addedAt(p)} {2,}added-${p} `));
  expect(lines[3]).toMatch(new RegExp(`^~ {2}${id(1)}steady-1 +${p % 2 === 0 ? 'running' : 'stopped'}`));
  // The long name is cut at 60 columns.
  expect(lines[4]).toMatch(new RegExp(`^~ {2}${id(2)}(steady-2|${width >= 100 ? LONG_NAME : 'a-rathe…'}) `));
  expect(lines[5]).toMatch(new RegExp(`^ {3}${id(3)}steady-3 `));
  // The frame before is wholly replaced: its added intern and the long name are not left behind.
  expect(lines.join('\n')).not.toMatch(new RegExp(`${addedAt(p - 1)}|added-${p - 1}\\b`));
  if (p % 2 === 0) expect(lines.join('\n')).not.toMatch(/leftovers|a-rather/);
  // Columns the width leaves out are named under the view, as under a table: in two lines at 60
  // columns, never the id.
  const counted = lines.findIndex((line) => line.includes('more rows not shown'));
  const note = lines.slice(counted + 1);
  expect(note.join(' ')).toBe(width >= 100 ? '' : '3 columns hidden (model, hostname, created_at): --columns to choose');
  // Rows that do not fit are counted: 41 interns and the one deleted, header and status take two
  // lines, the count one, the note its own; the deleted one is among those not shown.
  const shown = height - 3 - note.length;
  expect(lines[counted]).toBe(`${STEADY + 2 - shown} more rows not shown (1 of them changed)`);
  expect(lines.slice(2, counted)).toHaveLength(shown);
  for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
}

describe.skipIf(missing.tmux)(`--watch in a real terminal${missing.tmux ? ` (skipped: ${missing.tmux})` : ''}`, () => {
  it.each([
    [60, 200],
    [200, 60],
  ] as const)(
    'interns ls --watch at %d columns: redrawn in place, marked, counted; resized to %d; Ctrl-C gives the screen back',
    { timeout: 120_000 },
    async (width, resized) => {
      const height = 12;
      const screen = liveScreen(['interns', 'ls', '--watch', '--interval', '0.5s'], env(), width, height);
      try {
        // The first poll (every row added), then several more, each frame checked: the screen never grows.
        let seen = pollShown(await screen.until('the first poll', (l) => pollShown(l) > 0));
        for (let frames = 0; frames < 3; frames++) {
          const lines = await screen.until(
            `a poll after ${seen}`,
            (l) => pollShown(l) > seen && l.some((line) => line.includes('not shown')),
          );
          seen = pollShown(lines);
          expectListFrame(screen, lines, width, height, seen);
        }

        // A resize redraws at once at the new size: every row fits now, no count of rows not shown,
        // no line too wide; at 60 columns the note of the columns left out (two lines) ends the view.
        const tall = STEADY + 6;
        const note = resized < 100 ? ['3 columns hidden (model, hostname, created_at): --columns to', 'choose'] : [];
        screen.resize(resized, tall);
        const lines = await screen.until(
          `the view at ${resized} columns`,
          (l) => l.length === STEADY + 4 + note.length && !l.some((line) => line.includes('not shown')),
        );
        expect(lines.slice(lines.length - note.length)).toEqual(note);
        lines.splice(lines.length - note.length);
        for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(resized);
        const widest = Math.max(...lines.map(displayWidth));
        if (resized > width) expect(widest).toBeGreaterThan(width);
        expect(lines.at(-1)).toMatch(/^- {2}\S+ /); // the deleted intern, shown once more at the end
        expect(screen.state()).toMatchObject({ alternateScreen: true, history: 0, width: resized, height: tall });

        // Ctrl-C: the shell's screen back, the cursor shown, the last view printed once, exit 130;
        // nothing of the frames is left in the scrollback (tmux reflows the alternate screen into it
        // when it is left after a resize, unless it was emptied).
        screen.keys('C-c');
        const { exit, stderr } = await screen.exit();
        expect(exit).toBe(130);
        // The note under the last view is on stderr, as under a table (the view is printed once the
        // run has ended, so the note comes after the word of the interruption): one line in a file.
        expect(stderr).toBe(`gwctl: interrupted\n${note.length > 0 ? `${note.join(' ')}\n` : ''}`);
        expect(screen.state()).toMatchObject({ alternateScreen: false, cursorShown: true });
        const after = screen.lines(true).filter(Boolean);
        expect(after[0]).toMatch(new RegExp(`${STATUS_TIME} · ${STEADY + 1} interns`));
        expect(after[1]).toMatch(/^ID {2,}NAME {2,}STATUS/); // no mark column in what stays
        expect(after.slice(2).every((line) => /^0{8}-/.test(line))).toBe(true);
        expect(after).toHaveLength(STEADY + 3);
      } finally {
        screen.close();
      }
    },
  );

  it('interns ls --watch at 80 columns: every row shows its id whole, beside the marks', { timeout: 120_000 }, async () => {
    const screen = liveScreen(['interns', 'ls', '--watch', '--interval', '0.5s'], env(), 80, 12);
    try {
      const lines = await screen.until('a poll', (l) => pollShown(l) > 0 && l.some((line) => line.includes('not shown')));
      expect(lines[1]).toMatch(/^ {3}ID {2,}NAME {2,}STATUS/);
      const rows = lines.slice(
        2,
        lines.findIndex((line) => line.includes('not shown')),
      );
      expect(rows.length).toBeGreaterThan(3);
      for (const row of rows) expect(row).toMatch(/^[ +~-] {2}0{8}-0000-4000-8000-\d{12} {2}\S/);
      screen.keys('C-c');
      expect((await screen.exit()).exit).toBe(130);
    } finally {
      screen.close();
    }
  });

  it.each([60, 80])(
    'Ctrl-C on a watch of 3,000 interns at %d columns leaves the last view, not the whole list',
    { timeout: 120_000 },
    async (width) => {
      const many = await startServer((req: Seen) => {
        const data = Array.from({ length: 3000 }, (_, n) => intern(n + 1, `many-${n + 1}`));
        const limit = Number(req.query.get('limit'));
        const start = Number(req.query.get('starting_after') ?? 0);
        const more = start + limit < data.length;
        return {
          body: { data: data.slice(start, start + limit), has_more: more, ...(more ? { next_cursor: String(start + limit) } : {}) },
        };
      });
      const height = 24;
      const screen = liveScreen(
        ['interns', 'ls', '--watch', '--interval', '5s'],
        { ...env(), GWCTL_BASE_URL: many.baseUrl },
        width,
        height,
      );
      try {
        await screen.until('the first poll', (l) => l.some((line) => line.includes('3000 interns')));
        screen.keys('C-c');
        const { exit, stderr } = await screen.exit();
        expect(exit).toBe(130);
        expect(screen.state()).toMatchObject({ alternateScreen: false, cursorShown: true });
        // The scrollback holds at most a screen: the status line, the header, the rows that fitted
        // and the count of the rest, less a line for the prompt.
        expect(screen.state().history).toBeLessThan(height);
        const after = screen.lines(true).filter(Boolean);
        expect(after.length).toBeLessThan(height);
        expect(after[0]).toMatch(new RegExp(`${STATUS_TIME} · 3000 interns`));
        expect(after[1]).toMatch(/^ID {2,}NAME/);
        // The columns left out are named on stderr, under the view (without the marks' column
        // the id fits at 60 columns too); the view leaves the note room.
        const note =
          width === 60
            ? ['3 columns hidden (model, hostname, created_at): --columns to', 'choose']
            : ['2 columns hidden (model, hostname): --columns to choose'];
        expect(stderr).toBe(`gwctl: interrupted\n${note.length > 0 ? `${note.join(' ')}\n` : ''}`);
        expect(after.at(-1)).toBe(`${3000 - (height - 4 - note.length)} more rows not shown`);
      } finally {
        screen.close();
        await many.close();
      }
    },
  );

  it.each([60, 200])(
    'interns get --watch at %d columns: the changed fields marked, every line of a wrapped one',
    { timeout: 120_000 },
    async (width) => {
      const screen = liveScreen(['interns', 'get', idOf(7), '--watch', '--interval', '0.5s'], env(), width, 30);
      try {
        const lines = await screen.until('a read that changed something', (l) => l.some((line) => line.startsWith('~ ')));
        expect(screen.state()).toMatchObject({ alternateScreen: true, history: 0 });
        expect(lines[0]).toMatch(new RegExp(`${STATUS_TIME} · 1 changed$`));
        const status = lines.findIndex((line) => /^. {1}Status /.test(line));
        expect(lines[status]).toMatch(/^~ Status {2,}(running|stopped)$/);
        expect(lines.find((line) => /^. {1}Name /.test(line))).toMatch(/^ {2}Name {2,}watched$/);
        // The hostname changed: marked on each of its lines (two at 60 columns, where it wraps).
        const hostname = lines.findIndex((line) => /^. {1}Hostname /.test(line));
        const hostLines = width === 60 ? 2 : 1;
        for (let i = 0; i < hostLines; i++) expect(lines[hostname + i]).toMatch(/^~ /);
        expect(lines[hostname + hostLines]).toMatch(/^ {2}\S/);
        for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
        screen.keys('C-c');
        expect((await screen.exit()).exit).toBe(130);
        expect(screen.state()).toMatchObject({ alternateScreen: false, cursorShown: true });
      } finally {
        screen.close();
      }
    },
  );
});

skipNote('watch terminal tests (tmux)', missing.tmux);
