// The standalone build's output: Node's known warnings (experimental features, where the blob
// went) are taken out, anything else Node says stays. The samples are Node 22's and 24's own text.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without types
import { withoutKnownWarnings as filter } from '../../scripts/known-warnings.mjs';

const withoutKnownWarnings = filter as (text: string) => string;

const TRACE = '(Use `node --trace-warnings ...` to show where the warning was created)\n';
const EXPERIMENTAL =
  '(node:10436) ExperimentalWarning: Single executable application is an experimental feature and might change at any time\n';
const WROTE = 'Wrote single executable preparation blob to /tmp/gwctl-bin-x/sea-prep.blob\n';

describe('the binary build output', () => {
  it('is empty when Node says only what it says on every build', () => {
    expect(withoutKnownWarnings(`${EXPERIMENTAL}${TRACE}${WROTE}`)).toBe('');
    expect(withoutKnownWarnings(WROTE)).toBe('');
    expect(withoutKnownWarnings('')).toBe('');
  });

  it('keeps errors and other kinds of warning, with the pointer to --trace-warnings', () => {
    const error = 'Cannot read main script /tmp/gwctl-bin-x/main.cjs\n';
    const deprecation = '(node:5) [DEP0005] DeprecationWarning: Buffer() is deprecated due to security and usability issues.\n';
    expect(withoutKnownWarnings(`${EXPERIMENTAL}${error}`)).toBe(error);
    expect(withoutKnownWarnings(`${deprecation}${TRACE}${EXPERIMENTAL}`)).toBe(`${deprecation}${TRACE}`);
  });
});
