// Stands in for the end-to-end tests of a runtime that is not on this machine (vitest.config.ts):
// they skip, and the skip says what is missing and how to get it, in the test's title and on
// stderr (scripts/test-summary.mjs repeats it under the counts).
import { describe, it } from 'vitest';

const reason = process.env.GWCTL_TEST_RUNTIME_MISSING ?? 'runtime missing';
console.warn(`skipped: ${reason}`);

describe.skip(reason, () => {
  it('end-to-end and contract tests (test/e2e)', () => {});
});
