// jq's WebAssembly module, as bytes, as the builds carry it: jq-wasm's jq.wasm with a deeper,
// checked stack and a larger heap (scripts/jq-wasm-plugin.mjs, scripts/jq-wasm-stack.mjs). The
// builds replace this module with one that reads their own copy: jq.wasm beside the engine's
// chunk in the npm build, an asset in the standalone executable. This reading of it serves the
// test runner, which runs the sources: the npm build's copy, which the tests' setup builds
// before any test starts, so that the tests run the bytes gwctl ships.

/** The bytes of jq 1.8.2 compiled to WebAssembly. */
export function jqWasmBinary(): Uint8Array {
  const { readFileSync } = process.getBuiltinModule('node:fs');
  return readFileSync(new URL('../../dist/chunks/jq.wasm', import.meta.url));
}
