// jq's WebAssembly as gwctl carries it (scripts/jq-wasm-plugin.mjs, scripts/jq-wasm-stack.mjs):
// the package's module lets jq's heap grow to 256 MiB and gives jq 1 MiB of stack, unchecked; the
// builds' copy grows to 1 GiB, which the engine reads back for its message, and has 32 MiB of
// stack, checked where it ends. Each module is run here through jq-wasm's own handle.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { loadJq } from 'jq-wasm';
import { describe, expect, it } from 'vitest';
import { jqWasmBinary } from '../../src/output/jq-wasm-binary.js';
import { memoryMaximum } from '../../src/output/wasm-memory.js';
// @ts-expect-error: a build script in plain JavaScript, without types
import { withDeeperStack as untyped } from '../../scripts/jq-wasm-stack.mjs';

const withDeeperStack = untyped as (wasm: Uint8Array, extra: number) => { wasm: Uint8Array; stackBytes: number };
const packaged = readFileSync(createRequire(import.meta.url).resolve('jq-wasm/jq.wasm'));
const built = readFileSync(path.join(import.meta.dirname, '../../dist/chunks/jq.wasm'));

interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  instantiate(bytes: Uint8Array, imports: unknown): Promise<{ instance: { exports: Record<string, unknown> } }>;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** `filter` over null by jq-wasm's own handle on `module`, and what the module's exports say after. */
async function runOn(module: Uint8Array, filter: string): Promise<{ answer: string; overflowed: unknown }> {
  let exports: Record<string, unknown> = {};
  const jq = await loadJq({
    instantiateWasm: (imports, done) => {
      // eslint-disable-next-line @typescript-eslint/no-floating-promises -- a failure is the loader's to report
      wasm.instantiate(module, imports).then(({ instance }) => {
        exports = instance.exports;
        done(instance as never, undefined as never);
      });
    },
  });
  let answer: string;
  // The handle sets process.exitCode; the test process's own stays its own.
  const exitCode = process.exitCode;
  try {
    answer = jq.raw('null', filter, ['-c']).stdout;
  } catch (error) {
    answer = `${(error as Error).name}: ${(error as Error).message}`;
  } finally {
    process.exitCode = exitCode;
  }
  return { answer, overflowed: (exports.stack_overflow as { value: number } | undefined)?.value };
}

const deep = (levels: number): string => `reduce range(${levels}) as $_ ([]; [.]) | tojson | length`;

describe("jq's WebAssembly", () => {
  it("the test runner reads the npm build's copy (dist/chunks/jq.wasm)", () => {
    expect(Buffer.from(jqWasmBinary()).equals(built)).toBe(true);
  });

  it("the package's module: 256 MiB at most, as its loader bounds it", () => {
    expect(memoryMaximum(packaged)).toBe(256 * 2 ** 20);
    const loader = readFileSync(createRequire(import.meta.url).resolve('jq-wasm'), 'utf8');
    expect(loader).toContain('var getHeapMax = () => 268435456;');
  });

  it("the npm build's copy: 1 GiB, a 32 MiB stack, the check's flag exported, and a valid module", () => {
    expect(memoryMaximum(built)).toBe(2 ** 30);
    expect(withDeeperStack(packaged, 31 * 2 ** 20).stackBytes).toBe(32 * 2 ** 20);
    expect(wasm.validate(built)).toBe(true);
  });

  it("the package's stack runs into jq's own data 1,000 levels deep; the check stops jq there instead", async () => {
    expect(await runOn(packaged, deep(500))).toEqual({ answer: '1002', overflowed: undefined });
    expect((await runOn(packaged, deep(2000))).answer).toBe('RuntimeError: memory access out of bounds');
    // The package's 1 MiB stack, checked: a trap at its end, and the flag that says why.
    const checked = withDeeperStack(packaged, 0).wasm;
    expect(await runOn(checked, deep(500))).toEqual({ answer: '1002', overflowed: 0 });
    expect(await runOn(checked, deep(2000))).toEqual({ answer: 'RuntimeError: unreachable', overflowed: 1 });
    // The builds' stack goes deeper than this thread's own stack lets jq go.
    expect(await runOn(built, deep(2000))).toEqual({ answer: '4002', overflowed: 0 });
  });
});
