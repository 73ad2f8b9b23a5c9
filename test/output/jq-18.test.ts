// --jq behaves as jq 1.8.2: the examples of jq 1.8.2's manual for every function jq 1.8 added or
// changed (program, input, outputs, as the manual gives them), what the release notes of 1.8.0
// and 1.8.2 say changed (grammar, number literals, builtins, messages, limits), each run by
// gwctl's engine over the body's text. Outputs are compared as JSON values, as the manual's own
// test runner compares them, and, where the text of a number is the point, as printed.
import { describe, expect, it } from 'vitest';
import { compileJq, runJq } from '../../src/output/jq-engine.js';

/** [program, input, outputs] from jq 1.8.2's manual (docs/content/manual/v1.8/manual.yml; the same examples as 1.8.1's). */
const MANUAL: readonly [string, string, readonly string[]][] = [
  ['.', '[1, 1.000, 1.0, 100e-2]', ['[1, 1.000, 1.0, 1.00]']],
  ['. as $big | [$big, $big + 1] | map(. > 10000000000000000000000000000000)', '10000000000000000000000000000001', ['[true, false]']],
  [
    '[., tojson] == if have_decnum then [12345678909876543212345,"12345678909876543212345"] else [12345678909876543000000,"12345678909876543000000"] end',
    '12345678909876543212345',
    ['true'],
  ],
  ['map([., . == 1]) | tojson', '[1, 1.000, 1.0, 100e-2]', ['"[[1,true],[1.000,true],[1.0,true],[1.00,true]]"']],
  ['.[0] | tostring', '[1]', ['"1"']],
  ['-. | tojson == if have_decnum then "-1234567890987654321" else "-1234567890987654400" end', '1234567890987654321', ['true']],
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
  const printed = await runJq(await compileJq(`${program} | tojson`), input);
  return printed.map((line) => JSON.parse(line) as unknown);
}

/** The lines gwctl prints, numbers as jq writes them. */
async function printed(program: string, input: string): Promise<string[]> {
  return runJq(await compileJq(program), input);
}

async function failure(program: string, input = 'null'): Promise<string> {
  try {
    await runJq(await compileJq(program), input);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${program} did not fail`);
}

describe("--jq: jq 1.8.2's manual", () => {
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

  it('their errors, in jq 1.8.2 words', async () => {
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
    expect(await printed('"-100000000000000000001" | tonumber | abs', 'null')).toEqual(['100000000000000000001']);
    expect(await outputs('[.[] | abs]', '["abc", -0.5]')).toEqual([['abc', 0.5]]);
    // The body is jq's stdin, as in `curl … | jq input_filename`.
    expect(await outputs('input_filename', 'null')).toEqual(['<stdin>']);
    // Removed in 1.8: a filter that uses it does not compile.
    expect(await failure('pow10', '2')).toBe('invalid --jq filter: pow10/0 is not defined');
  });

  it('its grammar: `if` without `else`, `reduce`/`foreach` and `as` where 1.7 refused them, `$__loc__`', async () => {
    expect(await outputs('{x: if true then 1 else 2 end}', 'null')).toEqual([{ x: 1 }]);
    expect(await outputs('[.[] | if . > 1 then "big" end]', '[1,2]')).toEqual([[1, 'big']]);
    expect(await outputs('reduce .[] as $x (0; . + $x)', '[1,2,3]')).toEqual([6]);
    expect(await outputs('[foreach .[] as $x (0; . + $x)]', '[1,2,3]')).toEqual([[1, 3, 6]]);
    // jq's own test: `as` binds the rest of the pipe, so this is 1 + 2 bound, then -$x of the pipe.
    expect(await outputs('1 + 2 as $x | -$x', 'null')).toEqual([-3]);
    expect(await outputs('. as [$a, {b: $c}] | $a + $c', '[1, {"b": 2}]')).toEqual([3]);
    expect(await outputs('$__loc__', 'null')).toEqual([{ file: '<top-level>', line: 1 }]);
  });

  it('number literals: kept as written until computed with, 1e1000 as 1E+1000', async () => {
    const body = '{"big":12345678901234567890,"exact":1.10,"huge":1e1000,"neg":-0,"tiny":0.1e-7,"keys":{"b":1,"10":2}}';
    expect(await printed('.', body)).toEqual([
      '{"big":12345678901234567890,"exact":1.10,"huge":1E+1000,"neg":-0,"tiny":1E-8,"keys":{"b":1,"10":2}}',
    ]);
    expect(await printed('.big, .exact, .huge, .neg, .keys', body)).toEqual([
      '12345678901234567890',
      '1.10',
      '1E+1000',
      '-0',
      '{"b":1,"10":2}',
    ]);
    // Computed with: a double, printed in 17 digits at most.
    expect(await printed('.big + 0, .exact * 1, .huge * 1, -.neg', body)).toEqual([
      '12345678901234567000',
      '1.1',
      '1.7976931348623157e+308',
      '0',
    ]);
    expect(await printed('100000000000000000000000, 3.0, 1e3', 'null')).toEqual(['100000000000000000000000', '3.0', '1E+3']);
  });

  it("a filter's own line numbers and definitions are its own", async () => {
    expect(await failure('1 |\n nosuch')).toBe('invalid --jq filter: nosuch/0 is not defined (line 2)');
    expect(await outputs('def trim: "mine"; " x " | trim', 'null')).toEqual(['mine']);
  });
});

describe('--jq: what jq 1.8.2 changed, as its release notes and its own tests give it', () => {
  it('rtrimstr("") and trimstr("") keep the string (1.8.1 made it "")', async () => {
    expect(await outputs('[.[] | rtrimstr("")], [.[] | trimstr("")], [.[] | ltrimstr("")]', '["a", "xx", ""]')).toEqual([
      ['a', 'xx', ''],
      ['a', 'xx', ''],
      ['a', 'xx', ''],
    ]);
  });

  it('tonumber and toboolean refuse a string holding a NUL (1.8.1 read up to it)', async () => {
    expect(await outputs('"123\\u0000456" | try tonumber catch .', 'null')).toEqual([
      'string ("123\\u0000456") cannot be parsed as a number',
    ]);
    expect(await outputs('"true\\u0000x", "false\\u0000" | try toboolean catch .', 'null')).toEqual([
      'string ("true\\u0000x") cannot be parsed as a boolean',
      'string ("false\\u0000") cannot be parsed as a boolean',
    ]);
    expect(await failure('"1\\u00002" | tonumber')).toBe('--jq: string ("1\\u00002") cannot be parsed as a number');
  });

  it('del(.[nan]) deletes nothing (1.8.1 looped until the memory limit)', async () => {
    expect(await outputs('del(.[nan]), del(.[nan, nan])', '[1,2,3]')).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
  });

  it('@uri and @urid keep multi-byte text and NULs whole', async () => {
    expect(await outputs('@urid', '"Knäckebröd"')).toEqual(['Knäckebröd']);
    expect(await outputs('@urid', '"a\\u0000b\\u0000c"')).toEqual(['a\u0000b\u0000c']);
    expect(await outputs('@uri', '"a \\u03bc \\u2230 \\ud83d\\ude0e"')).toEqual(['a%20%CE%BC%20%E2%88%B0%20%F0%9F%98%8E']);
    expect(await outputs('@urid', '"a%00b%00c"')).toEqual(['a\u0000b\u0000c']);
    expect(await failure('"abc%g" | @urid')).toBe('--jq: string ("abc%g") is not a valid uri encoding');
  });

  it('an error quotes the value it could not use, cut with its closing delimiter', async () => {
    expect(await failure('0 | .[0]')).toBe('--jq: Cannot index number with number (0)');
    expect(await failure('{} | .[0]')).toBe('--jq: Cannot index object with number (0)');
    expect(await failure('"foobar" | .[1.5]')).toBe('--jq: Cannot index string with number (1.5)');
    expect(await failure('1 | .name')).toBe('--jq: Cannot index number with string ("name")');
    expect(await failure('[1] | .[""]')).toBe('--jq: Cannot index array with string ("")');
    expect(await failure('-.', '"very-long-long-long-long-string"')).toBe('--jq: string ("very-long-long-long-long...") cannot be negated');
    expect(await failure('join(",")', '["1","2",{"a":{"b":{"c":33}}}]')).toBe(
      '--jq: string ("1,2,") and object ({"a":{"b":{"c":33}}}) cannot be added',
    );
    expect(await failure('. + "x"', '123456789012345678901234567890')).toBe(
      '--jq: number (12345678901234567890123456...) and string ("x") cannot be added',
    );
  });

  it('_strindices checks its arguments (1.8.1 aborted the engine)', async () => {
    expect(await outputs('try _strindices("abc") catch .', '123')).toEqual(['number (123) cannot be searched, as it is not a string']);
    expect(await outputs('try _strindices(123) catch .', '"abc"')).toEqual(['number (123) is not a string']);
  });

  it('prints values nested up to 10,000 deep whole (1.8.1 skipped past 256)', async () => {
    expect(await printed('reduce range(300) as $_ ([]; [.]) | tojson | contains("<skipped: too deep>")', 'null')).toEqual(['false']);
    expect(await printed('reduce range(300) as $_ ([]; [.]) | flatten', 'null')).toEqual(['[]']);
  });

  it('from_entries, now defined with `//`: the same entries read as before', async () => {
    expect(await outputs('from_entries', '[{"key":"a","value":1},{"name":"c","value":false},{"Key":"d","Value":[]}]')).toEqual([
      { a: 1, c: false, d: [] },
    ]);
    expect(await outputs('from_entries', '[]')).toEqual([{}]);
    expect(await failure('from_entries', '[false]')).toBe('--jq: Cannot index boolean with string ("key")');
  });
});
