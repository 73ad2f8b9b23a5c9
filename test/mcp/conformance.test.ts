// The official MCP conformance suite (@modelcontextprotocol/conformance, a pinned
// devDependency, so an empty npm cache is enough) against `gwctl mcp --http`, with the server
// scenarios that fit any server. The suite needs Node 22 or newer: it runs on the first of the
// fetched Node binaries (scripts/fetch-node.mjs) that is, and the test is skipped, saying why,
// when none is there.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../kit/sandbox.js';
import { ROOT, spawnGwctl, until } from '../kit/spawn.js';

const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];
const RUNNER = path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const node = [24, 22, 26].map((major) => path.join(ROOT, '.cache', 'node', String(major), 'bin', 'node')).find((bin) => existsSync(bin));
const missing = !existsSync(RUNNER)
  ? 'the conformance suite is not installed (npm ci)'
  : !node
    ? 'needs Node 22+: run node scripts/fetch-node.mjs 24'
    : undefined;
const sandbox = useSandbox();

describe.skipIf(missing !== undefined)(`MCP conformance of gwctl mcp --http${missing ? ` (skipped: ${missing})` : ''}`, () => {
  it(`passes ${SCENARIOS.join(', ')}`, { timeout: 120_000 }, async () => {
    const server = spawnGwctl(['mcp', '--http', '--json'], { env: sandbox().env(), timeoutMs: 120_000 });
    try {
      await until(() => server.stdout().includes('\n'), 15_000);
      const { url } = JSON.parse(server.stdout()) as { url: string };
      const runs = await Promise.all(
        SCENARIOS.map(async (scenario) => {
          const { stdout } = await promisify(execFile)(node!, [RUNNER, 'server', '--url', url, '--scenario', scenario], {
            timeout: 90_000,
          });
          return { scenario, stdout };
        }),
      );
      for (const { scenario, stdout } of runs) {
        expect(stdout, scenario).toMatch(/Passed: (\d+)\/\1, 0 failed, 0 warnings/);
      }
    } finally {
      server.child.kill('SIGINT');
      await server.done;
    }
  });
});
