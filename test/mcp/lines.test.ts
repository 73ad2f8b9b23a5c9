// A line over the bound is refused with the id of its request, found while the line is skipped
// (src/cli/mcp/lines.ts): only the top-level "id" names it, wherever it stands and however the
// line arrives in pieces.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineReader } from '../../src/cli/mcp/lines.js';
import { until } from '../kit/spawn.js';

/** The id the refusal of `line` names, the line fed in pieces of `piece` bytes to a reader bounded at 64 bytes. */
async function refusedId(line: string, piece = 7): Promise<unknown> {
  const stdin = new PassThrough();
  const out: string[] = [];
  const reader = new LineReader(stdin, (text) => Promise.resolve(void out.push(text)), 64);
  reader.start();
  const bytes = Buffer.from(`${line}\n`);
  for (let at = 0; at < bytes.length; at += piece) stdin.write(bytes.subarray(at, at + piece));
  await until(() => out.length === 1, 2_000);
  reader.stop();
  const answer = JSON.parse(out[0]!) as { id: unknown; error: { code: number } };
  expect(answer.error.code).toBe(-32600);
  return answer.id;
}

const pad = 'x'.repeat(200);

describe('the id of a refused line', () => {
  it.each([
    ['first', `{"id":7,"jsonrpc":"2.0","method":"ping","params":{"pad":"${pad}"}}`, 7],
    ['last, after params holding ids of their own', `{"jsonrpc":"2.0","params":{"id":1,"a":[{"id":2}],"pad":"${pad}"},"id":"r-9"}`, 'r-9'],
    ['a string with an escaped quote and a brace', `{"id":"a\\"}b","method":"ping","params":{"pad":"${pad}"}}`, 'a"}b'],
    ['after a value that says id', `{"method":"id","params":{"pad":"${pad}"},"id" : 12 }`, 12],
    ['none at the top level', `{"jsonrpc":"2.0","params":{"id":3,"pad":"${pad}"}}`, null],
    ['too long to name a request', `{"id":"${'y'.repeat(300)}","params":{"pad":"${pad}"}}`, null],
  ])('%s', async (_, line, id) => {
    expect(await refusedId(line)).toEqual(id);
    expect(await refusedId(line, 1)).toEqual(id);
  });
});
