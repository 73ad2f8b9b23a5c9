// The standalone build's output: Node's known warnings (experimental features; async_hooks in
// the snapshot builder) are taken out, anything else Node says stays. The samples are Node 24's
// and 26's own text.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without types
import { withoutKnownWarnings as filter } from '../../scripts/known-warnings.mjs';

const withoutKnownWarnings = filter as (text: string) => string;

const verified = (pid: number, module: string) =>
  `(node:${pid}) Warning: It's not yet fully verified whether built-in module "${module}" works in user snapshot builder scripts.\n` +
  'It may still work in some cases, but in other cases certain run-time states may be out-of-sync after snapshot deserialization.\n' +
  'To request support for the module, use the Node.js issue tracker: https://github.com/nodejs/node/issues\n';
const TRACE = '(Use `node --trace-warnings ...` to show where the warning was created)\n';
const EXPERIMENTAL =
  '(node:10436) ExperimentalWarning: Single executable application is an experimental feature and might change at any time\n';

describe('the binary build output', () => {
  it('is empty when Node says only what it says on every build', () => {
    expect(withoutKnownWarnings(`${verified(10436, 'node:async_hooks')}${TRACE}${EXPERIMENTAL}`)).toBe('');
    expect(withoutKnownWarnings(`${verified(7, 'async_hooks')}${TRACE}`)).toBe('');
    expect(withoutKnownWarnings('')).toBe('');
  });

  it('keeps the same warning about another module, with the pointer to --trace-warnings', () => {
    expect(withoutKnownWarnings(`${verified(10436, 'node:async_hooks')}${TRACE}${verified(10436, 'node:vm')}${EXPERIMENTAL}`)).toBe(
      `${TRACE}${verified(10436, 'node:vm')}`,
    );
  });

  it('keeps errors and other kinds of warning', () => {
    const error =
      'e.js does not invoke v8.startupSnapshot.setDeserializeMainFunction(), which is required for snapshot scripts used to build single executable applications.\n';
    const deprecation = '(node:5) [DEP0005] DeprecationWarning: Buffer() is deprecated due to security and usability issues.\n';
    expect(withoutKnownWarnings(`${EXPERIMENTAL}${error}`)).toBe(error);
    expect(withoutKnownWarnings(`${deprecation}${TRACE}${EXPERIMENTAL}`)).toBe(`${deprecation}${TRACE}`);
  });
});
