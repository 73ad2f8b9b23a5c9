// interns get against the sandbox: --json is the body the API serves.
import { describe, it } from 'vitest';
import { sandboxRuns } from '../../kit/sandbox.js';

describe('interns get against the sandbox', () => {
  const sandboxed = sandboxRuns();

  it('--json is the body the API serves', async () => {
    const { intern } = sandboxed.sandbox().examples;
    await sandboxed.expectServed(['interns', 'get', intern], `/interns/${intern}`);
  });
});
