// Help laid out for the terminal it is read on: every line within the terminal's width (60 to
// 200 columns), and 80 when piped; a sentence broken only where the width asks, never where the
// spec's source happened to wrap; an example too long for the line broken with ` \`, so it still
// pastes. In-process at each width, and once on a real terminal (tmux) at 60 columns.
import { afterAll, describe, expect, it } from 'vitest';
import { commands, groupSummaries } from '../../src/cli/registry.js';
import { gwctl } from '../kit/cli.js';
import { onScreen, stopTmux } from '../kit/tmux.js';
import { missing } from '../completions/shells.js';

const visible = [...commands.keys()].filter((key) => !key.startsWith('__'));
const EVERY_HELP: string[][] = [
  ['--help'],
  ['help', 'formatting'],
  ['help', 'exit-codes'],
  ...[...groupSummaries.keys()].map((group) => [group, '--help']),
  ...visible.map((key) => [...key.split(' '), '--help']),
];

const longer = (text: string, width: number) => text.split('\n').filter((line) => line.length > width);

describe('help fits the terminal', () => {
  it.each([60, 80, 120, 200])('at %i columns, no line of any help is longer', async (width) => {
    for (const args of EVERY_HELP) {
      const run = await gwctl(args, { stdoutIsTTY: true, columns: width });
      expect(run.code, args.join(' ')).toBe(0);
      expect(longer(run.stdout, width), args.join(' ')).toEqual([]);
    }
  });

  it.each([60, 80])(
    'at %i columns, a JSON block of a help (mcp --help) is broken only where JSON allows, never with " \\"',
    async (width) => {
      let blocks = 0;
      for (const args of EVERY_HELP) {
        const lines = (await gwctl(args, { stdoutIsTTY: true, columns: width })).stdout.split('\n');
        for (let start = lines.indexOf('  {'); start >= 0; start = lines.indexOf('  {', start + 1)) {
          const end = lines.indexOf('  }', start);
          const block = lines.slice(start, end + 1);
          expect(
            block.filter((line) => line.endsWith('\\')),
            args.join(' '),
          ).toEqual([]);
          expect(() => JSON.parse(block.join('\n')) as unknown, args.join(' ')).not.toThrow();
          blocks += 1;
        }
      }
      expect(blocks).toBeGreaterThan(0);
    },
  );

  it('piped, help is laid out for 80 columns, whatever width the terminal has', async () => {
    for (const args of EVERY_HELP) {
      const [piped, wide] = await Promise.all([gwctl(args, { columns: 200 }), gwctl(args, { stdoutIsTTY: true, columns: 80 })]);
      expect(piped.stdout, args.join(' ')).toBe(wide.stdout);
    }
  });

  it('below 60 columns it is laid out for 60, above 200 for 200', async () => {
    const at = async (columns: number) => (await gwctl(['interns', 'wait', '--help'], { stdoutIsTTY: true, columns })).stdout;
    expect(await at(40)).toBe(await at(60));
    expect(await at(300)).toBe(await at(200));
    expect(await at(120)).not.toBe(await at(80));
  });

  it('a sentence is broken only where the width asks, never where the source wrapped it', async () => {
    const run = await gwctl(['interns', 'ls', '--help'], { stdoutIsTTY: true, columns: 200 });
    expect(run.stdout).toContain(
      '\nWith --watch every page is read again at each interval and only what changed is shown (added, modified, deleted; JSON Lines events with --jsonl or --json), until Ctrl-C.\n',
    );
    const wait = await gwctl(['interns', 'wait', '--help'], { stdoutIsTTY: true, columns: 200 });
    // Each sentence the source ended at a line's end still ends its line of help.
    expect(wait.stdout).toContain(
      "\nMany interns are read through the list (a few requests a poll) rather than one by one.\nHere --timeout is the wait's deadline;",
    );
  });

  it('an example longer than the line is broken with " \\" and pastes back whole; an option keeps its value', async () => {
    for (const key of visible) {
      const run = await gwctl([...key.split(' '), '--help'], { stdoutIsTTY: true, columns: 60 });
      const block = run.stdout.split('\nExamples:\n')[1]!.split('\n\n')[0]!;
      const pasted = block
        .replace(/ \\\n {6}/g, ' ')
        .replace(/\n {6}# /g, ' ')
        .split('\n')
        .map((line) => line.replace(/^ {2}\$ /, ''));
      const spaced = (lines: readonly string[]) => lines.map((line) => line.replace(/ +/g, ' '));
      expect(spaced(pasted), key).toEqual(spaced(commands.get(key)!.examples));
    }
    const wait = await gwctl(['interns', 'wait', '--help'], { stdoutIsTTY: true, columns: 60 });
    expect(wait.stdout).toContain(
      '  $ gwctl interns wait --status provisioning,queued \\\n      --for status!=provisioning --for status!=queued\n',
    );
  });
});

describe.skipIf(missing.tmux)(`help on a real terminal${missing.tmux ? ` (skipped: ${missing.tmux})` : ''}`, () => {
  afterAll(() => stopTmux());

  it.each([60, 80])('at %i columns the terminal wraps no line of interns wait --help', async (width) => {
    const screen = await onScreen(['interns', 'wait', '--help'], {}, width, 60);
    expect(screen.exit).toBe(0);
    expect(screen.text).toContain('Examples:');
    // capture-pane -J joins the lines the terminal wrapped: a line longer than the window is one it wrapped.
    expect(longer(screen.text, width)).toEqual([]);
  });
});
