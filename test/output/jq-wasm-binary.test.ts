// jq's WebAssembly as gwctl carries it: the package's module lets jq's heap grow to 256 MiB; the
// builds' copy (scripts/jq-wasm-plugin.mjs) to 1 GiB, which the engine reads back for its
// message, and which the loader's own bound on growth is raised to match.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { jqWasmBinary } from '../../src/output/jq-wasm-binary.js';
import { memoryMaximum } from '../../src/output/wasm-memory.js';

describe("jq's WebAssembly", () => {
  it("the package's module: 256 MiB at most, as its loader bounds it", () => {
    expect(memoryMaximum(jqWasmBinary())).toBe(256 * 2 ** 20);
    const loader = readFileSync(createRequire(import.meta.url).resolve('jq-wasm/dist/build/jq.js'), 'utf8');
    expect(loader).toContain('var getHeapMax = () => 268435456;');
  });

  it("the npm build's copy (dist/chunks/jq.wasm): 1 GiB, the rest of the module as it was", () => {
    const built = readFileSync(path.join(import.meta.dirname, '../../dist/chunks/jq.wasm'));
    expect(memoryMaximum(built)).toBe(2 ** 30);
    // Only the memory section's maximum grew, by one byte of its encoding.
    const original = jqWasmBinary();
    expect(built.length).toBe(original.length + 1);
    const validate = (globalThis as unknown as { WebAssembly: { validate(bytes: Uint8Array): boolean } }).WebAssembly.validate;
    expect(validate(built)).toBe(true);
  });
});
