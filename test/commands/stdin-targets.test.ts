// Ids read from stdin at a terminal (`interns suspend -`, `batches delete -`): gwctl says it is
// reading until Ctrl-D, and the confirmation is asked on the terminal itself (test/e2e/tty-prompts
// shows that in tmux). Here, in-process, where no terminal can be opened: --yes is asked for,
// nothing is sent, never an internal error.
import { describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';

const READING = 'reading ids from stdin; Ctrl-D to end\n';
const atTerminal = (args: string[], input: string) =>
  gwctl(['--sandbox', ...args], { input, stdinIsTTY: true, stderrIsTTY: true, columns: 200, env: { CI: undefined } });

describe('ids on stdin at a terminal', () => {
  it('says it reads until Ctrl-D; with no terminal to ask on, asks for --yes (exit 2)', async () => {
    const r = await atTerminal(['batches', 'delete', '-'], 'batch_a\n');
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `${READING}gwctl: cannot ask: stdin was read to its end and no terminal can be opened; pass --yes\n`,
    });
  });

  it('with --yes acts on the ids read', async () => {
    const r = await atTerminal(['interns', 'suspend', '-', '--yes', '--dry-run'], '7c9e6679-7425-40de-944b-e07fc1f90ae7\n');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(READING);
    expect(r.stdout).toContain('7c9e6679-7425-40de-944b-e07fc1f90ae7');
  });

  it('says nothing when stdin is not a terminal', async () => {
    const r = await gwctl(['--sandbox', 'interns', 'suspend', '-', '--dry-run'], { input: '7c9e6679-7425-40de-944b-e07fc1f90ae7\n' });
    expect(r).toMatchObject({
      code: 0,
      stderr: '',
      stdout: '7c9e6679-7425-40de-944b-e07fc1f90ae7\twould-fail\tHTTP 404: Intern not found\n',
    });
  });
});
