// Accessible mode (GWCTL_ACCESSIBLE=1 or ACCESSIBLE=1) on a real terminal, recorded with
// script(1): the raw bytes gwctl wrote hold no carriage return that redraws a line and no
// cursor movement (colour is allowed), so a screen reader reads each line once. A question is
// a line and an answer typed after it; a fleet's progress is a plain line; --watch prints its
// changes as lines. Without the mode the same runs do redraw (which shows the check can fail).
// Skips, saying why, when script(1) is not installed.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { gwctlShellCommand, tempConfigDir } from '../kit/spawn.js';

const missingScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).error ? 'script (util-linux) is not installed' : undefined;

/** Runs `command` (after gwctl) on a terminal made by script(1), with `input` typed after `delayS` seconds; the raw bytes written. */
function recorded(
  args: string,
  env: Record<string, string>,
  input?: { text: string; delayS: number },
): { code: number | null; raw: string } {
  const dir = tempConfigDir();
  const file = path.join(dir, 'typescript');
  // A size, as a terminal has (script's own reports none, and gwctl draws no spinner there).
  const command = `stty cols 80 rows 24; ${gwctlShellCommand()} ${args}`;
  const feed = input ? `(sleep ${input.delayS}; printf '${input.text}')` : 'true';
  const result = spawnSync('sh', ['-c', `${feed} | script -qfec "$0" "$1" >/dev/null`, command, file], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: dir, GWCTL_CONFIG_DIR: dir, TERM: 'xterm', LANG: 'C.UTF-8', NO_COLOR: '1', ...env },
    timeout: 60_000,
  });
  return { code: result.status, raw: readFileSync(file, 'latin1') };
}

/** Redraws: a carriage return not ending a line, and escape sequences that move the cursor or clear. */
function redraws(raw: string): string[] {
  const body = raw.split('\n').slice(1, -2).join('\n'); // script's own first and last lines
  return [...(body.match(/\r(?!\n)/g) ?? []), ...(body.match(/\u001b\[[0-9;?]*[A-HJKSTfhlsu]/g) ?? [])];
}

describe.skipIf(missingScript)(`accessible mode${missingScript ? ` (skipped: ${missingScript})` : ''}`, () => {
  it.each(['GWCTL_ACCESSIBLE', 'ACCESSIBLE'])(
    '%s=1: a question is a line, answered after it; nothing is redrawn',
    { timeout: 60_000 },
    async (name) => {
      const running = await gwctl(['--sandbox', 'interns', 'ls', '--status', 'running', '--limit', '1', '--jq', '.data[0].id']);
      const id = running.stdout.trim();
      const plain = recorded(`--sandbox interns suspend ${id}`, { [name]: '1' }, { text: 'y\\r', delayS: 3 });
      expect(plain.raw).toMatch(/Its runtime stops;\s+disk and configuration are kept\. \(y\/N\) y\r\n/);
      expect(plain.raw).toContain(`Suspended intern `);
      expect(redraws(plain.raw)).toEqual([]);
      const drawn = recorded(`--sandbox interns suspend ${id}`, {}, { text: 'y\\r', delayS: 3 });
      expect(redraws(drawn.raw).length).toBeGreaterThan(0);
    },
  );

  it('a fleet: progress as plain lines, the results as a table, nothing redrawn', { timeout: 60_000 }, () => {
    const args = '--sandbox interns suspend --status failed --yes --concurrency 1';
    const plain = recorded(args, { GWCTL_ACCESSIBLE: '1' });
    expect(plain.raw).toMatch(/\nFinding interns\r\n/);
    expect(plain.raw).toMatch(/\[ {20}\] 0\/\d+\r\n/);
    expect(plain.raw).toMatch(/ID +NAME +RESULT/);
    expect(redraws(plain.raw)).toEqual([]);
    expect(redraws(recorded(args, {}).raw).length).toBeGreaterThan(0);
  });

  it('--watch prints each change as a line, and no screen is drawn', { timeout: 60_000 }, () => {
    const args = `--sandbox interns ls --watch --interval 1 --status running`;
    const plain = recorded(`${args} & sleep 4; kill -INT $!; wait`, { GWCTL_ACCESSIBLE: '1', GWCTL_SANDBOX_CHURN: '600' });
    expect(plain.raw).toMatch(/\nadded\t[0-9a-f-]{36}\t\S+\trunning\t/);
    expect(redraws(plain.raw)).toEqual([]);
    const drawn = recorded(`${args} & sleep 4; kill -INT $!; wait`, { GWCTL_SANDBOX_CHURN: '600' });
    expect(redraws(drawn.raw).length).toBeGreaterThan(0);
  });
});
