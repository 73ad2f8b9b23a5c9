// `gwctl version` as a process, on every Node line and in the standalone executable: the build
// wrote the commit and the build time in, and the run says what it runs on and whether it is the
// executable. --json has exactly the contract's keys, in its order.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, gwctlCommand, runGwctl } from '../kit/spawn.js';

const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
const executable = Boolean(process.env.GWCTL_TEST_BINARY);

/** The Node that runs gwctl: the one named by the runtime under test, or the one inside the executable. */
function nodeVersion(): string {
  if (executable) return '';
  return execFileSync(gwctlCommand()[0], ['--version'], { encoding: 'utf8' }).trim();
}

describe('gwctl version', () => {
  it('--json: version, commit, build time, Node, platform and whether it is the executable, in that order', async () => {
    const result = await runGwctl(['version', '--json']);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    const info = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(info)).toEqual(['version', 'commit', 'built', 'node', 'platform', 'executable']);
    expect(info.version).toBe(version);
    // The commit the build ran in: this checkout's. dist/ is built for every test run; an
    // executable may have been built at an earlier commit of this branch (from the same sources).
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    if (executable) {
      expect(info.commit).toMatch(/^[0-9a-f]{40}$/);
      const ancestor = spawnSync('git', ['merge-base', '--is-ancestor', info.commit as string, head], { cwd: ROOT });
      expect(ancestor.status, `${String(info.commit)} is HEAD or before it`).toBe(0);
    } else {
      expect(info.commit).toBe(head);
    }
    expect(info.built).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(info.built as string)).toBeLessThanOrEqual(Date.now());
    expect(info.node).toMatch(executable ? /^v\d+\.\d+\.\d+$/ : new RegExp(`^${nodeVersion().replace(/\./g, '\\.')}$`));
    expect(info.platform).toBe(`${process.platform}-${process.arch}`);
    expect(info.executable).toBe(executable);
  });

  it('piped: one name<TAB>value line per field, the same values', async () => {
    const [json, piped] = await Promise.all([runGwctl(['version', '--json']), runGwctl(['version'])]);
    const info = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(
      Object.entries(info)
        .map(([key, value]) => `${key}\t${String(value)}\n`)
        .join(''),
    );
  });

  it('takes no argument: a usage error, exit 2', async () => {
    const result = await runGwctl(['version', 'extra']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  });
});
