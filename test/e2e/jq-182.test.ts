// --jq as jq 1.8.2 through the built gwctl, where only a process shows it: jq's own limits of
// nesting (10,000 levels, jq's tests at the jq-1.8.2 tag) reached on jq's own thread, the same
// answer from the subset and from jq for a body jq refuses, and a --jq value that looks like one
// of jq's options read as the filter it is.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type ScriptedServer } from '../kit/server.js';
import { ROOT, runGwctl } from '../kit/spawn.js';

const KEY = 'sk-mgmt-0123456789abcdef';
let server: ScriptedServer;
let body = 'null';

beforeAll(async () => {
  server = await startServer(() => ({ body, headers: { 'content-type': 'application/json' } }), { keys: { management: KEY } });
});
afterAll(() => server.close());
beforeEach(() => {
  body = 'null';
  server.reset();
});

const jq = (filter: string) =>
  runGwctl(['api', 'credits', '--base-url', server.baseUrl, `--jq=${filter}`], { env: { GWCTL_MANAGEMENT_KEY: KEY } });

/** [program, outputs] from jq 1.8.2's tests/jq.test, over null: each limit at 10,000 levels and one past it. */
const AT_THE_LIMITS: readonly [string, string][] = [
  ['reduce range(9999) as $_ ([];[.]) | tojson | fromjson | flatten', '[]'],
  [
    'reduce range(10000) as $_ ([];[.]) | tojson | try (fromjson) catch . | (contains("<skipped: too deep>") | not) and contains("Exceeds depth limit for parsing")',
    'true',
  ],
  ['reduce range(10001) as $_ ([];[.]) | tojson | contains("<skipped: too deep>")', 'true'],
  ['setpath([range(10000) | 0]; 0) | flatten', '[0]'],
  ['try setpath([range(10001) | 0]; 0) catch .', '"Path too deep"'],
  ['getpath([range(10000) | 0])', 'null'],
  ['try getpath([range(10001) | 0]) catch .', '"Path too deep"'],
  ['delpaths([[range(10000) | 0]])', 'null'],
  ['try delpaths([[range(10001) | 0]]) catch .', '"Path too deep"'],
  ['reduce range(10000) as $_ ([]; [.]) | contains([[]])', 'true'],
  ['try (reduce range(10001) as $_ ([]; [.]) as $x | $x | contains($x)) catch .', '"Containment check too deep"'],
  ['reduce range(10000) as $_ ({}; {a: .}) as $x | $x * $x | length', '1'],
  ['try (reduce range(10001) as $_ ({}; {a: .}) as $x | $x * $x) catch .', '"Object merge too deep"'],
  [
    'try ((reduce range(10001) as $_ ([]; [.])) as $x | (reduce range(10001) as $_ ([]; [.])) as $y | $x == $y) catch .',
    '"Equality check too deep"',
  ],
  ['try ((reduce range(10001) as $_ ([]; [.])) as $x | [$x, $x] | sort) catch .', '"Comparison too deep"'],
  ['try ((reduce range(10001) as $_ ([]; [.])) as $x | [$x, $x] | unique) catch .', '"Comparison too deep"'],
  ['try ((reduce range(10001) as $_ ({}; {a: .})) as $x | [$x, $x] | sort) catch .', '"Comparison too deep"'],
  ['try ((reduce range(10001) as $_ ({}; {a: .})) as $x | [$x, $x] | unique) catch .', '"Comparison too deep"'],
];

describe("--jq: jq 1.8.2's limits of nesting, on jq's thread", () => {
  // A few programs a run: each builds values 10,000 levels deep.
  const groups = [AT_THE_LIMITS.slice(0, 6), AT_THE_LIMITS.slice(6, 12), AT_THE_LIMITS.slice(12)];
  it.each(groups.map((group, i) => [i + 1, group] as const))(
    'group %i: what jq 1.8.2 answers, never a crashed engine',
    async (_, group) => {
      const r = await jq(group.map(([program]) => `(${program} | tojson)`).join(', '));
      expect({ code: r.code, stderr: r.stderr, lines: r.stdout.split('\n').slice(0, -1) }).toEqual({
        code: 0,
        stderr: '',
        lines: group.map(([, output]) => output),
      });
    },
  );

  const nested = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);

  // A body nested past what gwctl reads (512 levels, as the typed commands take) never reaches a
  // filter: the subset and jq are refused alike, with the response named, before either runs.
  it.each([10_000, 10_001])('a body nested %i deep is refused before any filter, the subset or jq', async (levels) => {
    body = nested(levels);
    const refused =
      '{"error":{"status":200,"message":"the response to GET /api/v1/credits is nested more than 512 levels deep; gwctl cannot use it","exit_code":1}}\n';
    for (const filter of ['length', '.[0] | type', 'length | ltrimstr("x")']) {
      expect({ filter, ...(await jq(filter)) }).toMatchObject({ filter, code: 1, stdout: '', stderr: refused });
    }
  });
});

describe("--jq's value is always a filter, never one of jq's options", () => {
  it.each([
    ['-n', 'n/0 is not defined'],
    ['-h', 'h/0 is not defined'],
    ['--seq', 'seq/0 is not defined'],
    ['-C', 'C/0 is not defined'],
  ])('--jq=%s does not compile, as jq 1.8.2 reads that filter: exit 2, nothing sent', async (filter, message) => {
    const r = await jq(filter);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `{"error":{"status":null,"message":"invalid --jq filter: ${message}","exit_code":2}}\n`,
    });
    expect(server.requests).toEqual([]);
  });
});

describe('the jq version, named where users read about --jq', () => {
  it('gwctl help formatting and docs/output.md say jq 1.8.2', async () => {
    const help = await runGwctl(['help', 'formatting']);
    expect(help.code).toBe(0);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('run as jq 1.8.2 runs it');
    expect(readFileSync(path.join(ROOT, 'docs', 'output.md'), 'utf8')).toContain('It is jq 1.8.2 itself');
  });
});
