// Run with the end-to-end tests of another runtime (vitest.config.ts): proves the switch took,
// so that a green run on "Node 22" was not a run on the default Node.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { gwctlCommand } from '../kit/spawn.js';

const node = process.env.GWCTL_TEST_NODE;
const binary = process.env.GWCTL_TEST_BINARY;
const versionPrefix = process.env.GWCTL_TEST_RUNTIME_VERSION ?? '';

describe('the runtime under test', () => {
  it('is the one this project names', () => {
    const program = gwctlCommand()[0];
    if (binary) {
      expect(program).toBe(binary);
    } else {
      expect(node, 'GWCTL_TEST_NODE or GWCTL_TEST_BINARY is set').toBeTruthy();
      expect(program).toBe(node);
      const version = execFileSync(program, ['--version'], { encoding: 'utf8' }).trim();
      expect(version.startsWith(versionPrefix), `${version} starts with ${versionPrefix}`).toBe(true);
    }
  });
});
