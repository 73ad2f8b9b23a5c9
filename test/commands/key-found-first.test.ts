// A key is only ever found, never read before it is (config/settings.ts: `Settings.key` is the
// one way to a key, so a read that skips the search does not compile), and a key command is
// only ever run asynchronously. Over every command: with its keys from key commands that take
// seconds, each run that starts one ends within a second of Ctrl-C (exit 130); a command that
// ran its key command blocking would hold the run until the command ended.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/registry.js';
import { gwctl } from '../kit/cli.js';
import { type ScriptedServer, startServer } from '../kit/server.js';
import { tempConfigDir, until } from '../kit/spawn.js';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer(() => ({ body: {} }));
});
afterAll(() => server.close());

/** The words of a spec's first example that runs gwctl alone (no pipe, no quoting), without the leading `gwctl`. */
function exampleOf(examples: readonly string[]): string[] | undefined {
  const plain = examples.find((e) => e.startsWith('gwctl ') && !/[|'"$<>`\\]/.test(e));
  return plain?.split(/\s+/).slice(1);
}

const runs = [...commands].flatMap(([name, spec]) => {
  const words = exampleOf(spec.examples);
  // A write asks first, and nobody can answer here: --yes goes on to the request.
  const yes = 'yes' in spec.options ? ['--yes'] : [];
  return words ? [{ name, words: [...words, ...yes] }] : [];
});
/** The commands whose run started a key command. */
const startedKeys = new Set<string>();

describe('every command finds its keys without blocking', () => {
  it.each(runs)('$name', { timeout: 20_000 }, async ({ name, words }) => {
    const dir = tempConfigDir();
    const started = path.join(dir, 'started');
    const slow = `touch ${started}; sleep 8; echo sk-slow-0123456789abcdef`;
    const interruption = new AbortController();
    const running = gwctl([...words, '--base-url', server.baseUrl], {
      configDir: dir,
      env: { GWCTL_MANAGEMENT_KEY_COMMAND: slow, GWCTL_API_KEY_COMMAND: slow },
      signal: interruption.signal,
    });
    let done = false;
    // Awaited below; this only notes when it ends (gwctl() resolves with the exit code, never rejects).
    running.then(
      () => (done = true),
      () => (done = true),
    );
    // A command that serves until interrupted (sandbox) is interrupted all the same.
    await until(() => done || existsSync(started), 3_000).catch(() => {});
    // Ended by itself: it never needed a key. (A key command run blocking ends here too, having
    // held the whole process for its 8 s, and is caught so.)
    if (done) {
      expect(existsSync(started), 'a key command ran to its end without the run noticing').toBe(false);
      return;
    }
    // Seen at once: nothing held this process while the command started (a key command run
    // blocking holds it until the command ends).
    const at = Date.now();
    if (existsSync(started)) expect(at - statSync(started).mtimeMs).toBeLessThan(1_000);
    interruption.abort();
    const r = await running;
    expect(Date.now() - at).toBeLessThan(1_500);
    expect(r.code).toBe(130);
    if (existsSync(started)) startedKeys.add(name);
  });

  it('covers the commands that send a key', () => {
    expect(runs.length).toBeGreaterThan(commands.size * 0.7);
    const tools = [...commands].filter(([, spec]) => spec.tool !== undefined).map(([name]) => name);
    // All but presets create, whose example reads a file this test does not write.
    expect(tools.filter((t) => !startedKeys.has(t))).toEqual(['presets create']);
  });
});
