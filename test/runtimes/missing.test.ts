// Stands in for the end-to-end tests of a runtime that is not on this machine (vitest.config.ts):
// they skip, and the skip says what is missing and how to get it, in the test's title and on
// stderr (scripts/test-summary.mjs repeats it under the counts). Where every runtime was made
// ready first (.ci/run sets GWCTL_TEST_EVERY_RUNTIME=1 after fetching the Nodes and building the
// executables), a missing one, or an executable older than the sources, is a failure instead.
import { describe, it } from 'vitest';

const reason = process.env.GWCTL_TEST_RUNTIME_MISSING ?? 'runtime missing';

if (process.env.GWCTL_TEST_EVERY_RUNTIME === '1') {
  describe('every runtime was made ready for this run', () => {
    it('end-to-end and contract tests (test/e2e)', () => {
      throw new Error(`not run: ${reason}`);
    });
  });
} else {
  console.warn(`skipped: ${reason}`);
  describe.skip(reason, () => {
    it('end-to-end and contract tests (test/e2e)', () => {});
  });
}
