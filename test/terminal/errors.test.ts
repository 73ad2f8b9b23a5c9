// Errors on a real terminal (tmux, 60 and 80 columns): the line is broken at spaces to the
// terminal's width, never inside a word as the terminal would break it (`fro⏎m 1 to 500`), and
// piped it stays one line. Skips, saying why, when tmux is not installed.
import { afterAll, describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { liveScreen, stopTmux } from '../kit/tmux.js';
import { missing, skipNote } from '../completions/shells.js';

afterAll(() => {
  if (!missing.tmux) stopTmux();
});

const ARGS = ['interns', 'ls', '--status', 'running,bogus'];

describe.skipIf(missing.tmux)(`errors at a terminal${missing.tmux ? ` (skipped: ${missing.tmux})` : ''}`, () => {
  it.each([60, 80])('at %i columns an error is broken at spaces, within the width', { timeout: 60_000 }, async (width) => {
    const piped = await gwctl(ARGS);
    expect(piped.code).toBe(2);
    const line = piped.stderr.trimEnd();
    expect(line.split('\n')).toHaveLength(1);
    expect(line.length).toBeGreaterThan(width);

    const screen = liveScreen(ARGS, { TERM: 'xterm', NO_COLOR: '1' }, width, 20, { stderrOnScreen: true });
    try {
      // Lines the terminal wrapped come back joined (capture -J): only gwctl's own breaks remain.
      const lines = await screen.until('the error', (l) => l.some((text) => text.includes('destroy_failed')));
      const shown = lines.filter(Boolean);
      for (const text of shown) expect(text.length, text).toBeLessThanOrEqual(width);
      expect(shown.length).toBeGreaterThan(1);
      expect(shown.join(' ')).toBe(line);
    } finally {
      screen.close();
    }
  });
});

skipNote('error terminal tests (tmux)', missing.tmux);
