// Warnings and notes on a real terminal (tmux, 60 and 80 columns), stderr on the screen: broken
// between words at the terminal's width as errors are, never inside a word as the terminal would
// break them (`…/hom⏎e/.config`); a word longer than the width (a path, a cursor) stands whole on
// a line of its own. Piped, each stays one line. Skips, saying why, when tmux is not installed.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { tempConfigDir } from '../kit/spawn.js';
import { liveScreen, stopTmux } from '../kit/tmux.js';
import { missing, skipNote } from '../completions/shells.js';

afterAll(() => {
  if (!missing.tmux) stopTmux();
});

const TERMINAL = { TERM: 'xterm', NO_COLOR: '1' };

/** A config folder deep enough that its path is a long word, holding a file others can read. */
function looseConfig(): string {
  const dir = path.join(tempConfigDir(), 'a-folder-with-a-rather-long-name', 'and-another-one-below', 'gwctl');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'config.json'), '{"profiles":{"default":{}}}\n');
  chmodSync(path.join(dir, 'config.json'), 0o644);
  return dir;
}

/** What stderr shows at `width` columns: its lines, each as wide as gwctl made it (the terminal's own breaks joined). */
async function shown(args: string[], env: Record<string, string>, width: number, until: string): Promise<string[]> {
  const screen = liveScreen(args, { ...TERMINAL, ...env }, width, 30, { stderrOnScreen: true });
  try {
    return (await screen.until(until, (l) => l.join(' ').includes(until))).filter(Boolean);
  } finally {
    screen.close();
  }
}

/** Each line within the width, unless it is one word wider than the width; together, the piped line. */
function expectWrapped(lines: string[], width: number, message: string): void {
  for (const line of lines) if (line.includes(' ')) expect(line.length, line).toBeLessThanOrEqual(width);
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.join(' ')).toBe(message);
}

describe.skipIf(missing.tmux)(`warnings and notes at a terminal${missing.tmux ? ` (skipped: ${missing.tmux})` : ''}`, () => {
  it.each([60, 80])('at %i columns a warning breaks between words, its path whole', { timeout: 60_000 }, async (width) => {
    const dir = looseConfig();
    const file = path.join(dir, 'config.json');
    const args = ['config', 'get', 'base-url'];
    const piped = await gwctl(args, { env: { GWCTL_CONFIG_DIR: dir } });
    const warning = piped.stderr.split('\n')[0]!;
    expect(warning).toBe(`gwctl: warning: ${file} can be read by other users (mode 644); run 'chmod 600 ${file}'`);
    const lines = await shown(args, { GWCTL_CONFIG_DIR: dir }, width, "'chmod 600");
    const at = lines.findIndex((line) => line.startsWith('gwctl: warning:'));
    const own = lines.slice(at, lines.findIndex((line) => line.endsWith("config.json'")) + 1);
    expectWrapped(own, width, warning);
    // The path is a word of its own, whole, each time it appears.
    expect(own).toContain(file);
  });

  it.each([60, 80])('at %i columns the hint under a list breaks between words, the cursor whole', { timeout: 60_000 }, async (width) => {
    const args = ['--sandbox', 'interns', 'ls', '--limit', '3'];
    const piped = await gwctl(args);
    const hint = piped.stderr.trimEnd();
    expect(hint.split('\n')).toHaveLength(1);
    expect(hint.length).toBeGreaterThan(width);
    const lines = await shown(args, {}, width, 'for every page)');
    expectWrapped(lines.slice(lines.findIndex((line) => line.startsWith('More interns exist:'))), width, hint);
  });

  it('piped, a warning and a note stay one line each, however narrow the terminal on stdout', async () => {
    const dir = looseConfig();
    const run = await gwctl(['--sandbox', 'interns', 'ls', '--limit', '3'], {
      env: { GWCTL_CONFIG_DIR: dir },
      stdoutIsTTY: true,
      columns: 60,
    });
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^gwctl: warning: .* can be read by other users/);
    expect(lines[1]).toBe('3 columns hidden (model, hostname, created_at): --columns to choose');
    expect(lines[2]).toMatch(/^More interns exist: .* \(or --all for every page\)$/);
  });
});

skipNote('warning and note terminal tests (tmux)', missing.tmux);
