// The CLI's own chunks are compiled whole when Node's compile cache keeps them (compiledWhole,
// src/main.ts), so a run takes every function it calls from the cache instead of compiling it
// again: 13M instructions of a get on Node 24 (docs/startup.md). V8 says what it compiled when it
// was first called under --log-function-events ("parse-function"); the second run of a command,
// its cache warm, must compile none of the CLI's. Node 20 has no compile cache: Node 24 runs it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ScriptedServer } from '../kit/server.js';
import { BIN, ROOT } from '../kit/spawn.js';

const NODE = path.join(ROOT, '.cache', 'node', '24', 'bin', 'node');
const KEY = 'sk-mgmt-compiled-0123456789abcdef';
const ENDPOINT = JSON.parse(readFileSync(path.join(ROOT, 'test', 'fixtures', 'private-endpoint.json'), 'utf8')) as { data: { id: string } };

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer(() => ({ body: ENDPOINT }));
});
afterAll(async () => {
  await server.close();
});

/** How many functions of each file of dist/chunks/ V8 compiled when first called, in the second of two runs on one cache. */
async function compiledWhenCalled(args: string[]): Promise<Map<string, number>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gwctl-compiled-'));
  const log = path.join(dir, 'v8.log');
  for (let run = 0; run < 2; run++) {
    // Asynchronously: the scripted server answers from this process.
    const r = await promisify(execFile)(NODE, ['--log-function-events', `--logfile=${log}`, '--no-logfile-per-isolate', BIN, ...args], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: dir,
        GWCTL_CONFIG_DIR: dir,
        NODE_COMPILE_CACHE: path.join(dir, 'cache'),
        GWCTL_MANAGEMENT_KEY: KEY,
        GWCTL_BASE_URL: server.baseUrl,
      },
    });
    expect(r.stderr).toBe('');
  }
  // script-details,<script id>,<url>,...; function,parse-function,<script id>,...
  const lines = readFileSync(log, 'utf8').split('\n');
  const files = new Map<string, string>();
  for (const line of lines) {
    const [kind, id, url] = line.split(',');
    if (kind === 'script-details' && id && url?.includes('/dist/chunks/')) files.set(id, path.basename(url));
  }
  const counts = new Map<string, number>([...files.values()].map((file) => [file, 0]));
  for (const line of lines) {
    const [kind, what, id] = line.split(',');
    const file = kind === 'function' && what === 'parse-function' && id ? files.get(id) : undefined;
    if (file) counts.set(file, counts.get(file)! + 1);
  }
  return counts;
}

describe.skipIf(!existsSync(NODE))('the CLI compiled whole, from the compile cache (Node 24)', () => {
  it("a read compiles none of the CLI's functions when called; the chunks loaded after the CLI, as usual", async () => {
    const counts = await compiledWhenCalled(['endpoints', 'get', ENDPOINT.data.id, '--json']);
    const chunks = path.join(ROOT, 'dist', 'chunks');
    const run = readdirSync(chunks).find((file) => /^run-[A-Z0-9]+\.js$/.test(file))!;
    // The CLI's layer: the chunk the CLI's entry imports.
    const layer = /from"\.\/(chunk-[A-Z0-9]+\.js)"/.exec(readFileSync(path.join(chunks, run), 'utf8'))?.[1];
    expect(layer, "the CLI's layer, imported by its entry").toBeDefined();
    expect(counts.get(run)).toBe(0);
    expect(counts.get(layer!)).toBe(0);
    // Without the CLI's: the client's and undici's functions (most never called) compile when called.
    const client = [...counts].find(([file]) => file.startsWith('client-'));
    expect(client?.[1]).toBeGreaterThan(0);
  });
});
