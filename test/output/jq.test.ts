// The jq module against jq's own behaviour: the outputs of real filters, compile errors found
// before anything runs, run-time errors, and hostile text in every output.
import { describe, expect, it } from 'vitest';
import { GwctlError } from '../../src/core/errors.js';
import { compileJq, formatJqOutput, runJq } from '../../src/output/jq-engine.js';
import { describeFilter } from '../../src/output/jq-filter.js';
import { parseSubset } from '../../src/output/jq-subset/parse.js';
import { jqRunner } from '../../src/output/jq-runner.js';
import { memoryIo } from './memory-io.js';

const interns = {
  data: [
    { id: 'a1', name: 'alpha', status: 'running', model: null },
    { id: 'b2', name: 'beta "b"', status: 'failed', model: 'm/x' },
  ],
  has_more: false,
};

async function run(expr: string, input: unknown = interns): Promise<string[]> {
  return runJq(await compileJq(expr), JSON.stringify(input));
}

async function compileError(expr: string): Promise<GwctlError> {
  try {
    await compileJq(expr);
  } catch (error) {
    return error as GwctlError;
  }
  throw new Error(`${expr} compiled`);
}

describe('runJq', () => {
  it('prints strings raw and everything else as compact JSON, one output per line', async () => {
    expect(await run('.data[] | select(.status == "failed") | .id')).toEqual(['b2']);
    expect(await run('.data[0]')).toEqual(['{"id":"a1","name":"alpha","status":"running","model":null}']);
    expect(await run('(.data | length), .has_more, (.data[] | .model)')).toEqual(['2', 'false', 'null', 'm/x']);
    expect(await run('.data[] | [.id, .name] | @tsv')).toEqual(['a1\talpha', 'b2\tbeta "b"']);
    expect(await run('.data[] | [.id, .name] | @csv')).toEqual(['"a1","alpha"', '"b2","beta ""b"""']);
    expect(await run('.data[] | "\\(.id)=\\(.status)"')).toEqual(['a1=running', 'b2=failed']);
    expect(await run('[paths(type == "number")]', [1, [[], { a: 2 }]])).toEqual(['[[0],[1,1,"a"]]']);
    expect(await run('to_entries | map("\\(.key)=\\(.value)") | join(",")', { a: 1, b: 'x' })).toEqual(['a=1,b=x']);
    expect(await run('empty')).toEqual([]);
  });

  it('keeps a multi-line string as lines, as jq -r does', async () => {
    expect(await run('"one\\ntwo"', null)).toEqual(['one\ntwo']);
  });

  it('accepts definitions and a trailing comment', async () => {
    expect(await run('def ids: .data[].id; [ids] # every id', interns)).toEqual(['["a1","b2"]']);
  });

  it('prints raw strings as jq -r does, but escapes what begins or ends a terminal sequence or reorders text; JSON keeps no raw control', async () => {
    const hostile = 'a\u001b[2Jb\u0007c\u0085d\u061ce\u200ef\u200fg\u202ah\u202ei\u2066j\u2069k\u009bl\u009dm\r\u0000n';
    const [raw] = await run('.name', { name: hostile });
    expect(raw).toBe('a\\e[2Jb\\x07c\u0085d\\u061ce\\u200ef\\u200fg\\u202ah\\u202ei\\u2066j\\u2069k\\x9bl\\x9dm\r\u0000n');
    const [json] = await run('.', { name: hostile });

    expect(json).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(JSON.parse(json!)).toEqual({ name: hostile });
  });

  it("a run-time error is exit 1 with jq's message and no output", async () => {
    const filter = await compileJq('.data[] | .id | .x');
    const error = await runJq(filter, JSON.stringify(interns)).catch((e: unknown) => e as GwctlError);
    expect(error).toBeInstanceOf(GwctlError);
    expect((error as GwctlError).exitCode).toBe(1);
    expect((error as GwctlError).message).toBe('--jq: Cannot index string with string ("x")');
    expect(process.exitCode).toBeUndefined();
  });
});

describe('nesting jq cannot follow, or refuses', () => {
  it('a stack that runs out is exit 1 saying what was nested too deeply, and the next run gets a new engine', async () => {
    // Under the test runner jq runs on this thread, whose stack ends long before jq's own limits
    // (on jq's thread they are reached: test/e2e/jq-182.test.ts).
    const error = await run('reduce range(10000) as $_ ([]; [.]) | tojson | length', null).catch((e: unknown) => e as GwctlError);
    expect(error).toBeInstanceOf(GwctlError);
    expect({ message: (error as GwctlError).message, exitCode: (error as GwctlError).exitCode }).toEqual({
      message: '--jq: values nested too deeply for the jq engine (it ran out of stack)',
      exitCode: 1,
    });
    expect(await run('[.data[].id]')).toEqual(['["a1","b2"]']);
    expect(await run('1 + 1 | tostring | ltrimstr("x")')).toEqual(['2']);
  });

  it("a body nested past jq's 10,000 levels is refused as jq refuses it, by a filter of the subset too", async () => {
    const body = `${'['.repeat(10_001)}${']'.repeat(10_001)}`;
    for (const expr of ['length', 'length | ltrimstr("x")']) {
      const runner = jqRunner();
      const filter = await runner.compile(expr);
      const io = memoryIo();
      const error = await runner.run(filter, { text: body }, io).catch((e: unknown) => e as GwctlError);
      expect({ expr, message: (error as GwctlError).message, exitCode: (error as GwctlError).exitCode, stdout: io.stdout }).toEqual({
        expr,
        message: '--jq: parse error: Exceeds depth limit for parsing at line 1, column 10001',
        exitCode: 1,
        stdout: '',
      });
    }
  });
});

describe('compileJq', () => {
  it.each([
    ['.[', 'invalid --jq filter: syntax error, unexpected end of file'],
    ['foo(1)', 'invalid --jq filter: foo/1 is not defined'],
    ['.a | map(', 'invalid --jq filter: syntax error, unexpected end of file'],
    ['$nothing', 'invalid --jq filter: $nothing is not defined'],
  ])('refuses %j with exit 2 and one line', async (expr, message) => {
    const error = await compileError(expr);
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe(message);
    expect(error.message).not.toContain('\n');
    expect(process.exitCode).toBeUndefined();
  });

  it('checks exactly the text that runs: a filter jq refuses is refused, whatever wraps it', async () => {
    // `.a) | (.b` would compile inside parentheses; jq itself refuses it.
    expect((await compileError('.a) | (.b')).message).toBe(
      'invalid --jq filter: syntax error, unexpected INVALID_CHARACTER, expecting end of file',
    );
  });

  it("refuses a filter longer than jq's limit on compiled code, which the subset alone would take", async () => {
    const error = await compileError('.a'.repeat(40_000));
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(/^invalid --jq filter: function compiled to \d+ bytes which is too long$/);
  });

  it("reads a value that looks like one of jq's options as the filter it is (`jq -- FILTER`)", async () => {
    for (const [expr, undefinedName] of [
      ['-n', 'n/0'],
      ['--seq', 'seq/0'],
      ['-C', 'C/0'],
      ['--arg', 'arg/0'],
    ] as const) {
      expect((await compileError(expr)).message).toBe(`invalid --jq filter: ${undefinedName} is not defined`);
    }
  });

  it('does not run the filter while checking it', async () => {
    await expect(compileJq('error("ran")')).resolves.toBeDefined();
  });

  it('makes control characters in the message visible', async () => {
    const error = await compileError('.a \u001b[31m');
    expect(error.message).not.toMatch(/\u001b/);
  });
});

describe('formatJqOutput', () => {
  it('escapes C1 and bidi controls in JSON text as \\uXXXX', () => {
    expect(formatJqOutput('["\u0085\u202e"]')).toBe('["\\u0085\\u202e"]');
  });
});

describe('isItemwise: filters that may run on the items of --all a batch at a time', () => {
  it.each([
    '.data[]',
    '.data[] | .id',
    '  .data [ ] |.id',
    '.data[]|select(.status == "failed")|.id',
    '.data[] | .a, .b',
    // `?` only hides an error, and --all's items are always a list.
    '.data[]?',
  ])('%j takes the items one by one', (expr) => {
    expect(describeFilter(expr, parseSubset(expr)).itemwise).toBe(true);
  });

  it.each([
    '.data[] |= 1',
    '.data | length',
    '[.data[] | .id]',
    '.data[] as $x | $x',
    '.data[] // 1',
    '.data[] | input',
    '.data[] | if .x then halt else . end',
    '.data[] | halt_error',
    '# leading comment\n.data[]',
    '(.data[] | .id), (.data | length)',
    // Outside the subset: only a tree says how a filter binds.
    '.data[] | .x as $v | $v',
  ])('%j needs the whole body', (expr) => {
    expect(describeFilter(expr, parseSubset(expr)).itemwise).toBe(false);
  });

  it('the same outputs over batches of items as over the whole list', async () => {
    const expr = '.data[] | select(.status == "failed") | .id';
    const filter = describeFilter(expr, parseSubset(expr));
    expect(filter.itemwise).toBe(true);
    const whole = await runJq(filter, JSON.stringify(interns));
    const batched = [
      ...(await runJq(filter, JSON.stringify({ data: interns.data.slice(0, 1) }))),
      ...(await runJq(filter, JSON.stringify({ data: interns.data.slice(1) }))),
    ];
    expect(batched).toEqual(whole);
  });
});
