// --jq behaves as jq 1.8.1: the examples of jq 1.8.1's manual for every function jq 1.8 added or
// changed (program, input, outputs, as the manual gives them), and what its release notes say
// changed, each run by gwctl's engine. Outputs are compared as JSON values, as the manual's
// own test runner compares them.
import { describe, expect, it } from 'vitest';
import { compileJq, runJq } from '../../src/output/jq-engine.js';

/**
 * [program, input, outputs] from jq 1.8.1's manual (docs/content/manual/v1.8/manual.yml). Left
 * out: the two examples of `.` that compare numbers beyond a double's precision: gwctl's input is
 * the body as --json prints it (numbers as doubles), and jq 1.8's exact negation of a literal
 * (`-1234567890987654321`) is syntax that definitions cannot change.
 */
const MANUAL: readonly [string, string, readonly string[]][] = [
  ['map(abs)', '[-10, -1.1, -1e-1]', ['[10,1.1,1e-1]']],
  ['pick(.a, .b.c, .x)', '{"a": 1, "b": {"c": 2, "d": 3}, "e": 4}', ['{"a":1,"b":{"c":2},"x":null}']],
  ['pick(.[2], .[0], .[0])', '[1,2,3,4]', ['[1,null,3]']],
  ['getpath(["a","b"])', 'null', ['null']],
  ['[getpath(["a","b"], ["a","c"])]', '{"a":{"b":0, "c":1}}', ['[0, 1]']],
  ['try error("\\($__loc__)") catch .', 'null', ['"{\\"file\\":\\"<top-level>\\",\\"line\\":1}"']],
  ['[paths]', '[1,[[],{"a":2}]]', ['[[0],[1],[1,0],[1,1],[1,1,"a"]]']],
  ['[paths(type == "number")]', '[1,[[],{"a":2}]]', ['[[0],[1,1,"a"]]']],
  ['add', '["a","b","c"]', ['"abc"']],
  ['add', '[1, 2, 3]', ['6']],
  ['add', '[]', ['null']],
  ['add(.[].a)', '[{"a":3}, {"a":5}, {"b":6}]', ['8']],
  ['.[] | tonumber', '[1, "1"]', ['1', '1']],
  ['.[] | toboolean', '["true", "false", true, false]', ['true', 'false', 'true', 'false']],
  ['index(", ")', '"a,b, cd, efg, hijk"', ['3']],
  ['index(1)', '[0,1,2,1,3,1,4]', ['1']],
  ['index([1,2])', '[0,1,2,3,1,4,2,5,1,2,6,7]', ['1']],
  ['rindex(", ")', '"a,b, cd, efg, hijk"', ['12']],
  ['rindex(1)', '[0,1,2,1,3,1,4]', ['5']],
  ['rindex([1,2])', '[0,1,2,3,1,4,2,5,1,2,6,7]', ['8']],
  ['[.[]|ltrimstr("foo")]', '["fo", "foo", "barfoo", "foobar", "afoo"]', ['["fo","","barfoo","bar","afoo"]']],
  ['[.[]|rtrimstr("foo")]', '["fo", "foo", "barfoo", "foobar", "foob"]', ['["fo","","bar","foobar","foob"]']],
  ['[.[]|trimstr("foo")]', '["fo", "foo", "barfoo", "foobarfoo", "foob"]', ['["fo","","bar","bar","b"]']],
  ['trim, ltrim, rtrim', '" abc "', ['"abc"', '"abc "', '" abc"']],
  ['split(", ")', '"a, b,c,d, e, "', ['["a","b,c,d","e",""]']],
  ['@base64d', '"VGhpcyBpcyBhIG1lc3NhZ2U="', ['"This is a message"']],
  ['[.[] | tonumber?]', '["1", "invalid", "3", 4]', ['[1, 3, 4]']],
  ['split(", *"; null)', '"ab,cd, ef"', ['["ab","cd","ef"]']],
  ['splits(", *")', '"ab,cd,   ef, gh"', ['"ab"', '"cd"', '"ef"', '"gh"']],
  ['splits(",? *"; "n")', '"ab,cd ef,  gh"', ['"ab"', '"cd"', '"ef"', '"gh"']],
  ['[limit(3; .[])]', '[0,1,2,3,4,5,6,7,8,9]', ['[0,1,2]']],
  ['[skip(3; .[])]', '[0,1,2,3,4,5,6,7,8,9]', ['[3,4,5,6,7,8,9]']],
  ['[first(range(.)), last(range(.)), nth(5; range(.))]', '10', ['[0,9,5]']],
  ['[first(empty), last(empty), nth(5; empty)]', 'null', ['[]']],
  ['[range(.)]|[first, last, nth(5)]', '10', ['[0,9,5]']],
];

/** The outputs as JSON values: gwctl prints strings raw, so a string output is read back as one. */
async function outputs(program: string, input: string): Promise<unknown[]> {
  const printed = await runJq(await compileJq(`${program} | tojson`), JSON.parse(input));
  return printed.map((line) => JSON.parse(line) as unknown);
}

async function failure(program: string, input: unknown = null): Promise<string> {
  try {
    await runJq(await compileJq(program), input);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${program} did not fail`);
}

describe("--jq: jq 1.8.1's manual", () => {
  it.each(MANUAL)('%s over %s', async (program, input, expected) => {
    expect(await outputs(program, input)).toEqual(expected.map((output) => JSON.parse(output) as unknown));
  });
});

describe('--jq: what jq 1.8 added or changed, as its release notes give it', () => {
  it('the new functions', async () => {
    expect(await outputs('" hello " | trim, ltrim, rtrim', 'null')).toEqual(['hello', 'hello ', ' hello']);
    expect(await outputs('"\\u3000\\t x \\u00a0\\n" | trim', 'null')).toEqual(['x']);
    expect(await outputs('"foobarfoo" | trimstr("foo")', 'null')).toEqual(['bar']);
    expect(await outputs('.sum = add(.xs[])', '{"xs":[1,2,3]}')).toEqual([{ xs: [1, 2, 3], sum: 6 }]);
    expect(await outputs('[1,2,3,4,5] | [skip(2; .[])]', 'null')).toEqual([[3, 4, 5]]);
    expect(await outputs('"true", "false" | toboolean', 'null')).toEqual([true, false]);
    expect(await outputs('@urid', '"%6a%71"')).toEqual(['jq']);
    expect(await outputs('@urid', '"caf%C3%A9%20%E2%82%AC%F0%9F%98%80+x"')).toEqual(['café €😀+x']);
    expect(await outputs('[have_decnum, have_literal_numbers]', 'null')).toEqual([[true, true]]);
  });

  it('their errors, in jq 1.8.1 words', async () => {
    expect(await failure('1 | trim')).toBe('--jq: trim input must be a string');
    expect(await failure('"yes" | toboolean')).toBe('--jq: string ("yes") cannot be parsed as a boolean');
    expect(await failure('"%zz" | @urid')).toBe('--jq: string ("%zz") is not a valid uri encoding');
    expect(await failure('"%C3" | @urid')).toBe('--jq: string ("%C3") is not a valid uri encoding');
    expect(await failure('[limit(-1; 1, 2)]')).toBe("--jq: limit doesn't support negative count");
    expect(await failure('[skip(-1; 1, 2)]')).toBe("--jq: skip doesn't support negative count");
    expect(await failure('" 1" | tonumber')).toBe('--jq: string (" 1") cannot be parsed as a number');
    expect(await failure('1 | ltrimstr("a")')).toBe('--jq: startswith() requires string inputs');
  });

  it('the changed ones', async () => {
    expect(await outputs('[limit(0; 1, 2)]', 'null')).toEqual([[]]);
    expect(await outputs('[last(empty)]', 'null')).toEqual([[]]);
    // Code points, not bytes.
    expect(await outputs('index("b"), indices("é"), rindex("b")', '"aébéb"')).toEqual([2, [1, 3], 4]);
    expect(await runJq(await compileJq('"-100000000000000000001" | tonumber | abs'), null)).toEqual(['100000000000000000001']);
    expect(await outputs('[.[] | abs]', '["abc", -0.5]')).toEqual([['abc', 0.5]]);
    expect(await outputs('input_filename', 'null')).toEqual([null]);
    expect(await outputs('$__loc__', 'null')).toEqual([{ file: '<top-level>', line: 1 }]);
  });

  it("a filter's own line numbers and definitions are its own", async () => {
    expect(await failure('1 |\n nosuch')).toBe('invalid --jq filter: nosuch/0 is not defined (line 2)');
    expect(await outputs('def trim: "mine"; " x " | trim', 'null')).toEqual(['mine']);
  });
});
