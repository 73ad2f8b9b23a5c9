// How many files of dist/chunks/ a command loads. Each costs about as much to load as a large one
// (0.5-2M instructions on Node 24), so the build groups modules into a few layers
// (scripts/shared-chunks.mjs); a change that splits one of them again shows here first. The
// instruction counts themselves are bench/instructions.sh's. Node names every module it loads
// under NODE_DEBUG=esm.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ScriptedServer } from '../kit/server.js';
import { ROOT, runGwctl } from '../kit/spawn.js';

const KEY = 'sk-mgmt-chunks-0123456789abcdef';
const ENDPOINT = JSON.parse(readFileSync(path.join(ROOT, 'test', 'fixtures', 'private-endpoint.json'), 'utf8')) as { data: { id: string } };

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer(() => ({ body: ENDPOINT }));
});
afterAll(async () => {
  await server.close();
});

/** The chunk files a run of gwctl loaded, by name without the hash. */
async function chunksOf(args: string[]): Promise<string[]> {
  const r = await runGwctl(args, { env: { NODE_DEBUG: 'esm', GWCTL_MANAGEMENT_KEY: KEY, GWCTL_BASE_URL: server.baseUrl } });
  expect(r.code).toBe(0);
  const files = new Set(r.stderr.match(/file:\/\/\S*?\/dist\/chunks\/[\w-]+\.js/g) ?? []);
  return [...files].map((url) => path.basename(url).replace(/-[A-Z0-9]+\.js$/, '')).sort();
}

describe('the chunks each command loads', () => {
  it('--version: none (dist/main.js alone)', async () => {
    expect(await chunksOf(['--version'])).toEqual([]);
  });

  it("--help and a command's --help: the CLI's entry and its layer", async () => {
    expect(await chunksOf(['--help'])).toEqual(['chunk', 'run']);
    expect(await chunksOf(['endpoints', 'get', '--help'])).toEqual(['chunk', 'run']);
  });

  it("a read with --json: besides those, the shared layer, the command's own chunk, the HTTP client (ours and undici's) and the JSON printer", async () => {
    const chunks = await chunksOf(['endpoints', 'get', ENDPOINT.data.id, '--json']);
    // undici is a chunk of its own beside the client's: the proxy transport, loaded only under a
    // proxy variable (api/transport-proxy.ts), shares it.
    expect(chunks).toEqual(['chunk', 'chunk', 'chunk', 'client', 'get-run', 'json', 'run']);
    expect(server.requests).toHaveLength(1);
  });

  it('are the counts ARCHITECTURE.md gives', async () => {
    const text = readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8').replace(/\s+/g, ' ');
    const said = /`--help` loads (\w+) files besides `main\.js` \([^)]*\) and `endpoints get --json` (\w+)\./.exec(text);
    expect(said, 'the sentence that gives the counts').not.toBeNull();
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
    expect([words.indexOf(said![1]!), words.indexOf(said![2]!)]).toEqual([
      (await chunksOf(['--help'])).length,
      (await chunksOf(['endpoints', 'get', ENDPOINT.data.id, '--json'])).length,
    ]);
  });
});
