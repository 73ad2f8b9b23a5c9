// keepWasmOnBaselineTier (src/core/v8-flags.ts): set at run time, `--liftoff-only` alone lets
// Node 24 and 26 (V8 13 and 14) still send hot WebAssembly to the optimising tier on a background
// thread, which exit then waits for. A hot function must stay on the baseline tier (Liftoff).
import { setFlagsFromString } from 'node:v8';
import { expect, it } from 'vitest';
import { keepWasmOnBaselineTier } from '../../src/core/v8-flags.js';

/** `(func (export "sum") (param $n i32) (result i32))`: adds $n, $n-1, ... 1 in a loop. */
function sumModule(): Uint8Array {
  const body = [
    1, 1, 0x7f, 0x02, 0x40, 0x03, 0x40, 0x20, 0, 0x45, 0x0d, 1, 0x20, 1, 0x20, 0, 0x6a, 0x21, 1, 0x20, 0, 0x41, 1, 0x6b, 0x21, 0, 0x0c, 0,
    0x0b, 0x0b, 0x20, 1, 0x0b,
  ];
  const code = [1, body.length, ...body];
  const types = [1, 0x60, 1, 0x7f, 1, 0x7f];
  const exports = [1, 3, ...Buffer.from('sum'), 0, 0];
  const section = (id: number, content: number[]): number[] => [id, content.length, ...content];
  return new Uint8Array([...MAGIC_AND_VERSION, ...section(1, types), ...section(3, [1, 0]), ...section(7, exports), ...section(10, code)]);
}

/** `\0asm` and version 1: how every WebAssembly module begins. */
const MAGIC_AND_VERSION = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];

/** V8's own test hooks, compiled while natives syntax is on, and only then. */
function tierOf(): (fn: unknown) => { liftoff: boolean; turbofan: boolean } {
  setFlagsFromString('--allow-natives-syntax');
  try {
    const liftoff = new Function('f', 'return %IsLiftoffFunction(f)') as (fn: unknown) => boolean;
    const turbofan = new Function('f', 'return %IsTurboFanFunction(f)') as (fn: unknown) => boolean;
    return (fn) => ({ liftoff: liftoff(fn), turbofan: turbofan(fn) });
  } finally {
    setFlagsFromString('--no-allow-natives-syntax');
  }
}

it('keeps hot WebAssembly on the baseline tier, with no optimising job for exit to wait for', async () => {
  keepWasmOnBaselineTier();
  const tier = tierOf();
  // The project's types leave out the DOM's, where WebAssembly's are declared.
  const wasm = (
    globalThis as unknown as {
      WebAssembly: { instantiate(bytes: Uint8Array): Promise<{ instance: { exports: Record<string, unknown> } }> };
    }
  ).WebAssembly;
  const { instance } = await wasm.instantiate(sumModule());
  const sum = instance.exports.sum as (n: number) => number;
  expect(sum(10)).toBe(55);
  // Hot enough that V8 tiers it up when it may (within 0.3 s on Node 24 and 26 with --liftoff-only alone).
  for (let i = 0; i < 200; i++) sum(100_000);
  for (let waited = 0; waited < 1000; waited += 50) {
    expect(tier(sum)).toEqual({ liftoff: true, turbofan: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
