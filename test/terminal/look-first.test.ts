// What a person at a real terminal (tmux) is told before anything changes: a dry run's table of
// what would happen to each target and its line of counts, the version `presets create` is about
// to make and its question, the name of the intern `interns suspend --yes` stopped, and the
// suspend picker's statuses. Against the sandbox; skips, saying why, when tmux is not installed.
import { afterAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/width.js';
import { useSandbox } from '../kit/sandbox.js';
import { liveScreen, onScreen, stopTmux } from '../kit/tmux.js';
import { missing, skipNote } from '../completions/shells.js';

afterAll(() => {
  if (!missing.tmux) stopTmux();
});

const sandbox = useSandbox();
/** The writes the sandbox received. */
const posts = () =>
  sandbox()
    .requests()
    .filter((r) => r.method === 'POST');
const MISSING = '00000000-0000-4000-8000-000000000000';

describe.skipIf(missing.tmux)(`told before anything changes${missing.tmux ? ` (skipped: ${missing.tmux})` : ''}`, () => {
  const terminal = (): Record<string, string> => ({ ...sandbox().env(), TERM: 'xterm', NO_COLOR: '1' });

  it(
    'interns suspend --dry-run: a table of what would happen to each, a cut reason whole under it (wrapped between words), one line of counts',
    { timeout: 60_000 },
    async () => {
      const { intern, busy_intern: busy } = sandbox().examples;
      const names = await Promise.all(
        [intern, busy].map(async (id) => (await sandbox().get(`/interns/${id}`)).body as { name: string; status: string }),
      );
      const args = ['interns', 'suspend', intern, MISSING, busy, '--dry-run'];
      const [wide, narrow] = await Promise.all([onScreen(args, terminal(), 120, 20), onScreen(args, terminal(), 60, 20)]);
      const counts = '3 interns: 2 would be suspended, 1 would fail; nothing was changed, only read (dry run).\n';
      expect(wide).toMatchObject({ exit: 0, stderr: counts });
      expect(wide.text.split('\n').map((line) => line.split(/ {2,}/))).toEqual([
        ['ID', 'NAME', 'STATUS', 'EXPECTED', 'REASON'],
        [intern, names[0]!.name, names[0]!.status, 'would-act', '-'],
        [MISSING, '-', '-', 'would-fail', 'HTTP 404: Intern not found'],
        [busy, names[1]!.name, names[1]!.status, 'would-act', '-'],
      ]);
      // At 60 columns nothing is wider than the terminal, and a reason cut in the table is whole under it.
      expect(narrow.exit).toBe(0);
      const [table, under] = narrow.text.split('\n\n');
      for (const line of table!.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(60);
      expect(under).toBe(`${MISSING}: HTTP 404: Intern not\nfound`);
      // The line of counts, one line in stderr's file (at a terminal it breaks between words: notes.test.ts).
      expect(narrow.stderr).toContain('3 interns: 2 would be suspended, 1 would fail; nothing was changed, only read (dry run).\n');
      expect(
        sandbox()
          .requests()
          .every((r) => r.method === 'GET'),
      ).toBe(true);
    },
  );

  it('batches delete --dry-run --strict: the table and the counts, then exit 8', { timeout: 60_000 }, async () => {
    const { completed, in_progress } = sandbox().examples.batches;
    const screen = await onScreen(['batches', 'delete', completed!, in_progress!, '--dry-run', '--strict'], terminal(), 120, 20);
    expect(screen.exit).toBe(8);
    expect(screen.text.split('\n').map((line) => line.split(/ {2,}/))).toEqual([
      ['ID', 'STATUS', 'EXPECTED', 'REASON'],
      [completed, 'completed', 'would-act', '-'],
      [in_progress, 'in_progress', 'would-fail', 'HTTP 409: status in_progress is not terminal'],
    ]);
    expect(screen.stderr).toBe(
      '2 batches: 1 would be deleted, 1 would fail; nothing was changed, only read (dry run).\n' +
        'gwctl: 1 of 2 batches would fail (dry run, --strict)\n',
    );
  });

  it('batches delete --dry-run at 60 columns keeps each batch id, leaving out the status first', { timeout: 60_000 }, async () => {
    const { expired, in_progress } = sandbox().examples.batches;
    const screen = await onScreen(['batches', 'delete', expired!, in_progress!, '--dry-run'], terminal(), 60, 20);
    expect(screen.exit).toBe(0);
    const [table, under] = screen.text.split('\n\n');
    expect(table!.split('\n').map((line) => line.split(/ {2,}/).slice(0, 2))).toEqual([
      ['ID', 'EXPECTED'],
      [expired, 'would-act'],
      [in_progress, 'would-fail'],
    ]);
    expect(under).toBe(`${in_progress}: HTTP 409: status in_progress\nis not terminal`);
    expect(screen.stderr).toBe(
      '1 column hidden (status): --columns to choose\n' +
        '2 batches: 1 would be deleted, 1 would fail; nothing was changed, only read (dry run).\n',
    );
  });

  it('interns suspend ID --yes names the intern it stopped', { timeout: 60_000 }, async () => {
    const { intern } = sandbox().examples;
    const { name } = (await sandbox().get(`/interns/${intern}`)).body as { name: string };
    const screen = await onScreen(['interns', 'suspend', intern, '--yes'], terminal(), 80, 20);
    expect(screen).toMatchObject({ exit: 0, stderr: '', text: `Suspended intern ${name} (${intern}).` });
    // At 60 columns the line wraps between words, the id whole on its line.
    const narrow = await onScreen(['interns', 'suspend', intern, '--yes'], terminal(), 60, 20);
    expect(narrow).toMatchObject({ exit: 0, stderr: '', text: `Suspended intern ${name}\n(${intern}).` });
  });

  it(
    'presets create shows the version it is about to create and asks: n sends nothing (exit 3), y creates it',
    { timeout: 90_000 },
    async () => {
      const slug = 'brand-new-preset';
      const args = ['presets', 'create', slug, '--temperature', '0.2'];
      const preview = [
        `The version of ${slug} to create holds:`,
        '  model        (not given: this version has none)',
        '  temperature  0.2',
        'If the preset already has a version, the fields not given are not carried over',
      ];
      for (const [answer, exit] of [
        ['n', 3],
        ['y', 0],
      ] as const) {
        const screen = liveScreen(args, terminal(), 80, 30, { stderrOnScreen: true });
        try {
          const lines = await screen.until('the question', (l) => l.some((text) => text.includes(`Create this version of ${slug}?`)));
          expect(lines.slice(0, preview.length)).toEqual(preview);
          // Nothing is sent before the answer.
          expect(posts()).toEqual([]);
          screen.keys(answer, 'Enter');
          expect((await screen.exit()).exit).toBe(exit);
        } finally {
          screen.close();
        }
        expect(posts()).toHaveLength(answer === 'y' ? 1 : 0);
      }
    },
  );

  it('presets create --yes at a terminal shows the version and creates it without a question', { timeout: 60_000 }, async () => {
    const screen = liveScreen(['presets', 'create', 'another-preset', '--model', 'm/x', '--yes'], terminal(), 80, 30, {
      stderrOnScreen: true,
    });
    try {
      expect((await screen.exit()).exit).toBe(0);
      const shown = screen.lines(true).join('\n');
      expect(shown).toContain('The version of another-preset to create holds:\n  model  m/x\n');
      expect(shown).not.toContain('Create this version');
    } finally {
      screen.close();
    }
    expect(posts()).toHaveLength(1);
  });

  it('the suspend picker offers every intern, each with its status, and leaves the choice to the person', { timeout: 60_000 }, async () => {
    const listed = (await sandbox().get('/interns?limit=5')).body.data as { name: string; status: string }[];
    const screen = liveScreen(['interns', 'suspend'], terminal(), 100, 30, { stderrOnScreen: true });
    try {
      const lines = await screen.until('the picker', (l) => l.some((text) => text.includes(listed[4]!.name)));
      for (const { name, status } of listed) expect(lines.some((text) => text.includes(`${name}  (${status})`))).toBe(true);
      expect(listed.map((i) => i.status)).toEqual(expect.arrayContaining(['destroying', 'destroy_failed']));
      screen.keys('Escape');
      expect((await screen.exit()).exit).toBe(3);
    } finally {
      screen.close();
    }
    expect(posts()).toEqual([]);
  });
});

skipNote('what a person is told before anything changes (tmux)', missing.tmux);
