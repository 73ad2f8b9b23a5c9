// The one reading of JSON that keeps what was sent (src/core/sent-json.ts) and its printing
// (src/output/json-text.ts): numbers and key order as sent, the layout JSON.stringify's, and
// for a body JSON.parse loses nothing of, exactly what JSON.stringify prints.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactSentText, keepSentText, readJson, sentText, withoutField } from '../../src/core/sent-json.js';
import { escapeJsonText } from '../../src/core/sanitize.js';
import { compactJson, jsonText, writeJson } from '../../src/output/json-text.js';

/** Pretty JSON as --json writes it, whole. */
const prettyJson = (value: unknown): string => escapeJsonText(writeJson(value, '  ', ''));

const AWKWARD = '{"b":1,"10":2,"big":12345678901234567890,"dec":1.10,"neg":-0,"huge":1e1000,"small":0.1e-7,"e":1E+2}';

describe('a body as sent', () => {
  it('keeps key order and number text, pretty and compact', () => {
    const body = readJson(AWKWARD);
    expect(compactJson(body)).toBe(AWKWARD);
    expect(prettyJson(body)).toBe(
      '{\n  "b": 1,\n  "10": 2,\n  "big": 12345678901234567890,\n  "dec": 1.10,\n  "neg": -0,\n  "huge": 1e1000,\n  "small": 0.1e-7,\n  "e": 1E+2\n}',
    );
    // The values to compute with are JSON.parse's.
    expect(body).toEqual(JSON.parse(AWKWARD));
  });

  it('lays out a body sent with its own spacing anew, strings and their escapes untouched', () => {
    const text = ' {\n\t"a" : [ 1 , 2.50 ,\r\n {} , [ ] , { "x" : "a \\" , [ {" } ],\n "s": "caf\\u00e9 \\\\" , "t" : true , "n" : null } ';
    const body = readJson(text);
    expect(compactJson(body)).toBe('{"a":[1,2.50,{},[],{"x":"a \\" , [ {"}],"s":"caf\\u00e9 \\\\","t":true,"n":null}');
    expect(prettyJson(body)).toBe(
      '{\n  "a": [\n    1,\n    2.50,\n    {},\n    [],\n    {\n      "x": "a \\" , [ {"\n    }\n  ],\n  "s": "caf\\u00e9 \\\\",\n  "t": true,\n  "n": null\n}',
    );
    // Handed to a reader (jq) unchanged.
    expect(jsonText(body)).toBe(text);
  });

  it('escapes what a terminal must not receive raw, inside sent strings too', () => {
    expect(compactJson(readJson('{"name":"a\u202eb\u0085c\u2028"}'))).toBe('{"name":"a\\u202eb\\u0085c\\u2028"}');
  });

  it('prints exactly what JSON.stringify prints when JSON.parse loses nothing, however the body was spaced', () => {
    // Keys that are not integer-like and numbers JavaScript writes as sent: JSON.parse keeps them.
    const key = fc.string().filter((k) => !/^(0|[1-9]\d*)$/.test(k));
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom(null, true, false),
        fc.string(),
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(key, tie('value'), { maxKeys: 4 }),
      ),
    }));
    const spacing = fc.constantFrom(undefined, 1, 2, '\t', ' \r\n ');
    fc.assert(
      fc.property(value, spacing, (v, space) => {
        const body = readJson(JSON.stringify({ data: [v, { v }], v }, null, space));
        expect(prettyJson(body)).toBe(JSON.stringify(JSON.parse(JSON.stringify({ data: [v, { v }], v })), null, 2));
        expect(compactJson(body)).toBe(JSON.stringify({ data: [v, { v }], v }));
        const items = (body as { data: unknown[] }).data;
        expect(compactJson({ type: 'added', object: items[1] })).toBe(JSON.stringify({ type: 'added', object: { v } }));
      }),
      { numRuns: 300 },
    );
  });
});

describe('the items of a list', () => {
  const page = '{ "data" : [ {"id":"a","n":1.10} ,\n {"id":"b","10":1,"n":-0} ], "has_more" : true, "total": 2.0 }';

  it('each item of `data` is printed as sent, alone or inside a value gwctl built', () => {
    const body = readJson(page) as { data: unknown[] };
    expect(body.data.map((item) => compactJson(item))).toEqual(['{"id":"a","n":1.10}', '{"id":"b","10":1,"n":-0}']);
    expect(writeJson(body.data[1], '  ', '    ')).toBe('{\n      "id": "b",\n      "10": 1,\n      "n": -0\n    }');
    expect(compactJson({ type: 'modified', at: 'now', object: body.data[0] })).toBe(
      '{"type":"modified","at":"now","object":{"id":"a","n":1.10}}',
    );
  });

  it('a checked copy of the body prints what was sent, and so do its items', () => {
    const body = readJson(page) as { data: Record<string, unknown>[] };
    const copy = { data: body.data.map((item) => ({ ...item })), has_more: true };
    keepSentText(body, copy);
    expect(sentText(copy)).toBe(page);
    expect(compactJson(copy.data[1])).toBe('{"id":"b","10":1,"n":-0}');
  });

  it('an item read without spacing is known compact, through a checked copy too; a spaced one is laid out anew', () => {
    const mixed = '{"data":[{"id":"a b","s":" , "},{ "id":"c"},{"id":"d","t":[1,\n2]},{"e":{}}]}';
    const body = readJson(mixed) as { data: Record<string, unknown>[] };
    // Spaces inside strings do not count; spaces between tokens do, at any depth.
    expect(body.data.map((item) => compactSentText(item))).toEqual(['{"id":"a b","s":" , "}', undefined, undefined, '{"e":{}}']);
    expect(body.data.map((item) => compactJson(item))).toEqual([
      '{"id":"a b","s":" , "}',
      '{"id":"c"}',
      '{"id":"d","t":[1,2]}',
      '{"e":{}}',
    ]);
    // The body's own text keeps its layout to be read again, and is never taken as compact.
    expect(compactSentText(body)).toBeUndefined();
    const copy = { data: body.data.map((item) => ({ ...item })) };
    keepSentText(body, copy);
    expect(copy.data.map((item) => compactSentText(item))).toEqual(['{"id":"a b","s":" , "}', undefined, undefined, '{"e":{}}']);
    expect(compactJson(copy.data[2])).toBe('{"id":"d","t":[1,2]}');
    expect(prettyJson(copy.data[0])).toBe('{\n  "id": "a b",\n  "s": " , "\n}');
  });

  it('the last page without its data: the other fields as sent, in order', () => {
    const rest = withoutField(readJson(page) as Record<string, unknown>, 'data');
    expect(rest).toEqual({ has_more: true, total: 2 });
    expect(compactJson(rest)).toBe('{"has_more":true,"total":2.0}');
  });

  it('reads the `data` JSON.parse reads: the last of two, and one whose key is escaped', () => {
    const twice = readJson('{"data":[{"x":1.0}],"data":[{"y":2.0}]}') as { data: unknown[] };
    expect(compactJson(twice.data[0])).toBe('{"y":2.0}');
    const escaped = readJson('{"d\\u0061ta":[{"z":3.0}]}') as { data: unknown[] };
    expect(compactJson(escaped.data[0])).toBe('{"z":3.0}');
  });

  it('items that are not objects, and values gwctl built, print as JSON.stringify prints them', () => {
    const body = readJson('{"data":[1,"two",null,[3.0]]}') as { data: unknown[] };
    expect(compactJson(body.data[3])).toBe('[3.0]');
    // eslint-disable-next-line no-sparse-arrays -- a hole, as JSON.stringify prints it
    expect(compactJson({ a: undefined, b: [undefined, () => 1, , 2], c: new Date(0) })).toBe(
      '{"b":[null,null,null,2],"c":"1970-01-01T00:00:00.000Z"}',
    );
    expect(prettyJson({ summary: { requested: 2 }, none: [] })).toBe(JSON.stringify({ summary: { requested: 2 }, none: [] }, null, 2));
  });

  it('refuses what JSON refuses, as JSON.parse does', () => {
    expect(() => readJson('{"n":NaN}')).toThrow(SyntaxError);
    expect(() => readJson('[Infinity]')).toThrow(SyntaxError);
  });
});
