// Every list and detail view on real terminals (tmux) 60, 80, 120 and 200 columns wide,
// against the sandbox: no line of the output is longer than the terminal, and the key column
// (an id, a secret's name: what a command takes) is the last to give way, never cut and never left
// out: each list row begins with its whole id, and each id a detail view names is on the screen
// whole. Columns a narrow terminal leaves out are named on stderr. Skips, saying why, when tmux
// is not installed.
import { afterAll, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/registry.js';
import type { Examples } from '../../src/sandbox/server.js';
import { displayWidth } from '../../src/output/width.js';
import { gwctl } from '../kit/cli.js';
import { useSandbox } from '../kit/sandbox.js';
import { onScreen, stopTmux } from '../kit/tmux.js';
import { missing, skipNote } from '../completions/shells.js';

const WIDTHS = [60, 80, 120, 200] as const;

interface Case {
  args: (ex: Examples) => string[];
  /** --jq giving the ids the screen must show whole. */
  ids: string;
  /** A list: row i of the table begins with id i. */
  list?: boolean;
}

const GIVEN: Record<string, Case> = {
  'interns ls': { args: () => ['interns', 'ls', '--limit', '30'], ids: '.data[].id', list: true },
  'budgets ls': { args: (ex) => ['budgets', 'ls', ex.workspace_slug], ids: '.data[].id', list: true },
  'vault secrets': { args: (ex) => ['vault', 'secrets', ex.intern], ids: '.data[].name', list: true },
  'interns suspend --dry-run': {
    // By selector: the targets come with their names and statuses from the list.
    args: () => ['interns', 'suspend', '--dry-run', '--status', 'failed,stopped'],
    ids: '.data[].id',
    list: true,
  },
  'interns wait': {
    args: (ex) => ['interns', 'wait', ex.intern, ex.failed_intern, '--for', 'status!=queued'],
    ids: '.data[].id',
    list: true,
  },
  'interns get': { args: (ex) => ['interns', 'get', ex.failed_intern], ids: '.id' },
  'endpoints get': { args: (ex) => ['endpoints', 'get', ex.private_endpoint], ids: '.data.id' },
  'endpoints get (draft)': { args: (ex) => ['endpoints', 'get', ex.private_endpoint_draft], ids: '.data.id' },
  'tools get': { args: (ex) => ['tools', 'get', ex.tool], ids: '.data.id, .data.engines[].id' },
  'batches get --results': { args: (ex) => ['batches', 'get', ex.batches.completed, '--results'], ids: '.id' },
  'batches get (failed)': { args: (ex) => ['batches', 'get', ex.batches.failed], ids: '.id' },
  'presets create': {
    args: (ex) => [
      'presets',
      'create',
      ex.preset_slug,
      '--model',
      'openai/gpt-4o',
      '--system',
      'You are a very helpful assistant who answers support tickets politely and precisely, always citing the runbook.',
    ],
    ids: '.data.id',
  },
  // Ids given are read in a dry run: each with its status and what would happen to it.
  'batches delete --dry-run': { args: (ex) => ['batches', 'delete', ex.batches.completed, '--dry-run'], ids: '.data[].id' },
  'auth status': { args: () => ['auth', 'status'], ids: 'empty' },
  'config list': { args: () => ['config', 'list'], ids: 'empty' },
  'config profiles': { args: () => ['config', 'profiles'], ids: 'empty' },
};

/**
 * The cases: those above, and one for every other list the API lists without an argument (its
 * spec's first column is its key: `id`, a secret's `name`), run as it is typed.
 */
const CASES: Record<string, Case> = { ...GIVEN };
for (const spec of commands.values()) {
  const name = spec.path.join(' ');
  const covered = Object.keys(GIVEN).some((given) => given.split(/ (?=--|\()/)[0] === name);
  const bare = Object.values(spec.args as Record<string, { required?: boolean }>).every((arg) => !arg.required);
  if (!covered && bare && spec.operation?.method === 'GET' && spec.columns?.length)
    CASES[name] = { args: () => [...spec.path], ids: `.data[].${String(spec.columns[0])}`, list: true };
}

describe('the cases above', () => {
  it('cover every command whose spec declares the columns of a view', () => {
    const withViews = [...commands.values()].filter((spec) => spec.columns !== undefined).map((spec) => spec.path.join(' '));
    const covered = new Set(Object.keys(CASES).map((name) => name.split(/ (?=--|\()/)[0]));
    expect(withViews.filter((name) => !covered.has(name))).toEqual([]);
  });
});

const sandbox = useSandbox({}, { resetEach: false });

afterAll(() => {
  if (!missing.tmux) stopTmux();
});

describe.skipIf(missing.tmux)(`tables and detail views fit the terminal${missing.tmux ? ` (skipped: ${missing.tmux})` : ''}`, () => {
  it.each(Object.keys(CASES))('%s at 60, 80, 120 and 200 columns', { timeout: 120_000 }, async (name) => {
    const sb = sandbox();
    const { args, ids: filter, list } = CASES[name]!;
    const command = args(sb.examples);
    const asked = await gwctl([...command, '--jq', filter], { env: sb.env() });
    expect(asked.code, asked.stderr).toBe(0);
    const ids = asked.stdout.split('\n').filter(Boolean);
    if (list) expect(ids.length).toBeGreaterThan(0);
    const screens = await Promise.all(WIDTHS.map((width) => onScreen(command, { ...sb.env(), NO_COLOR: '1', TERM: 'xterm' }, width, 60)));
    WIDTHS.forEach((width, w) => {
      const screen = screens[w]!;
      expect(screen.exit, screen.stderr).toBe(0);
      const lines = screen.text.trimEnd().split('\n');
      const over = lines.filter((line) => displayWidth(line) > width);
      expect(over, `${width} columns:\n${screen.text}`).toEqual([]);
      if (list) {
        // Row i (after the header) begins with id i, whole: the names and times gave way first.
        expect(screen.stderr).not.toMatch(/hidden \((id|name)\b/);
        ids.forEach((id, i) => expect(lines[i + 1]!.split(/ {2,}/)[0], `${width} columns, row ${i + 1}`).toBe(id));
        // Columns left out are named on stderr; with every column shown, nothing is said.
        const header = lines[0]!.split(/ {2,}/);
        if (/hidden/.test(screen.stderr)) expect(screen.stderr).toMatch(/\d+ columns? hidden \([^)]+\):\s+--columns\s+to\s+choose/);
        if (width === 200) expect(header.length).toBeGreaterThan(1);
      } else {
        const fields = new Set(lines.flatMap((line) => line.trim().split(/ {2,}/)));
        for (const id of ids) expect(fields.has(id), `${width} columns: ${id} whole on\n${screen.text}`).toBe(true);
      }
    });
    // Narrow terminals leave columns out and say so; a wide one needs to less often.
    if (list && name === 'interns ls') {
      expect(screens[0]!.stderr).toMatch(/3 columns hidden \(model, hostname, created_at\):\s+--columns/);
      expect(screens[1]!.stderr).toContain('3 columns hidden (model, hostname, created_at): --columns to');
      expect(screens[3]!.stderr).not.toContain('hidden');
    }
  });
});

skipNote('terminal width tests (tmux)', missing.tmux);
