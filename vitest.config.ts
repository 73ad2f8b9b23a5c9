import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  // The build writes the version into the binary; in-process runs see the same value.
  define: { __GWCTL_VERSION__: JSON.stringify(version) },
  test: {
    // test/e2e/ holds the end-to-end and contract tests of the built binary (spawned; with
    // GWCTL_TEST_NODE or GWCTL_TEST_BINARY they run another Node or a standalone build):
    // `vitest run test/e2e`. Everything under test/commands/ drives gwctl in-process.
    include: ['test/**/*.test.ts'],
    // The spawned tests run the built binary; build it once before any test starts.
    globalSetup: ['test/setup/build.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: most tests run in-process, a few spawn processes; keep the pool small and steady.
    pool: 'forks',
    maxWorkers: 2,
    // Test files in one worker share its module cache: gwctl's modules are loaded once per worker,
    // not once per file. Nothing in the tests mocks a module or leaves process state behind.
    isolate: false,
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
  },
});
