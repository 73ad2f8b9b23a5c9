// Tables that show what people read: on a real terminal (tmux) at 60 and 80 columns each row
// begins with its whole id (the column every command takes, the last to give way: the name and
// the status are cut before it goes), at 80 the name and the status stay whole too, and a fleet's
// failure reason cut in its column is printed whole under the table.
// Skips the tmux part, saying why, when tmux is not installed.
import { afterAll, describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { envelope, startServer } from '../kit/server.js';
import { onScreen, stopTmux } from '../kit/tmux.js';
import { missing, skipNote } from '../completions/shells.js';

afterAll(() => {
  if (!missing.tmux) stopTmux();
});

const TERMINAL = { TERM: 'xterm', NO_COLOR: '1' };

/** The sandbox's first interns, piped: id, name, status. */
async function piped(args: string[]): Promise<string[][]> {
  const run = await gwctl(['--sandbox', ...args]);
  expect(run.code).toBe(0);
  return run.stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t'));
}

describe.skipIf(missing.tmux)(`tables on a real terminal${missing.tmux ? ` (skipped: ${missing.tmux})` : ''}`, () => {
  it.each([60, 80])('interns ls at %i columns: every id whole; at 80 every name and status too', { timeout: 60_000 }, async (width) => {
    const rows = await piped(['interns', 'ls', '--limit', '12']);
    const screen = await onScreen(['--sandbox', 'interns', 'ls', '--limit', '12'], TERMINAL, width, 40);
    expect(screen.exit).toBe(0);
    const lines = screen.text.split('\n');
    expect(lines[0]).toMatch(/^ID +NAME +STATUS$/);
    rows.forEach(([id, name, status], i) => {
      expect(lines[i + 1]!.startsWith(`${id!}  `), lines[i + 1]).toBe(true);
      if (width === 80) expect(lines[i + 1]).toMatch(new RegExp(`^${id!} +${name!} +${status!}$`));
    });
    if (width === 80) expect(screen.text).not.toContain('…');
    // The model, the host and the age went first, and the note names them; never the id.
    expect(screen.stderr).toContain('3 columns hidden (model, hostname, created_at)');
  });

  it.each([60, 80])(
    'byok ls at %i columns: every id whole; at 80 the names whole, no two rows alike',
    { timeout: 60_000 },
    async (width) => {
      const rows = await piped(['byok', 'ls', '--limit', '8']);
      const screen = await onScreen(['--sandbox', 'byok', 'ls', '--limit', '8'], TERMINAL, width, 40);
      expect(screen.exit).toBe(0);
      const lines = screen.text.split('\n');
      rows.forEach((row, i) => expect(lines[i + 1]!.startsWith(`${row[0]!}  `), lines[i + 1]).toBe(true));
      if (width === 80) {
        for (const row of rows) expect(screen.text).toContain(row[2]!);
        expect(screen.text).not.toMatch(/NAME[\s\S]*…/);
      }
      expect(screen.stderr).not.toContain('hidden (id');
    },
  );

  it('interns suspend --dry-run at 80 columns: every id and name whole, no column of nothing', { timeout: 60_000 }, async () => {
    const args = ['interns', 'suspend', '--dry-run', '--status', 'failed,stopped'];
    const rows = await piped([...args, '--columns', 'id,name,status,expected']);
    const screen = await onScreen(['--sandbox', ...args], TERMINAL, 80, 40);
    expect(screen.exit).toBe(0);
    const lines = screen.text.split('\n');
    // Nothing would fail, so every reason is empty: that column takes no room from the names.
    expect(lines[0]).toMatch(/^ID +NAME +STATUS +EXPECTED$/);
    rows.forEach(([id, name, status, expected], i) =>
      expect(lines[i + 1]).toMatch(new RegExp(`^${id!} +${name!} +${status!} +${expected!}$`)),
    );
    expect(screen.text).not.toContain('…');
    expect(screen.stderr).not.toContain('hidden');
  });
});

describe('a fleet failure on a terminal', () => {
  const KEY = 'sk-mgmt-tables-0123456789abcdef';
  const OK = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
  const BUSY = '3f6c2a1e-8b4d-4c7a-9e15-2d8f0b6a7c31';
  const REASON = 'The intern is not in a state that allows this operation: it is being provisioned, try again later';

  it.each([60, 80])('at %i columns the reason cut in its column is printed whole under the table', async (width) => {
    const server = await startServer((req) =>
      req.path.includes(BUSY)
        ? { status: 409, body: { error: { code: 409, message: REASON, metadata: { reason: 'intern_busy', retryable: false } } } }
        : req.method === 'POST'
          ? { body: { suspended: true } }
          : { status: 404, body: envelope(404, 'not found') },
    );
    try {
      const r = await gwctl(['interns', 'suspend', OK, BUSY, '--yes', '--base-url', server.baseUrl], {
        env: { GWCTL_MANAGEMENT_KEY: KEY, GWCTL_RETRIES: '0' },
        stdoutIsTTY: true,
        columns: width,
      });
      expect(r.code).toBe(8);
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines.filter((l) => l.includes('…')).length).toBeGreaterThan(0);
      // Whole, wrapped between words at the terminal's width.
      const under = lines.slice(lines.indexOf('') + 1);
      for (const line of under) expect(line.length).toBeLessThanOrEqual(width);
      expect(under.join(' ')).toBe(`${BUSY}: HTTP 409: ${REASON}`);
    } finally {
      await server.close();
    }
  });
});

skipNote('table terminal tests (tmux)', missing.tmux);
