// What a WebAssembly module says of its memory, read from its bytes: the builds set jq's
// largest heap in its module (scripts/jq-wasm-plugin.mjs), and ./jq-engine.ts reports it.
// Not in ./jq-wasm-binary.ts, which the builds replace whole.

/** The most bytes the module's memory may grow to, per its memory section (set by scripts/jq-wasm-plugin.mjs); undefined if none. */
export function memoryMaximum(wasm: Uint8Array): number | undefined {
  const leb = (from: number): { value: number; at: number } => {
    let value = 0;
    let at = from;
    for (let shift = 0; ; shift += 7) {
      const byte = wasm[at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return { value, at };
    }
  };
  // Past the magic number and version: sections, each an id and a size.
  for (let at = 8; at < wasm.length;) {
    const size = leb(at + 1);
    if (wasm[at] === 5) {
      const count = leb(size.at);
      const flags = wasm[count.at]!;
      if (count.value < 1 || (flags & 1) === 0) return undefined;
      return leb(leb(count.at + 1).at).value * 65536;
    }
    at = size.at + size.value;
  }
  return undefined;
}
