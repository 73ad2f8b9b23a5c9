import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
// @ts-expect-error: a build script in plain JavaScript, without types
import { buildDefines as buildDefinesOf } from './scripts/build-info.mjs';
// @ts-expect-error: a build script in plain JavaScript, without types
import { freshExecutables as freshExecutablesIn } from './scripts/release/project.mjs';

const root = import.meta.dirname;
const buildDefines = buildDefinesOf as (root: string) => Record<string, string>;
const freshExecutables = freshExecutablesIn as () => { file: string }[];

type ProjectTest = NonNullable<TestProjectInlineConfiguration['test']>;

/**
 * A project with the settings every project shares. Each project is listed whole rather than
 * extending the root, so that none repeats the root's build; and each gets fresh objects, because
 * vitest takes the defines out of the object it is given.
 */
function project(test: ProjectTest): TestProjectInlineConfiguration {
  return {
    // The build writes the version, commit and build time into the binary; in-process runs see the same values.
    define: buildDefines(root),
    test: {
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: 'forks',
      // Test files in one worker share its module cache: gwctl's modules are loaded once per
      // worker, not once per file. Nothing in the tests mocks a module or leaves process state behind.
      isolate: false,
      ...test,
    },
  };
}

// The end-to-end and contract tests (test/e2e/) run again on every other Node line gwctl supports
// and on the standalone build: the same files, spawned through GWCTL_TEST_NODE or
// GWCTL_TEST_BINARY (test/kit/spawn.ts). A runtime that is not on this machine skips, saying how
// to get it; `node scripts/fetch-node.mjs 20 22 24 26` puts the Node binaries in .cache/node/.
interface Runtime {
  name: string;
  /** What the skip says is missing, e.g. "Node 22 not fetched". */
  missing: string;
  /** How to get it. */
  fix: string;
  file: string;
  env: 'GWCTL_TEST_NODE' | 'GWCTL_TEST_BINARY';
  /** The start of `<file> --version` (Node binaries only). */
  versionPrefix?: string;
}
const runtimes: Runtime[] = [
  ...['20', '22', '26'].map((major) => ({
    name: `e2e-node${major}`,
    missing: `Node ${major} not fetched`,
    fix: `run node scripts/fetch-node.mjs ${major}`,
    file: path.join(root, '.cache', 'node', major, 'bin', 'node'),
    env: 'GWCTL_TEST_NODE' as const,
    versionPrefix: `v${major}.`,
  })),
  {
    name: 'e2e-binary',
    missing: 'standalone binary dist-bin/gwctl-linux-x64 not built',
    fix: 'run npm run build:binary',
    file: path.join(root, 'dist-bin', 'gwctl-linux-x64'),
    env: 'GWCTL_TEST_BINARY',
  },
];

/** Tests of what only the standalone executable has (its chunks' code cache, its add-on copy): no other project runs them. */
const EXECUTABLE_ONLY = ['test/e2e/executable-chunks.test.ts', 'test/e2e/executable-addon.test.ts'];

function runtimeProject(runtime: Runtime): TestProjectInlineConfiguration {
  let present = existsSync(runtime.file);
  // A standalone build older than the sources would test yesterday's gwctl: it skips, saying so.
  if (present && runtime.env === 'GWCTL_TEST_BINARY' && !freshExecutables().some((e) => e.file === path.basename(runtime.file))) {
    present = false;
    runtime = { ...runtime, missing: 'standalone binary dist-bin/gwctl-linux-x64 is older than src/ or package.json' };
  }
  return project({
    name: runtime.name,
    // test/runtimes/ checks that the switch took (or, when the runtime is missing, skips saying why).
    include: present ? ['test/e2e/**/*.test.ts', 'test/runtimes/which.test.ts'] : ['test/runtimes/missing.test.ts'],
    exclude: runtime.env === 'GWCTL_TEST_BINARY' ? [] : EXECUTABLE_ONLY,
    env: present
      ? { [runtime.env]: runtime.file, GWCTL_TEST_RUNTIME_VERSION: runtime.versionPrefix ?? '' }
      : { GWCTL_TEST_RUNTIME_MISSING: `${runtime.missing}: ${runtime.fix}` },
  });
}

export default defineConfig({
  test: {
    // Once for the whole run, whichever projects run: the spawned tests run the built binary,
    // built before any test starts.
    globalSetup: ['test/setup/build.ts'],
    // Two cores: most tests run in-process, a few spawn processes; keep the pool small and steady.
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
    projects: [
      // Every test on the Node running vitest. test/e2e/ holds the end-to-end and contract tests
      // of the built binary (spawned); everything under test/commands/ drives gwctl in-process.
      project({ name: 'main', include: ['test/**/*.test.ts'], exclude: ['test/runtimes/**', ...EXECUTABLE_ONLY] }),
      ...runtimes.map(runtimeProject),
    ],
  },
});
