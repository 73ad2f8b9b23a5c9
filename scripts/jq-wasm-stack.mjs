// jq's WebAssembly given a stack deep enough for jq's own limits, and a check where it ends
// (docs/decisions/021-jq-engine.md). jq-wasm builds jq with Emscripten's 1 MiB stack, kept in
// jq's linear memory below the heap, and no check of it: printing an array nested 1,000 deep
// (about 1.6 KiB of stack a level) runs past its end into jq's static data, where jq goes on
// with what it overwrote until a read falls outside its memory. jq 1.8.2 itself goes 10,000
// levels deep (its limits for parsing, printing, comparing, merging, paths).
//
// The module is changed in three places, each found by its shape and checked (the build fails
// if any is not where it was):
// - the stack moves up by `extra` bytes: the stack pointer's first value (the one global, a
//   mutable i32), the heap's start (the one data word holding the same address, which the
//   function that grows the heap reads) and the main thread's record of its stack (the one
//   function writing that address, beside the stack's size) become the new top; the memory's
//   first size grows by as many pages, so the heap has the room it had;
// - after every instruction that lowers the stack pointer (`global.set` of it that is not a
//   rise by a constant or a value put back from a local), a check: below the stack's end, it
//   sets the exported global `stack_overflow` and traps, before the frame is written;
// - the rest of the module is as it was.
const MAGIC = 8;
const SECTION = { type: 1, import: 2, memory: 5, global: 6, export: 7, code: 10, data: 11 };
const OP = {
  unreachable: 0x00,
  if: 0x04,
  end: 0x0b,
  localGet: 0x20,
  globalGet: 0x23,
  globalSet: 0x24,
  i32Load: 0x28,
  i32Const: 0x41,
  i32LtU: 0x49,
  i32Add: 0x6a,
  memorySize: 0x3f,
};
const I32 = 0x7f;
const VOID = 0x40;
const EXPORT_GLOBAL = 3;
/** The exported global the check sets before it traps: the engine reads it to tell an overflow from any other trap. */
export const OVERFLOW_EXPORT = 'stack_overflow';

function fail(what) {
  throw new Error(`jq's WebAssembly has changed shape (${what}): update scripts/jq-wasm-stack.mjs`);
}

function readU(bytes, at) {
  let value = 0;
  let scale = 1;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * scale;
    scale *= 128;
  } while (byte & 0x80);
  return { value, at };
}

function readS(bytes, at) {
  let value = 0n;
  let shift = 0n;
  let byte;
  do {
    byte = bytes[at++];
    value |= BigInt(byte & 0x7f) << shift;
    shift += 7n;
  } while (byte & 0x80);
  if (byte & 0x40) value -= 1n << shift;
  return { value: Number(value), at };
}

function leb(n) {
  const out = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}

function sleb(n) {
  const out = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(byte & 0x40)) || (n === -1 && byte & 0x40)) return [...out, byte];
    out.push(byte | 0x80);
  }
}

/** A positive i32 in exactly four bytes (the width the module writes its addresses in), so it replaces one in place. */
function sleb4(n) {
  if (n < 0 || n >= 2 ** 27) fail(`address ${n} out of range`);
  return [(n & 0x7f) | 0x80, ((n >> 7) & 0x7f) | 0x80, ((n >> 14) & 0x7f) | 0x80, (n >> 21) & 0x7f];
}

/** A vector of encoded items (arrays of bytes or buffers), as one buffer. */
const vector = (items) => Buffer.concat([Buffer.from(leb(items.length)), ...items.map((item) => Buffer.from(item))]);
const section = (id, bytes) => Buffer.concat([Buffer.from([id, ...leb(bytes.length)]), Buffer.from(bytes)]);

function sections(wasm) {
  const out = [];
  for (let at = MAGIC; at < wasm.length;) {
    const size = readU(wasm, at + 1);
    out.push({ id: wasm[at], body: wasm.subarray(size.at, size.at + size.value) });
    at = size.at + size.value;
  }
  return out;
}

/**
 * The instructions of a function body from `at`, each handed to `visit(op, start, end)`: the
 * opcodes and immediates of WebAssembly 2.0 without SIMD, which is what Emscripten writes here.
 */
function eachInstruction(body, at, visit) {
  const skipU = () => (at = readU(body, at).at);
  while (at < body.length) {
    const start = at;
    const op = body[at++];
    if (op === 0x02 || op === 0x03 || op === OP.if) {
      if (body[at] === VOID || (body[at] >= 0x6f && body[at] <= I32)) at++;
      else at = readS(body, at).at;
    } else if (op === 0x0c || op === 0x0d || op === 0x10 || (op >= OP.localGet && op <= 0x26) || op === 0xd2) skipU();
    else if (op === 0x0e) {
      const count = readU(body, at);
      at = count.at;
      for (let i = 0; i <= count.value; i++) skipU();
    } else if (op === 0x11) {
      skipU();
      skipU();
    } else if (op === 0x1c) at = readU(body, at).at + readU(body, at).value;
    else if (op >= OP.i32Load && op <= 0x3e) {
      skipU();
      skipU();
    } else if (op === OP.memorySize || op === 0x40 || op === 0xd0) at++;
    else if (op === OP.i32Const || op === 0x42) at = readS(body, at).at;
    else if (op === 0x43) at += 4;
    else if (op === 0x44) at += 8;
    else if (op === 0xfc) {
      const sub = readU(body, at);
      at = sub.at;
      // memory.init (a data index and a memory), memory.copy, memory.fill, table.init and
      // table.copy (two indices), the other table and data operations (one index); 0-7 have none.
      if (sub.value === 8) {
        skipU();
        at++;
      } else if (sub.value === 10) at += 2;
      else if (sub.value === 11) at++;
      else if (sub.value === 12 || sub.value === 14) {
        skipU();
        skipU();
      } else if (sub.value > 7) skipU();
    } else if (!(
      op <= 0x01 ||
      op === 0x05 ||
      op === OP.end ||
      op === 0x0f ||
      op === 0x1a ||
      op === 0x1b ||
      (op >= 0x45 && op <= 0xc4) ||
      op === 0xd1
    ))
      fail(`opcode 0x${op.toString(16)}`);
    visit(op, start, at);
  }
}

/** A function body's parts: the local declarations, then the instructions. */
function bodyParts(body) {
  const groups = readU(body, 0);
  let at = groups.at;
  for (let i = 0; i < groups.value; i++) at = readU(body, at).at + 1;
  return at;
}

function functionBodies(code) {
  const count = readU(code, 0);
  const bodies = [];
  for (let i = 0, at = count.at; i < count.value; i++) {
    const size = readU(code, at);
    bodies.push(code.subarray(size.at, size.at + size.value));
    at = size.at + size.value;
  }
  return bodies;
}

/** The i32 constants of a body, as [value, start of the instruction]. */
function constants(body) {
  const found = [];
  eachInstruction(body, bodyParts(body), (op, start) => {
    if (op === OP.i32Const) found.push([readS(body, start + 1).value, start]);
  });
  return found;
}

/** The stack pointer: the module's one global, a mutable i32, and its first value (the stack's top). */
function stackPointer(globals) {
  const count = readU(globals, 0);
  const at = count.at;
  if (count.value !== 1 || globals[at] !== I32 || globals[at + 1] !== 1 || globals[at + 2] !== OP.i32Const) fail('globals');
  return readS(globals, at + 3).value;
}

/** The data segments, as { offset, bytes } (active, in memory 0, at a constant offset). */
function dataSegments(data) {
  const count = readU(data, 0);
  const segments = [];
  for (let i = 0, at = count.at; i < count.value; i++) {
    if (data[at] !== 0 || data[at + 1] !== OP.i32Const) fail('data segment');
    const offset = readS(data, at + 2);
    if (data[offset.at] !== OP.end) fail('data offset');
    const size = readU(data, offset.at + 1);
    segments.push({ offset: offset.value, bytes: data.subarray(size.at, size.at + size.value) });
    at = size.at + size.value;
  }
  return segments;
}

/**
 * The one aligned data word holding `value` (a segment may end before a word's zero bytes), read
 * by a function that also asks the memory's size: the heap's start, kept by the function that grows it.
 */
function heapStart(segments, bodies, value) {
  const word = [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, value >>> 24];
  const places = [];
  segments.forEach((segment, index) => {
    for (let at = 0; at < segment.bytes.length; at++) {
      const held = Math.min(4, segment.bytes.length - at);
      if ((segment.offset + at) % 4 !== 0) continue;
      if (word.every((byte, i) => (i < held ? segment.bytes[at + i] === byte : byte === 0)))
        places.push({ index, at, address: segment.offset + at });
    }
  });
  if (places.length !== 1) fail(`${places.length} words hold the heap's start`);
  const [place] = places;
  const readers = bodies.filter((body) => {
    let reads = false;
    let sizes = false;
    let previous;
    eachInstruction(body, bodyParts(body), (op, start) => {
      if (op === OP.memorySize) sizes = true;
      if (op === OP.i32Load && previous?.op === OP.i32Const && readS(body, previous.start + 1).value === place.address) reads = true;
      previous = { op, start };
    });
    return reads && sizes;
  });
  if (readers.length !== 1) fail("the heap's start is not read where the heap grows");
  return place;
}

/**
 * The main thread's record of its stack: the one function that writes the stack's top, and in
 * it the stack's size (the one constant, a multiple of 64 KiB, that puts the stack's end past
 * the data). Returns where both constants are.
 */
function stackRecord(bodies, top, dataEnd) {
  const holders = bodies.map((body, index) => ({ index, found: constants(body) })).filter(({ found }) => found.some(([v]) => v === top));
  if (holders.length !== 1 || holders[0].found.filter(([v]) => v === top).length !== 1) fail("the stack's top is written more than once");
  const { index, found } = holders[0];
  const sizes = found.filter(([v]) => v > 0 && v % 65536 === 0 && top - v >= dataEnd && top - v < top);
  if (sizes.length !== 1) fail("the stack's size");
  return { index, top: found.find(([v]) => v === top)[1], size: sizes[0][1], stackSize: sizes[0][0] };
}

/** `body` with each of `edits` ({ at, length, bytes }) applied, in order of `at`. */
function edited(body, edits) {
  const parts = [];
  let from = 0;
  for (const { at, length, bytes } of edits.sort((a, b) => a.at - b.at)) {
    parts.push(body.subarray(from, at), Uint8Array.from(bytes));
    from = at + length;
  }
  parts.push(body.subarray(from));
  return Buffer.concat(parts);
}

/**
 * The instructions that follow each lowering of the stack pointer: below `end`, set the flag
 * (global 1) and trap. What sets it is either a rise (`i32.const N; i32.add` with N > 0, a
 * frame's end) or a value put back from a local (`local.get`, after a call that moved it): those
 * cannot go below the end and are left as they are.
 */
function checks(body, end) {
  const guard = [
    OP.globalGet,
    0,
    OP.i32Const,
    ...sleb(end),
    OP.i32LtU,
    OP.if,
    VOID,
    OP.i32Const,
    1,
    OP.globalSet,
    1,
    OP.unreachable,
    OP.end,
  ];
  const edits = [];
  const recent = [];
  eachInstruction(body, bodyParts(body), (op, start, after) => {
    if (op === OP.globalSet && body[start + 1] === 0) {
      const [before, last] = recent;
      const rises = last?.op === OP.i32Add && before?.op === OP.i32Const && readS(body, before.start + 1).value > 0;
      if (!rises && last?.op !== OP.localGet) edits.push({ at: after, length: 0, bytes: guard });
    }
    recent.push({ op, start });
    if (recent.length > 2) recent.shift();
  });
  return edits;
}

/** `wasm` with its stack `extra` bytes deeper and checked where it ends; also returns the stack's new size. */
export function withDeeperStack(wasm, extra) {
  const all = sections(wasm);
  const body = (id) => all.find((s) => s.id === id)?.body ?? fail(`no section ${id}`);
  const top = stackPointer(body(SECTION.global));
  const bodies = functionBodies(body(SECTION.code));
  const segments = dataSegments(body(SECTION.data));
  const dataEnd = Math.max(...segments.map((s) => s.offset + s.bytes.length));
  const heap = heapStart(segments, bodies, top);
  const record = stackRecord(bodies, top, dataEnd);
  const end = top - record.stackSize;
  const newTop = top + extra;

  const code = bodies.map((fn, index) => {
    const edits = checks(fn, end);
    if (index === record.index) {
      edits.push({ at: record.top, length: 5, bytes: [OP.i32Const, ...sleb4(newTop)] });
      edits.push({ at: record.size, length: 5, bytes: [OP.i32Const, ...sleb4(newTop - end)] });
      for (const at of [record.top, record.size]) if (readS(fn, at + 1).at - at !== 5) fail('a constant is not four bytes long');
    }
    const out = edited(fn, edits);
    return Buffer.concat([Buffer.from(leb(out.length)), out]);
  });

  const data = segments.map(({ offset, bytes }, index) => {
    let held = bytes;
    if (index === heap.index) {
      const word = [newTop & 0xff, (newTop >>> 8) & 0xff, (newTop >>> 16) & 0xff, newTop >>> 24];
      held = Buffer.concat([bytes.subarray(0, heap.at), Buffer.from(word), bytes.subarray(heap.at + 4)]);
    }
    return Buffer.concat([Buffer.from([0, OP.i32Const, ...sleb(offset), OP.end, ...leb(held.length)]), held]);
  });

  const memory = body(SECTION.memory);
  if (readU(memory, 0).value !== 1) fail('memories');
  const flags = memory[1];
  const min = readU(memory, 2);
  const limits = [flags, ...leb(min.value + Math.ceil(extra / 65536)), ...memory.subarray(min.at)];

  const exports = body(SECTION.export);
  const name = [...Buffer.from(OVERFLOW_EXPORT)];
  const exported = Buffer.concat([
    Buffer.from(leb(readU(exports, 0).value + 1)),
    exports.subarray(readU(exports, 0).at),
    Buffer.from([...leb(name.length), ...name, EXPORT_GLOBAL, 1]),
  ]);

  const globals = vector([
    [I32, 1, OP.i32Const, ...sleb(newTop), OP.end],
    [I32, 1, OP.i32Const, 0, OP.end],
  ]);

  const rebuilt = all.map(({ id, body: bytes }) => {
    if (id === SECTION.code) return section(id, vector(code));
    if (id === SECTION.data) return section(id, vector(data));
    if (id === SECTION.memory) return section(id, [1, ...limits]);
    if (id === SECTION.export) return section(id, exported);
    if (id === SECTION.global) return section(id, globals);
    return section(id, bytes);
  });
  return { wasm: Buffer.concat([wasm.subarray(0, MAGIC), ...rebuilt]), stackBytes: newTop - end };
}
