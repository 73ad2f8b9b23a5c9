// What a newcomer sees at a real terminal (tmux, 60 and 80 columns) where gwctl used to stop or
// mislead them: a refusal to ask names its real cause and what to do instead, and the narrow
// intern table keeps the id, the name and the status whole before anything else.
// Skips, saying why, when tmux is not installed.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/width.js';
import { gwctl } from '../kit/cli.js';
import { tempConfigDir } from '../kit/spawn.js';
import { onScreen, stopTmux } from '../kit/tmux.js';
import { missing, skipNote } from '../completions/shells.js';

afterAll(() => {
  if (!missing.tmux) stopTmux();
});

const TERMINAL = { TERM: 'xterm', NO_COLOR: '1' };

/** The sandbox's first interns, piped: id, name, status. */
async function interns(limit: number): Promise<string[][]> {
  const run = await gwctl(['--sandbox', 'interns', 'ls', '--limit', String(limit)]);
  expect(run.code).toBe(0);
  return run.stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t').slice(0, 3));
}

describe.skipIf(missing.tmux)(`at the terminal${missing.tmux ? ` (skipped: ${missing.tmux})` : ''}`, () => {
  it('ids on stdin from a file: the refusal says stdin is not a terminal and to pass --yes', { timeout: 60_000 }, async () => {
    const ids = path.join(tempConfigDir(), 'ids.txt');
    writeFileSync(ids, (await interns(2)).map(([id]) => id).join('\n') + '\n');
    const screen = await onScreen(['--sandbox', 'interns', 'suspend', '-'], TERMINAL, 80, 20, { stdinFile: ids });
    expect(screen.exit).toBe(2);
    expect(screen.stderr).toBe(
      'gwctl: refusing to act without confirmation: stdin is not a terminal, so nobody can be asked; pass --yes to act without asking\n',
    );
  });

  it.each([
    ['CI=1', [], { CI: '1' }, 'CI is set'],
    ['--no-input', ['--no-input'], {}, '--no-input was given'],
  ] as const)(
    'auth login with %s at a terminal names that as the reason, and --with-token',
    { timeout: 60_000 },
    async (_n, flags, env, why) => {
      const screen = await onScreen(['auth', 'login', ...flags], { ...TERMINAL, ...env }, 80, 20);
      expect(screen.exit).toBe(2);
      expect(screen.stderr).toBe(
        `gwctl: cannot ask for the key: ${why}; pipe the key in with --with-token, as in 'printenv MY_KEY | gwctl auth login --with-token'\n`,
      );
    },
  );

  it(
    'interns ls at 80 columns: id, name and status whole (the age gives way); at 60 the status stays whole',
    { timeout: 60_000 },
    async () => {
      const rows = await interns(12);
      const [at80, at60] = await Promise.all(
        [80, 60].map((width) => onScreen(['--sandbox', 'interns', 'ls', '--limit', '12'], TERMINAL, width, 30)),
      );
      const table80 = at80!.text.split('\n');
      expect(table80[0]).toMatch(/^ID {2,}NAME {2,}STATUS$/);
      rows.forEach(([id, name, status], i) => expect(table80[i + 1]!.split(/ {2,}/)).toEqual([id, name, status]));
      expect(at80!.stderr).toContain('columns hidden (model, hostname, created_at)');
      const table60 = at60!.text.split('\n').slice(0, rows.length + 1);
      for (const line of table60) expect(displayWidth(line)).toBeLessThanOrEqual(60);
      rows.forEach(([id, , status], i) => {
        const cells = table60[i + 1]!.split(/ {2,}/);
        expect([cells[0], cells[2]]).toEqual([id, status]);
      });
    },
  );
});

skipNote('terminal tests of a first hour (tmux)', missing.tmux);
