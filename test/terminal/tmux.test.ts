// gwctl in a real 80-column terminal (tmux): the table fits the width, times are relative,
// statuses are coloured, and NO_COLOR, --no-color and TERM=dumb leave no escape code on the
// screen. The same listing piped gives tab-separated rows with ISO 8601 times.
// Skips, saying why, when tmux is not installed.
import { afterAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/width.js';
import { gwctl } from '../kit/cli.js';
import { onScreen, stopTmux } from '../kit/tmux.js';
import { missing, skipNote } from '../completions/shells.js';

const LIMIT = 25;
const ESC = '\u001b';

afterAll(() => {
  if (!missing.tmux) stopTmux();
});

/** The listing piped: id, name, status, model, hostname, created_at per line. */
async function piped(): Promise<string[][]> {
  const run = await gwctl(['--sandbox', 'interns', 'ls', '--limit', String(LIMIT)]);
  expect(run.code).toBe(0);
  return run.stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t'));
}

const RELATIVE = /(?:just now|\d+ (?:second|minute|hour|day|month|year)s? ago)$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.skipIf(missing.tmux)(
  `gwctl --sandbox interns ls in an 80-column terminal${missing.tmux ? ` (skipped: ${missing.tmux})` : ''}`,
  () => {
    it('fits the width, in colour, with relative times; piped it is tab-separated with ISO 8601 times', async () => {
      const rows = await piped();
      expect(rows).toHaveLength(LIMIT);
      for (const row of rows) expect(row[5]).toMatch(ISO);

      const screen = await onScreen(['--sandbox', 'interns', 'ls', '--limit', String(LIMIT)], { TERM: 'xterm-256color' });
      expect(screen.exit).toBe(0);
      const lines = screen.text.trimEnd().split('\n');
      expect(lines).toHaveLength(LIMIT + 1);
      for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(80);
      // At 80 columns the id, the name and the status are whole; the age gave way to them.
      expect(lines[0]).toMatch(/^ID {2,}NAME {2,}STATUS$/);
      lines.slice(1).forEach((line, i) => {
        const [id, name, status] = rows[i]!;
        expect(line.split(/ {2,}/)).toEqual([id, name, status]);
      });
      // Where the age fits, it is relative.
      const aged = await onScreen(['--sandbox', 'interns', 'ls', '--limit', String(LIMIT), '--columns', 'id,status,created_at'], {
        TERM: 'xterm-256color',
      });
      for (const line of aged.text.trimEnd().split('\n').slice(1)) expect(line).toMatch(RELATIVE);
      // The wide name is shown whole or cut with an ellipsis, never past the edge.
      expect(lines.some((line) => line.includes('研究'))).toBe(true);

      // Colour: bold headers, statuses by meaning (running green, failed red).
      expect(screen.escaped).toContain(`${ESC}[1mID`);
      expect(screen.escaped).toContain(`${ESC}[32mrunning`);
      expect(screen.escaped).toMatch(new RegExp(`${ESC}\\[31m(?:destroy_)?failed`));
    });

    it.each([
      ['NO_COLOR=1', [], { NO_COLOR: '1', TERM: 'xterm-256color' }],
      ['--no-color', ['--no-color'], { TERM: 'xterm-256color' }],
      ['TERM=dumb', [], { TERM: 'dumb' }],
    ] as const)('with %s the screen holds no escape code, and the same words', async (_name, flags, env) => {
      const [coloured, plain] = await Promise.all([
        onScreen(['--sandbox', 'interns', 'ls', '--limit', '8'], { TERM: 'xterm-256color' }),
        onScreen(['--sandbox', 'interns', 'ls', '--limit', '8', ...flags], env),
      ]);
      expect(plain.exit).toBe(0);
      expect(coloured.escaped).toContain(ESC);
      expect(plain.escaped).not.toContain(ESC);
      expect(plain.text).toBe(coloured.text);
      expect(plain.text.trimEnd().split('\n')).toHaveLength(9);
    });

    it('drops optional columns on a narrow terminal and shows them on a wide one', async () => {
      const [narrow, wide] = await Promise.all([
        onScreen(['--sandbox', 'interns', 'ls', '--limit', '3'], { NO_COLOR: '1', TERM: 'xterm' }, 80),
        onScreen(['--sandbox', 'interns', 'ls', '--limit', '3'], { NO_COLOR: '1', TERM: 'xterm' }, 200),
      ]);
      expect(narrow.text.split('\n')[0]).not.toContain('HOSTNAME');
      expect(wide.text.split('\n')[0]).toMatch(/^ID {2,}NAME {2,}STATUS {2,}MODEL {2,}HOSTNAME {2,}AGE$/);
      for (const line of wide.text.trimEnd().split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(200);
    });
  },
);
skipNote('terminal (tmux) tests', missing.tmux);
