// jq's WebAssembly module, as bytes. The jq-wasm package carries it inside its loader, as 1.3 MB
// of base64 text; this reading of it serves the test runner, which runs the sources. The builds
// take the bytes out into a file of their own and replace this module with one that reads that
// file: jq.wasm beside the engine's chunk in the npm build, an asset in the standalone
// executable (scripts/jq-wasm-plugin.mjs).
import { createRequire } from 'node:module';

/** The bytes of jq 1.8.1 compiled to WebAssembly. */
export function jqWasmBinary(): Uint8Array {
  const { readFileSync } = process.getBuiltinModule('node:fs');
  const loader = readFileSync(createRequire(import.meta.url).resolve('jq-wasm/dist/build/jq.js'), 'utf8');
  const base64 = /base64Decode\("([A-Za-z0-9+/=]+)"\)/.exec(loader)?.[1];
  if (!base64) throw new Error("jq-wasm's loader no longer holds jq's WebAssembly as base64");
  return Buffer.from(base64, 'base64');
}
