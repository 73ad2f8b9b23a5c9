// What a build writes in for `gwctl version` (scripts/build-info.mjs): the package's version, the
// commit checked out (or "unknown" outside a git checkout) and the time, which SOURCE_DATE_EPOCH fixes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without types
import { buildDefines as untyped } from '../../scripts/build-info.mjs';
import { ROOT } from '../kit/spawn.js';

const buildDefines = untyped as (root: string) => Record<string, string>;
const saved = process.env.SOURCE_DATE_EPOCH;
afterEach(() => {
  if (saved === undefined) delete process.env.SOURCE_DATE_EPOCH;
  else process.env.SOURCE_DATE_EPOCH = saved;
});

describe('buildDefines', () => {
  it("gives the checkout's version and commit, and SOURCE_DATE_EPOCH's time, as JavaScript literals", () => {
    process.env.SOURCE_DATE_EPOCH = '1790000000';
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    expect(buildDefines(ROOT)).toEqual({
      __GWCTL_VERSION__: JSON.stringify(version),
      __GWCTL_COMMIT__: JSON.stringify(head),
      __GWCTL_BUILT__: '"2026-09-21T14:13:20Z"',
    });
  });

  it('without SOURCE_DATE_EPOCH, the time of the build to the second; outside a git checkout, commit "unknown"', () => {
    delete process.env.SOURCE_DATE_EPOCH;
    const folder = mkdtempSync(path.join(os.tmpdir(), 'gwctl-build-info-'));
    writeFileSync(path.join(folder, 'package.json'), '{"version":"9.8.7"}');
    const before = Math.floor(Date.now() / 1000) * 1000;
    const defines = buildDefines(folder);
    expect(defines.__GWCTL_VERSION__).toBe('"9.8.7"');
    expect(defines.__GWCTL_COMMIT__).toBe('"unknown"');
    const built = JSON.parse(defines.__GWCTL_BUILT__!) as string;
    expect(built).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(built)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(built)).toBeLessThanOrEqual(Date.now());
  });
});
