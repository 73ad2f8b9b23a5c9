// How many files of dist/chunks/ a command loads. Each costs about as much to load as a large one
// (0.5-2M instructions on Node 24), so the build groups modules into a few layers
// (scripts/shared-chunks.mjs); a change that splits one of them again shows here first. The
// instruction counts themselves are bench/instructions.sh's. Node names every module it loads
// under NODE_DEBUG=esm.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** The chunk files a run of gwctl loaded, as paths. */
async function chunkFilesOf(args: string[]): Promise<string[]> {
  const r = await runGwctl(args, { env: { NODE_DEBUG: 'esm', GWCTL_MANAGEMENT_KEY: KEY, GWCTL_BASE_URL: server.baseUrl } });
  expect(r.code).toBe(0);
  const files = new Set(r.stderr.match(/file:\/\/\S*?\/dist\/chunks\/[\w-]+\.js/g) ?? []);
  return [...files].map((url) => fileURLToPath(url));
}

/** The chunk files a run of gwctl loaded, by name without the hash. */
async function chunksOf(args: string[]): Promise<string[]> {
  return (await chunkFilesOf(args)).map((file) => path.basename(file).replace(/-[A-Z0-9]+\.js$/, '')).sort();
}

describe('the chunks each command loads', () => {
  it('--version: none (dist/main.js alone)', async () => {
    expect(await chunksOf(['--version'])).toEqual([]);
  });

  it("--help and a command's --help: the CLI's entry and its layer", async () => {
    expect(await chunksOf(['--help'])).toEqual(['chunk', 'run']);
    expect(await chunksOf(['endpoints', 'get', '--help'])).toEqual(['chunk', 'run']);
  });

  it("a read with --json: besides those, the shared layer, zod, the command's own chunk, the HTTP client (ours and undici's) and the JSON printer", async () => {
    const chunks = await chunksOf(['endpoints', 'get', ENDPOINT.data.id, '--json']);
    // undici is a chunk of its own beside the client's: the proxy transport, loaded only under a
    // proxy variable (api/transport-proxy.ts), shares it. zod's core is one too: the MCP SDK's
    // chunk shares it (docs/decisions/010-mcp-sdk-own-copies.md).
    expect(chunks).toEqual(['chunk', 'chunk', 'chunk', 'chunk', 'client', 'get-run', 'json', 'run']);
    expect(server.requests).toHaveLength(1);
  });

  // Paging and the write path are in the helpers' layer, which a read does not load: in the layer
  // of what commands share they would come with every read.
  it('a read loads none of the helpers of lists and writes', async () => {
    const files = await chunkFilesOf(['endpoints', 'get', ENDPOINT.data.id, '--json']);
    const loaded = files.map((file) => readFileSync(file, 'utf8')).join('\n');
    // Words of commands/shared/paging.ts and commands/shared/write.ts, as the bundle keeps them.
    expect(loaded.includes('brought no item but said more follow'), 'paging.ts in a chunk a read loads').toBe(false);
    expect(loaded.includes(' before its answer came, so its outcome is unknown'), 'write.ts in a chunk a read loads').toBe(false);
    // ... which are in the build, where the lists and writes find them.
    const dir = path.join(ROOT, 'dist', 'chunks');
    const all = readdirSync(dir).filter((name) => name.endsWith('.js'));
    const text = all.map((name) => readFileSync(path.join(dir, name), 'utf8')).join('\n');
    expect(text.includes('brought no item but said more follow'), 'paging.ts in the build').toBe(true);
    expect(text.includes(' before its answer came, so its outcome is unknown'), 'write.ts in the build').toBe(true);
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
