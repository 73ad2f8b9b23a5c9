// Output that cannot be written is a failure, as with `cat`: on /dev/full or a full disk gwctl
// exits 1 and says why, whatever writes the output; only a reader that went away (EPIPE) ends
// the run quietly with exit 0.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gwctlShellCommand, runGwctlInto } from '../kit/spawn.js';

const KEY = 'sk-mgmt-full-disk-0123456789abcdef';
const env = { GWCTL_MANAGEMENT_KEY: KEY };
const dir = mkdtempSync(path.join(os.tmpdir(), 'gwctl-full-'));
const ENOSPC = 'cannot write to standard output: no space left on device (ENOSPC)';

/** Runs gwctl with stdout to `target`; its exit code and stderr. */
async function into(target: string, args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  const err = path.join(dir, 'stderr');
  const code = await runGwctlInto(env, args, target, err);
  return { code, stderr: readFileSync(err, 'utf8') };
}

describe('stdout on /dev/full: exit 1 with the error', () => {
  it.each([
    ['--all --json', ['--sandbox', 'interns', 'ls', '--all', '--json'], true],
    ['--all --jsonl', ['--sandbox', 'interns', 'ls', '--all', '--jsonl'], true],
    ['--all --jq', ['--sandbox', 'interns', 'ls', '--all', '--jq', '.data[].id'], true],
    ['api', ['--sandbox', 'api', 'interns'], false],
    ['auth token', ['auth', 'token'], false],
    ['help --json', ['help', '--json'], true],
    ['--help', ['interns', 'ls', '--help'], false],
  ])('%s', async (_, args, json) => {
    const r = await into('/dev/full', args);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(json ? `{"error":{"status":null,"message":"${ENOSPC}","exit_code":1}}\n` : `gwctl: ${ENOSPC}\n`);
  });

  it('--version', async () => {
    const r = await into('/dev/full', ['--version']);
    expect(r).toEqual({ code: 1, stderr: 'gwctl: cannot write to standard output: no space left on device\n' });
  });

  it('a closed pipe is still exit 0, quietly', () => {
    const r = spawnSync(
      'bash',
      ['-c', `${gwctlShellCommand()} --sandbox interns ls --all --json | head -c 10 > /dev/null; echo "\${PIPESTATUS[0]}"`],
      {
        encoding: 'utf8',
      },
    );
    expect(r.stdout).toBe('0\n');
    expect(r.stderr).toBe('');
  });
});

// A disk that fills midway: a tmpfs of 64 KiB, where one can be mounted (root, and a kernel that allows it).
const mountPoint = path.join(dir, 'small');
const mountError = (() => {
  try {
    execFileSync('mkdir', ['-p', mountPoint]);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mountPoint], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return (error as Error).message.split('\n')[0];
  }
})();

describe.skipIf(mountError !== undefined)(
  `a disk that fills up midway${mountError ? ` (skipped: cannot mount a tmpfs: ${mountError})` : ''}`,
  () => {
    afterAll(() => {
      spawnSync('umount', [mountPoint]);
      rmSync(dir, { recursive: true, force: true });
    });

    it('interns ls --all --json cut at the size of the disk: exit 1 with the error, not 0', async () => {
      const out = path.join(mountPoint, 'interns.json');
      const r = await into(out, ['--sandbox', 'interns', 'ls', '--all', '--json']);
      expect(statSync(out).size).toBeLessThanOrEqual(64 * 1024);
      expect(r).toEqual({ code: 1, stderr: `{"error":{"status":null,"message":"${ENOSPC}","exit_code":1}}\n` });
    });
  },
);
