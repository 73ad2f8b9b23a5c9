// The standalone executable's chunks (scripts/sea-chunks.mjs): ES module chunks as the split build
// writes them, turned into scripts, and the main script's loader run over them with stand-ins for
// node:sea (the assets), as the executable runs them. test/e2e/executable-chunks.test.ts
// checks the real executable takes every code cache.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without types
import * as seaChunks from '../../scripts/sea-chunks.mjs';

const { chunkAssetKey, chunkScript, mainScript, CODE_CACHE } = seaChunks as {
  chunkAssetKey: (fileName: string) => string;
  chunkScript: (code: string, target: string) => Promise<string>;
  mainScript: (code: string, target: string, options: { codeCache: boolean }) => Promise<string>;
  CODE_CACHE: string;
};

const TARGET = 'node22';

/** Chunks shaped as esbuild's split build writes them: static and dynamic imports of `./<file>.js`. */
const CHUNKS = {
  'shared-A1.js': 'globalThis.__seaTest.evaluated.push("shared");let n=0;function bump(){n++}export{n as count,bump};',
  'one-B2.js': 'import{count as c,bump as b}from"./shared-A1.js";import{sep as s}from"node:path";export function one(){b();return [c,s]}',
  'two-C3.js': 'import{count as c,bump as b}from"./shared-A1.js";export default function(){b();return c}',
};
const MAIN =
  'globalThis.__seaTest.done=(async()=>{const a=await import("./one-B2.js"),b=await import("./two-C3.js");' +
  'return [a.one(),b.default(),a.one()]})();';

type Trace = { evaluated: string[]; done?: Promise<unknown> };
declare global {
  var __seaTest: Trace | undefined;
}

interface Run {
  trace: Trace;
  /** Asset keys read, in order. */
  read: string[];
  /** Each chunk compiled: its file name, whether a cache was given, whether V8 refused it. */
  compiled: Array<{ name: string; cached: boolean; rejected: boolean }>;
}

/** Runs so far: each gives its scripts a line of its own. */
let runs = 0;

/**
 * Builds the main script and the chunk assets from `main` and CHUNKS, then runs the main script.
 * `unfit`: chunks whose cache V8 will refuse, as it refuses one made under other flags.
 */
async function runExecutable(main: string, { codeCache, unfit = [] }: { codeCache: boolean; unfit?: string[] }): Promise<Run> {
  const assets = new Map<string, Uint8Array>();
  for (const [name, code] of Object.entries(CHUNKS)) {
    // Each run's scripts are its own: V8 would otherwise take an earlier run's compiled code from
    // its in-memory cache without looking at the code cache given.
    const script = `${await chunkScript(code, TARGET)}\n// run ${++runs}`;
    assets.set(chunkAssetKey(name), Buffer.from(script, 'latin1'));
    // As this process's V8 and flags make them; an unfit one is another script's.
    const cached = new vm.Script(unfit.includes(name) ? '0' : script).createCachedData();
    if (codeCache) assets.set(`${chunkAssetKey(name)}${CODE_CACHE}`, cached);
  }
  const run: Run = { trace: { evaluated: [] }, read: [], compiled: [] };
  class RecordingScript extends vm.Script {
    constructor(code: string, options: vm.ScriptOptions & { filename: string }) {
      super(code, options);
      run.compiled.push({ name: options.filename, cached: Boolean(options.cachedData), rejected: Boolean(this.cachedDataRejected) });
    }
  }
  const builtins: Record<string, unknown> = {
    'node:sea': {
      getRawAsset: (key: string) => {
        run.read.push(key);
        const bytes = assets.get(key);
        if (!bytes) throw new Error(`no asset ${key}`);
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      },
    },
    'node:vm': { Script: RecordingScript },
    'node:path': { sep: '/' },
  };
  const nodeRequire = (id: string): unknown => {
    if (!(id in builtins)) throw new Error(`not a built-in here: ${id}`);
    return builtins[id];
  };
  globalThis.__seaTest = run.trace;
  try {
    // The main script is a CommonJS script: `require` is the one free name it uses.
    new Function('require', await mainScript(main, TARGET, { codeCache }))(nodeRequire);
    await run.trace.done;
  } finally {
    globalThis.__seaTest = undefined;
  }
  return run;
}

describe("the standalone executable's chunks", () => {
  it('load on first use, once each, with live bindings across chunks and import() as a promise of the module', async () => {
    const run = await runExecutable(MAIN, { codeCache: false });
    // one() bumps the shared count and reads it through its import; two's default export does the same.
    await expect(run.trace.done).resolves.toEqual([[1, '/'], 2, [3, '/']]);
    expect(run.trace.evaluated).toEqual(['shared']);
    expect(run.compiled.map((c) => c.name)).toEqual(['gwctl:one-B2.js', 'gwctl:shared-A1.js', 'gwctl:two-C3.js']);
    expect(run.read).toEqual(['one-B2.js', 'shared-A1.js', 'two-C3.js'].map(chunkAssetKey));
    // Without a code cache (another platform's executable) nothing asks for one.
    expect(run.compiled.every((c) => !c.cached)).toBe(true);
  });

  it('with a code cache: each chunk compiled from its own, taken by V8', async () => {
    const run = await runExecutable(MAIN, { codeCache: true });
    await expect(run.trace.done).resolves.toEqual([[1, '/'], 2, [3, '/']]);
    const chunks = ['one-B2.js', 'shared-A1.js', 'two-C3.js'];
    expect(run.compiled).toEqual(chunks.map((name) => ({ name: `gwctl:${name}`, cached: true, rejected: false })));
    expect(run.read).toEqual(chunks.flatMap((name) => [chunkAssetKey(name), `${chunkAssetKey(name)}${CODE_CACHE}`]));
  });

  it('a cache V8 refuses (made under other flags than the run has by then) costs its compile, nothing else', async () => {
    const run = await runExecutable(MAIN, { codeCache: true, unfit: ['two-C3.js'] });
    await expect(run.trace.done).resolves.toEqual([[1, '/'], 2, [3, '/']]);
    expect(run.compiled.map((c) => [c.name, c.rejected])).toEqual([
      ['gwctl:one-B2.js', false],
      ['gwctl:shared-A1.js', false],
      ['gwctl:two-C3.js', true],
    ]);
  });

  it('a run that loads no chunk (--version) reads no asset', async () => {
    const run = await runExecutable('globalThis.__seaTest.done=Promise.resolve("gwctl 0.1.0");', { codeCache: true });
    await expect(run.trace.done).resolves.toBe('gwctl 0.1.0');
    expect(run.read).toEqual([]);
  });

  it('a chunk runs in strict mode, as the ES module it was', async () => {
    const script = await chunkScript('export function f(){undeclared=1}', TARGET);
    const module = { exports: {} as { f?: () => void } };
    (vm.runInThisContext(script) as (e: object, r: unknown, m: object) => void)(module.exports, () => ({}), module);
    expect(() => module.exports.f!()).toThrow(ReferenceError);
  });

  it('text outside ASCII is refused (the executable reads chunks as Latin-1)', async () => {
    await expect(chunkScript('export const s="\\u00e9";', TARGET)).resolves.toContain('\\xE9');
    // esbuild escapes what it can; a regular expression's literal text it must keep as written.
    await expect(chunkScript('export const r=/é/u;', TARGET)).rejects.toThrow(/outside ASCII/);
  });
});
