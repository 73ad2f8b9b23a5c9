// One management read (endpoints get, tools get, budgets ls) against a scripted server that
// answers its fixture, and the checks every such read must pass: the body under --json with the
// management key, piped rows, HTTP errors as the contract's exit codes, the error as JSON, no key,
// and the key never shown. Each read's own file calls it and adds what is particular to it.
import { describe, expect, it } from 'vitest';
import { fixture } from './bodies.js';
import { gwctl } from './cli.js';
import { withEnvKeyHint } from './hints.js';
import { scriptedRuns, type ScriptedRuns } from './scripted-runs.js';
import type { Reply } from './server.js';

export const MANAGEMENT_KEY = 'sk-mgmt-test-0123456789abcdef';

export interface ReadCase {
  name: string;
  args: string[];
  /** The path the read asks for; the server answers the fixture there, 404 elsewhere. */
  path: string;
  fixture: 'private-endpoint' | 'tool' | 'budgets';
  /** stdout when piped, without options. */
  rows: string;
}

export interface ManagementRead extends ScriptedRuns {
  /** The answers to the read's path, in order, before the fixture again (for this test only). */
  queue(...replies: Reply[]): void;
  /** Runs `args` and checks that it is refused before sending: exit 2, nothing on stdout, `stderr`, no request. */
  refused(args: string[], stderr: string): Promise<void>;
}

export function managementRead(c: ReadCase): ManagementRead {
  const scripted = scriptedRuns({
    env: { GWCTL_MANAGEMENT_KEY: MANAGEMENT_KEY },
    fallback: (req) =>
      req.path === c.path ? { body: fixture(c.fixture) } : { status: 404, body: { error: { code: 404, message: 'Resource not found' } } },
  });
  const read: ManagementRead = Object.assign(scripted, {
    queue(...replies: Reply[]) {
      scripted.script = (req) => (req.path === c.path ? replies.shift() : undefined);
    },
    async refused(args: string[], stderr: string) {
      const before = scripted.server.requests.length;
      const r = await scripted.run(args);
      expect(r).toMatchObject({ code: 2, stdout: '', stderr });
      expect(scripted.server.requests.length).toBe(before);
    },
  });
  const { run } = scripted;

  describe(`${c.name}: the checks of every management read`, () => {
    it('prints the server body under --json, and sends the management key', async () => {
      const before = scripted.server.requests.length;
      const r = await run([...c.args, '--json']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual(fixture(c.fixture));
      const seen = scripted.server.requests.slice(before);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.headers.authorization).toBe(`Bearer ${MANAGEMENT_KEY}`);
    });

    it('prints tab-separated rows when piped', async () => {
      const r = await run(c.args);
      expect(r).toMatchObject({ code: 0, stderr: '', stdout: c.rows });
    });

    it.each([
      [401, { error: { code: 401, message: 'Missing Authentication header' } }, 4],
      [403, { error: { code: 403, message: 'Only management keys can perform this operation' } }, 4],
      [404, { error: { code: 404, message: 'Resource not found' } }, 5],
      [408, { error: { code: 408, message: 'Operation timed out. Please try again later.' } }, 7],
      [500, { error: { code: 500, message: 'Internal Server Error' } }, 7],
    ])('maps HTTP %i to the contract exit code', async (status, body, exit) => {
      read.queue({ status, body });
      const r = await run([...c.args, '--retries', '0']);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`gwctl: HTTP ${status}: ${withEnvKeyHint(status, body.error.message, 'management', MANAGEMENT_KEY)}\n`);
      expect(r.code).toBe(exit);
    });

    it('gives the same error as one JSON object on stderr under --json', async () => {
      read.queue({ status: 404, body: { error: { code: 404, message: 'Resource not found' } } });
      const r = await run([...c.args, '--json']);
      expect(r.stdout).toBe('');
      expect(JSON.parse(r.stderr)).toEqual({ error: { status: 404, code: 404, message: 'Resource not found', exit_code: 5 } });
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.code).toBe(5);
    });

    it('without a key exits 4 and sends nothing', async () => {
      const before = scripted.server.requests.length;
      const r = await gwctl([...c.args, '--base-url', scripted.server.baseUrl], {
        env: { GWCTL_API_KEY: 'sk-api-only-0123456789' },
      });
      expect(r.code).toBe(4);
      expect(r.stdout).toBe('');
      // The login it suggests goes where this run went: the base URL was given as a flag.
      expect(r.stderr).toBe(
        `gwctl: no management key configured; run 'gwctl auth login --base-url ${scripted.server.baseUrl}' or set GWCTL_MANAGEMENT_KEY\n`,
      );
      expect(scripted.server.requests.length).toBe(before);
    });

    it('never shows the key, even with --debug', async () => {
      const r = await run([...c.args, '--debug', '--json']);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('authorization: Bearer [redacted]');
      expect(r.stdout + r.stderr).not.toContain(MANAGEMENT_KEY);
    });
  });

  return read;
}
