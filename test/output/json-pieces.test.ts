// The JSON printers write a layout as it is made (src/output/json-text.ts): a body whose
// indentation makes its text hundreds of times larger than what was sent reaches stdout in
// pieces, each small and each ending just before a line break, and together exactly the layout
// JSON.stringify makes of it. In-process, through the printers each JSON option chooses.
import { describe, expect, it } from 'vitest';
import { choosePrinter, type Shaping } from '../../src/cli/output-choice.js';
import { readJson } from '../../src/core/sent-json.js';
import { memoryIo, type MemoryIo } from './memory-io.js';

/** An item nested `depth` deep (the item itself the first level). */
function deepItem(n: number, depth: number): string {
  return `{"id":"c${n}","provider":"openai","allowed_models":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)},"sort_order":${n}}`;
}

/** A list body of `count` items nested 500 deep: a KB an item sent, about 250 KB laid out. */
function deepList(count: number, from = 0): string {
  return `{"data":[${Array.from({ length: count }, (_, i) => deepItem(from + i, 500)).join(',')}],"total_count":${count}}`;
}

/** Every write the printer made, and what they make together. */
function recording(): MemoryIo & { pieces: string[] } {
  const io = memoryIo();
  const pieces: string[] = [];
  const out = io.out.bind(io);
  return Object.assign(io, {
    pieces,
    out(text: string) {
      pieces.push(text);
      return out(text);
    },
  });
}

/**
 * Pieces of a few MB at most, each (but the last) followed by a line break, or by the comma
 * that goes on to a list's next page: none splits a line inside a value.
 */
function expectPieces(pieces: string[]): void {
  expect(pieces.length).toBeGreaterThan(5);
  for (const [index, piece] of pieces.entries()) {
    expect(piece.length).toBeLessThan(2 * 1024 * 1024);
    if (index > 0) expect(piece).toMatch(/^,?\n/);
  }
}

const base: Shaping = { json: true, jsonl: false, header: false, command: 'byok ls' };

function printer(io: MemoryIo): ReturnType<typeof choosePrinter> {
  return choosePrinter(base, { io, now: () => 0, tables: () => import('../../src/output/table.js') });
}

describe('a body nested deep, printed pretty', () => {
  it('--json: in pieces that make JSON.stringify’s layout', async () => {
    const text = deepList(60);
    const io = recording();
    await (await printer(io)).detail({ body: readJson(text), view: { kind: 'body' } });
    expect(io.stdout).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    expectPieces(io.pieces);
  });

  it('--all --json: each page in pieces, the pages one body', async () => {
    const pages = [readJson(deepList(30)), readJson(deepList(30, 30))] as { data: unknown[]; total_count: number }[];
    const io = recording();
    const list = (await printer(io)).list({ kind: 'body' });
    for (const page of pages) await list.page(page.data);
    await list.end(pages[1]!);
    const merged = { data: pages.flatMap((page) => page.data), total_count: 30 };
    expect(io.stdout).toBe(`${JSON.stringify(merged, null, 2)}\n`);
    expectPieces(io.pieces);
  });

  it('a value gwctl built around sent bodies (many targets’ results): in pieces too', async () => {
    const results = Array.from({ length: 60 }, (_, i) => ({ id: `c${i}`, result: 'done', response: readJson(deepItem(i, 500)) }));
    const io = recording();
    await (await printer(io)).detail({ body: { results }, view: { kind: 'body' } });
    expect(io.stdout).toBe(`${JSON.stringify({ results }, null, 2)}\n`);
    expectPieces(io.pieces);
  });
});
