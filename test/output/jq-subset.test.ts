// The subset of jq that --jq runs without the engine, against jq 1.8.2 itself (the jq-wasm
// package through its own wrapper: test/kit/jq-oracle.ts): for every filter the subset reads,
// jq must compile it, and wherever the subset gives outputs they must be jq's, line for line;
// gwctl's engine, run on the same text, must print what jq prints too. Filters written out (the
// ones scripts use), then a few hundred made at random from the subset's grammar over awkward
// bodies (unicode, control characters, numbers JavaScript and jq write differently, keys
// JavaScript would reorder), each given as the text the API sent.
import { describe, expect, it } from 'vitest';
import { GwctlError } from '../../src/core/errors.js';
import { compileJq, runJq } from '../../src/output/jq-engine.js';
import { evaluateSubset } from '../../src/output/jq-subset/evaluate.js';
import { readSubsetInput } from '../../src/output/jq-subset/input.js';
import { parseSubset } from '../../src/output/jq-subset/parse.js';
import { ARITY, type Node } from '../../src/output/jq-subset/syntax.js';
import { jqOracle } from '../kit/jq-oracle.js';

const interns = {
  data: [
    { id: 'a1', name: 'alpha', status: 'running', model: null, tags: ['x', 'y'], count: 3 },
    { id: 'b2', name: 'beta "b"\tq', status: 'failed', model: 'm/x', tags: [], count: 12 },
    { id: 'c3', name: 'gamma\u001b[2J\u202e', status: 'failed', model: 'm/y', tags: ['y'], count: 0 },
  ],
  has_more: false,
  next_cursor: null,
};

/** Bodies as the API sends them: the text is what jq reads. */
const INPUTS: string[] = [
  JSON.stringify(interns),
  JSON.stringify({ data: { id: 'e1', name: 'één 😀', created_at: '2026-11-27T01:00:00Z', ratio: 0.25, big: 1e21, small: 1e-7 } }),
  '{"a": {"b": [1, 2, {"c": "d"}]}, "b": "x", "x y": true, "10": "ten", "__proto__": "p", "z": [3, 1, 2]}',
  JSON.stringify([3, 'b', null, true, [1], { k: 'v' }, 1.5, 'a', false, '\u00e9', '\ue000', '😀']),
  // Numbers jq 1.8.2 keeps as written, and JavaScript does not.
  '{"a": 1.10, "b": 12345678901234567890, "z": [1e1000, -0, 0.1e-7, 100e-2], "data": [{"id": "n", "count": 1.0}]}',
  '[3, -0, 2.50, 1E2]',
  // Nested past jq 1.8.1's depth of printing (256), within jq 1.8.2's (10,000).
  `{"a": ${'['.repeat(300)}{"b": "deep"}${']'.repeat(300)}, "data": [{"id": "n"}]}`,
  JSON.stringify('plain \u007f text'),
  'null',
  '100000000000000000',
];

/** What gwctl's engine prints for `expr` over `text`, or the error it ends with. */
async function engine(expr: string, text: string): Promise<{ lines: string[] } | { error: string }> {
  const filter = await compileJq(expr).catch((error: unknown) => {
    throw new Error(`jq does not compile ${JSON.stringify(expr)}: ${String(error)}`);
  });
  try {
    return { lines: await runJq(filter, text) };
  } catch (error) {
    if (error instanceof GwctlError) return { error: error.message };
    throw error;
  }
}

/** The subset's lines for the body's text, or undefined when it hands the text to the engine (as jq-runner.ts does). */
function subset(tree: Node, text: string): string[] | undefined {
  const input = readSubsetInput(text);
  if (input === undefined) return undefined;
  try {
    return evaluateSubset(tree, input);
  } catch (error) {
    if (error instanceof Error && error.constructor.name === 'OutsideSubset') return undefined;
    throw error;
  }
}

/** Checks `expr` over every input; returns how many inputs the subset ran itself. */
async function agrees(expr: string): Promise<number> {
  const tree = parseSubset(expr);
  if (!tree) throw new Error(`${expr} is not in the subset`);
  let ran = 0;
  for (const input of INPUTS) {
    const jq = await jqOracle(expr, input);
    if ('compileError' in jq) throw new Error(`jq 1.8.2 does not compile ${JSON.stringify(expr)}: ${jq.compileError}`);
    expect({ expr, input, ...(await engine(expr, input)) }).toEqual({ expr, input, ...jq });
    const mine = subset(tree, input);
    if (mine === undefined) continue;
    ran++;
    expect({ expr, input, lines: mine }).toEqual({ expr, input, ...jq });
  }
  return ran;
}

describe('filters scripts write', () => {
  it.each([
    '.',
    '.data',
    '.data.id',
    '.data[]',
    '.data[].id',
    '.data[] | .id',
    '.data[0].id',
    '.data[-1]',
    '.data | length',
    '.data | map(.id)',
    '.data | map(.id) | join(",")',
    '[.data[] | .id]',
    '.data[] | select(.status == "failed") | .id',
    '.data[] | select(.status != "failed" and .count > 2) | .name',
    '.data[] | select(.model == null or .count == 0) | .id',
    '.data[] | [.id, .name, .count] | @tsv',
    '.data[] | [.id, .name, .model] | @csv',
    '.data[] | "\\(.id): \\(.name) (\\(.count))"',
    '.data[] | {id, name}',
    '.data[] | {id: .id, "the name": .name, tags: .tags | length}',
    '.data | sort_by(.count) | map(.id)',
    '.data | sort_by(.status, .id) | .[].id',
    '.next_cursor // empty',
    '.next_cursor // "none"',
    '.has_more',
    '.data[] | .tags[]?',
    '.data[]? | .id?',
    '.data[0]?.id?, (.data)?, .has_more?',
    '{a: .data[0]?.id?}',
    '.data | first | .id',
    '.data | last.name',
    '.data[] | if .status == "failed" then "F" elif .count > 5 then "big" else .status end',
    '.data[] | if .model then .model end',
    '.data | map(.count) | add',
    '.data | map(.tags) | add',
    '.data | map(.count) | sort',
    '.data[0] | keys',
    '.data[0] | keys_unsorted',
    '.data[0] | to_entries[] | "\\(.key)=\\(.value)"',
    '.data[0] | has("id"), has("nope")',
    '.data[] | .name | startswith("al"), endswith("q")',
    '.data | map(.count > 2) | any, all',
    '.data[] | .count + 1, .count - 1',
    '.data[] | .id + "-" + .status',
    '.data[] | tostring',
    '.data[] | .tags | tojson',
    '.data[] | .count | type',
    '.data[] | .model | not',
    '{total: (.data | length), first: .data[0].id}',
    '[.data[] | select(.tags | length > 0) | .id]',
    '.data[] | @json',
    '.data[] | .name | @text',
    '."data" | .[1]."id"',
    '.data[] | .["id"]',
    '.a.b[2].c',
    '.[]',
    '.z | sort',
    '.. == 1',
  ])('%s', async (expr) => {
    // `..` is outside the subset: the last one is here to show a refusal fails the check.
    if (expr === '.. == 1') {
      expect(parseSubset(expr)).toBeUndefined();
      return;
    }
    await agrees(expr);
  });

  it('runs the everyday filters itself on the body they were written for', async () => {
    for (const expr of [
      '.data[].id',
      '.data[] | select(.status == "failed") | .id',
      '.data[] | [.id, .name] | @tsv',
      '.data | map(.id) | join(",")',
      '.data[] | "\\(.id) \\(.count)"',
      '{total: (.data | length)}',
    ]) {
      expect(subset(parseSubset(expr)!, JSON.stringify(interns)), expr).toBeDefined();
    }
  });
});

describe('what the subset leaves to jq', () => {
  it.each([
    // Not jq at all: jq reports it (exit 2).
    '.a == 1 == 2',
    '{a: 1 + 2}',
    '{a: 1, }',
    '.[',
    'map(.a',
    'length(1)',
    'select',
    'true(1)',
    '"\\q"',
    '.a?//1',
    '(.a)?.b',
    '"s"?.a',
    'false?[0]',
    '{a: (.b)?}',
    '{a: 1?}',
    'if . then 1 end[0]',
    '{a: if . then 1 end}',
    // jq, but not the subset's.
    '.a = 1',
    '.a |= 1',
    '.[1:2]',
    '1.5',
    '01',
    '12345678901234567',
    '-1',
    '.a * 2',
    '.a / 2',
    '.a % 2',
    '..',
    '$__loc__',
    '. as $x | $x',
    'reduce .[] as $x (0; . + $x)',
    // jq 1.8's grammar, left to jq.
    '{x: if true then 1 else 2 end}',
    '1 + 2 as $x | -$x',
    '/* c */ .',
    'def f: .; f',
    'try .a catch 1',
    '"\\ud83d\\ude00"',
    '.a # comment',
    '{(.a): 1}',
    '{"1": 1}',
    '{a: 1, a: 2}',
    '@base64',
    '@csv "\\(.a)"',
    'test("a")',
    'limit(1; .[])',
    'input',
    'foo::bar',
    '.a.[0]',
    'ltrimstr("a")',
  ])('%j', async (expr) => {
    expect(parseSubset(expr)).toBeUndefined();
  });

  it('hands over an input jq would not read as JavaScript did (half a surrogate pair)', () => {
    expect(subset(parseSubset('.a')!, '{"a": "x\\ud800y"}')).toBeUndefined();
    expect(subset(parseSubset('.a')!, '{"k\\udc00": 1, "a": 1}')).toBeUndefined();
  });

  it.each([
    ['1.10', 'a literal jq keeps as written'],
    ['12345678901234567890', 'beyond a double'],
    ['1e1000', 'beyond a double, printed 1E+1000'],
    ['-0', 'negative zero'],
    ['1E2', 'an exponent'],
    ['0.1e-7', 'an exponent'],
    ['1e21', 'an exponent'],
    ['123456789012345678', 'more digits than a double holds'],
  ])('hands over a body holding the number %s (%s), even where the filter does not print it', (number) => {
    expect(subset(parseSubset('.a')!, `{"a": 1, "b": ${number}}`)).toBeUndefined();
    expect(subset(parseSubset('.a')!, `{"a": 1, "b": "${number}"}`)).toEqual(['1']);
  });

  it('hands over a body nested deeper than 1,000 levels: past 10,000, jq refuses it', () => {
    const nested = (levels: number, inner = ''): string => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
    expect(subset(parseSubset('length')!, nested(1000))).toEqual(['1']);
    expect(subset(parseSubset('.a | length')!, `{"a": ${nested(999)}}`)).toEqual(['1']);
    expect(subset(parseSubset('.a | length')!, `{"a": ${nested(1000)}}`)).toBeUndefined();
    expect(subset(parseSubset('length')!, nested(1001))).toBeUndefined();
    expect(subset(parseSubset('length')!, nested(10_001))).toBeUndefined();
    // Brackets inside strings are text.
    expect(subset(parseSubset('length')!, `["${'['.repeat(2000)}"]`)).toEqual(['1']);
  });

  it('hands over a body with a key JavaScript would move to the front', () => {
    expect(subset(parseSubset('.')!, '{"b": 1, "10": 2}')).toBeUndefined();
    expect(subset(parseSubset('.')!, '{"b": 1, "4294967294": 2}')).toBeUndefined();
    // Not an array index to JavaScript: kept in place.
    expect(subset(parseSubset('.')!, '{"b": 1, "4294967295": 2, "01": 3, "x\\"10": 4}')).toEqual([
      '{"b":1,"4294967295":2,"01":3,"x\\"10":4}',
    ]);
  });

  it('hands over numbers only jq knows how to print, and errors', () => {
    expect(subset(parseSubset('.a + .b')!, '{"a": 0.1, "b": 0.2}')).toBeUndefined();
    expect(subset(parseSubset('.a')!, '{"a": 0.1}')).toEqual(['0.1']);
    expect(subset(parseSubset('.a.b')!, '{"a": "x"}')).toBeUndefined();
    expect(subset(parseSubset('.[] | .a')!, '[1]')).toBeUndefined();
    // Never Infinity: a sum past a double's range is jq's to print.
    expect(subset(parseSubset('.a + .a')!, '{"a": 1.7976931348623157e308}')).toBeUndefined();
  });

  it('hands over a filter whose work grows past its bounds', () => {
    let doubled = '.';
    for (let i = 0; i < 24; i++) doubled += ' | [.[], .[]]';
    expect(subset(parseSubset(`${doubled} | length`)!, '[1]')).toBeUndefined();
    // Held small (each level shares the one below), printed 2^30 times as large.
    let nested = '.';
    for (let i = 0; i < 30; i++) nested += ' | [., .]';
    expect(subset(parseSubset(nested)!, '[1]')).toBeUndefined();
    expect(subset(parseSubset(`${nested} | length`)!, '[1]')).toEqual(['2']);
  });

  it('counts comparisons against its time: a sort whose every comparison walks far stops at the limit', () => {
    // 20,000 arrays alike but for their last item: each comparison walks 300 items, and the
    // sort makes some 300,000 comparisons. It makes no values, so only the time can stop it.
    const rows = Array.from({ length: 20_000 }, (_, i) => [...Array.from({ length: 299 }, () => 0), (i * 7919) % 20_000]);
    const input = JSON.parse(JSON.stringify(rows)) as unknown;
    for (const filter of ['sort', 'sort_by(.)', '[.[] | [.]] | sort | length']) {
      const started = performance.now();
      expect(() => evaluateSubset(parseSubset(filter)!, input, 50), filter).toThrow();
      // The clock is read every 16,384 comparisons: the limit, and little more.
      expect(performance.now() - started, filter).toBeLessThan(2_000);
    }
  });
});

/** A small seeded generator (the same filters every run, so a failure repeats). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x80000000;
  };
}

function generator(seed: number): (depth: number) => string {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const sp = (): string => pick(['', '', ' ', '\n']);
  const leaves = [
    '.',
    '.a',
    '.b',
    '.data',
    '.data[]',
    '.[0]',
    '.[-1]',
    '.[]',
    '."x y"',
    '.a.b',
    '.z',
    'null',
    'true',
    'false',
    '0',
    '1',
    '42',
    '"s"',
    '""',
    '"é\\n\\t"',
  ];
  const builtins1 = Object.keys(ARITY).filter((name) => ARITY[name as keyof typeof ARITY] === 1);
  const builtins0 = [...Object.keys(ARITY).filter((name) => ARITY[name as keyof typeof ARITY] === 0), '@csv', '@tsv', '@json', '@text'];
  const term = (depth: number): string => {
    if (depth <= 0) return pick(leaves);
    switch (Math.floor(next() * 14)) {
      case 0:
        return `[${sp()}${expr(depth - 1)}${sp()}]`;
      case 1:
        return `{a${sp()}:${sp()}${term(depth - 1)}, "b c": ${term(depth - 1)}}`;
      case 2:
        return `(${expr(depth - 1)})`;
      case 3:
        return pick(builtins0);
      case 4:
        return `${pick(builtins1)}(${expr(depth - 1)})`;
      case 5:
        return `if ${expr(depth - 1)} then ${expr(depth - 1)}${pick(['', ` elif ${expr(depth - 1)} then ${expr(depth - 1)}`])}${pick(['', ` else ${expr(depth - 1)}`])} end`;
      case 6:
        return `"x\\(${expr(depth - 1)})y"`;
      case 7:
        return `${term(depth - 1)}${pick(['.a', '[0]', '[]', '?', '."b"', '[.b]', '[-2]'])}`;
      case 8:
        return '{a}';
      default:
        return pick(leaves);
    }
  };
  const expr = (depth: number): string => {
    if (depth <= 0) return term(0);
    const op = pick(['|', ',', '//', 'and', 'or', '==', '!=', '<', '<=', '>', '>=', '+', '-', '']);
    if (op === '') return term(depth);
    return `${term(depth - 1)}${sp()} ${op} ${sp()}${term(depth - 1)}`;
  };
  return expr;
}

describe('random filters of the subset, against jq', () => {
  it('reads only what jq compiles, and prints what jq prints', async () => {
    const make = generator(Number(process.env.JQ_SUBSET_SEED ?? 20261127));
    const filters = Number(process.env.JQ_SUBSET_FILTERS ?? 400);
    let read = 0;
    let compared = 0;
    for (let i = 0; i < filters; i++) {
      const expr = make(3);
      // The grammar makes some filters the subset leaves to jq (`if … end[0]`).
      if (!parseSubset(expr)) continue;
      read++;
      compared += await agrees(expr);
    }
    // Many made filters fail somewhere on an input (indexing a string, adding an object to a
    // number), and those inputs go to jq; the rest are compared line for line.
    expect(read).toBeGreaterThan(filters * 0.75);
    expect(compared).toBeGreaterThan(filters / 2);
  }, 900_000);
});
