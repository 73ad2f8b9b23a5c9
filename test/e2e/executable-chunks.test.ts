// The standalone executable compiles each chunk it loads from the code cache built with it
// (scripts/sea-chunks.mjs, scripts/chunk-code-cache.mjs). V8 silently compiles the source instead
// of a cache it does not take (another V8 build, other flags), which costs start-up and nothing
// else: only this shows it. A preload (NODE_OPTIONS, which the executable honours) records each
// vm.Script the loader makes. Runs in the e2e-binary project; elsewhere there are no such chunks.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ScriptedServer } from '../kit/server.js';
import { ROOT, runGwctl } from '../kit/spawn.js';

const executable = process.env.GWCTL_TEST_BINARY;
const KEY = 'sk-mgmt-chunks-0123456789abcdef';
const ENDPOINT = JSON.parse(readFileSync(path.join(ROOT, 'test', 'fixtures', 'private-endpoint.json'), 'utf8')) as { data: { id: string } };

const dir = mkdtempSync(path.join(os.tmpdir(), 'gwctl-exe-chunks-'));
const preload = path.join(dir, 'record-scripts.cjs');
const record = path.join(dir, 'scripts.jsonl');
writeFileSync(
  preload,
  `const vm = require('node:vm');\n` +
    `const fs = require('node:fs');\n` +
    `const Script = vm.Script;\n` +
    `vm.Script = class extends Script {\n` +
    `  constructor(code, options) {\n` +
    `    super(code, options);\n` +
    `    const entry = { file: options && options.filename, cached: Boolean(options && options.cachedData), rejected: this.cachedDataRejected === true };\n` +
    `    fs.appendFileSync(${JSON.stringify(record)}, JSON.stringify(entry) + '\\n');\n` +
    `  }\n` +
    `};\n`,
);

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer(() => ({ body: ENDPOINT }));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

type Compiled = { file: string; cached: boolean; rejected: boolean };

/** The chunks a run of the executable compiled, each with whether it had a cache and V8 refused it. */
async function compiledBy(args: string[]): Promise<Compiled[]> {
  rmSync(record, { force: true });
  const r = await runGwctl(args, {
    env: { NODE_OPTIONS: `--require ${preload}`, GWCTL_MANAGEMENT_KEY: KEY, GWCTL_BASE_URL: server.baseUrl },
  });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  let lines: string[] = [];
  try {
    lines = readFileSync(record, 'utf8').trim().split('\n');
  } catch {
    // Nothing compiled: no file.
  }
  return lines.map((line) => JSON.parse(line) as Compiled).filter((c) => c.file.startsWith('gwctl:'));
}

/** The chunk names without their hashes, as test/build/chunks.test.ts names dist/chunks/ files. */
const names = (compiled: Compiled[]) => compiled.map((c) => c.file.replace(/^gwctl:/, '').replace(/-[A-Z0-9]+\.js$/, '')).sort();

describe.skipIf(!executable)('the standalone executable: its chunks and their code cache', () => {
  it('--version compiles no chunk', async () => {
    expect(await compiledBy(['--version'])).toEqual([]);
  });

  it('--help compiles the chunks the npm build loads (the CLI and its layer), each from its code cache', async () => {
    const compiled = await compiledBy(['--help']);
    expect(names(compiled)).toEqual(['chunk', 'run']);
    expect(compiled.every((c) => c.cached && !c.rejected)).toBe(true);
  });

  it('a read and a read with --jq of the subset: every chunk from its cache', async () => {
    const read = await compiledBy(['endpoints', 'get', ENDPOINT.data.id, '--json']);
    expect(names(read)).toEqual(['chunk', 'chunk', 'chunk', 'chunk', 'client', 'get-run', 'json', 'run']);
    expect(read.filter((c) => !c.cached || c.rejected)).toEqual([]);
    const jq = await compiledBy(['endpoints', 'get', ENDPOINT.data.id, '--jq', '.data.id']);
    expect(names(jq)).toContain('jq');
    expect(jq.filter((c) => !c.cached || c.rejected)).toEqual([]);
  });

  it("a filter for jq itself: the HTTP client's chunks, loaded after jq's thread set V8's flag, are compiled from their source, and the run is right", async () => {
    // The caches are made under the flags a run starts with (scripts/chunk-code-cache.mjs), and V8
    // refuses them once --liftoff-only is set. jq's thread sets it as its engine starts, before it
    // answers that the filter compiles; the client loads after that answer (docs/startup.md).
    const engine = await compiledBy(['endpoints', 'get', ENDPOINT.data.id, '--jq', '.data.id | ltrimstr("x")']);
    expect(engine.every((c) => c.cached)).toBe(true);
    expect(names(engine.filter((c) => !c.rejected))).toEqual(['chunk', 'chunk', 'chunk', 'get-run', 'jq', 'jq', 'run']);
    expect(names(engine.filter((c) => c.rejected))).toEqual(['chunk', 'client']);
  });
});
