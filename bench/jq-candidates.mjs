#!/usr/bin/env node
// Measures jq implementations from the npm registry against the system `jq` binary: the
// same cases (jq's manual examples for paths, select, map, to_entries, @tsv, @csv, string
// interpolation, plus the filters gwctl's guides use), cold import time, installed size,
// and the cost of a filter over 100,000 interns (about 30 MB of JSON).
//
// The candidates are not project dependencies: install them in a scratch folder and point
// JQ_CANDIDATES there:
//   mkdir -p /tmp/jqbench && cd /tmp/jqbench && npm init -y && npm install --ignore-scripts \
//     jq-wasm jq-web @michaelhomer/jqjs jqts @jq-tools/jq @elastic/micro-jq jq-in-the-browser fgh
//   JQ_CANDIDATES=/tmp/jqbench node bench/jq-candidates.mjs [--big] [--node PATH]...
// JQ_ONLY=jq-wasm,jq-web limits the run to some candidates. jq-wasm sets process.exitCode on a
// failed filter, so the exit code of this script means nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const dir = process.env.JQ_CANDIDATES ?? '/tmp/jqbench';
const require = createRequire(path.join(dir, 'package.json'));
const args = process.argv.slice(2);
const big = args.includes('--big');
const nodes = args.flatMap((a, i) => (a === '--node' ? [args[i + 1]] : []));
if (nodes.length === 0) nodes.push(process.execPath);

// Each adapter: load() once; check(expr) throws on a filter that does not compile, without
// running it; run(expr, inputText) gives the outputs as JSON values.
const candidates = {
  'jq-wasm': {
    importCode: "await import('jq-wasm').then(m => (m.default ?? m).raw('null', '.', []))",
    async load() {
      const jq = require('jq-wasm');
      const lines = async (expr, text) => {
        const out = await jq.raw(text, expr, ['-c']);
        return out === ''
          ? []
          : out
              .replace(/\n$/, '')
              .split('\n')
              .map((l) => JSON.parse(l));
      };
      return { check: (expr) => lines(`empty | (\n${expr}\n)`, 'null'), run: lines };
    },
  },
  'jq-web': {
    importCode: "await (await import('jq-web')).default",
    async load() {
      const jq = await require('jq-web');
      const lines = (expr, text) => {
        const out = jq.raw(text, expr, ['-c']);
        return out === ''
          ? []
          : out
              .replace(/\n$/, '')
              .split('\n')
              .map((l) => JSON.parse(l));
      };
      return { check: (expr) => lines(`empty | (\n${expr}\n)`, 'null'), run: lines };
    },
  },
  '@michaelhomer/jqjs': {
    importCode: "await import('@michaelhomer/jqjs')",
    async load() {
      const { default: jq } = await import(pathToFileURL(require.resolve('@michaelhomer/jqjs')).href);
      return { check: (expr) => jq.compile(expr), run: (expr, text) => [...jq.compile(expr)(JSON.parse(text))] };
    },
  },
  jqts: {
    importCode: "await import('jqts')",
    async load() {
      const jq = require('jqts').default;
      return {
        check: (expr) => jq.compile(expr),
        run: (expr, text) => jq.compile(expr).evaluate(JSON.parse(text)),
      };
    },
  },
  '@jq-tools/jq': {
    importCode: "await import('@jq-tools/jq')",
    async load() {
      const { evaluate, parse } = require('@jq-tools/jq');
      return { check: (expr) => parse(expr), run: (expr, text) => [...evaluate(parse(expr), [JSON.parse(text)])] };
    },
  },
  '@elastic/micro-jq': {
    importCode: "await import('@elastic/micro-jq')",
    async load() {
      const { executeScript, parse } = require('@elastic/micro-jq');
      return {
        check: (expr) => parse(expr),
        // micro-jq returns one value, or an array when the filter yields several.
        run: (expr, text) => [executeScript(JSON.parse(text), expr)],
      };
    },
  },
  'jq-in-the-browser': {
    importCode: "await import('jq-in-the-browser')",
    async load() {
      const jq = require('jq-in-the-browser').default;
      return { check: (expr) => jq(expr), run: (expr, text) => [jq(expr)(JSON.parse(text))] };
    },
  },
  fgh: {
    importCode: "await import('fgh')",
    async load() {
      const { compile } = await import(pathToFileURL(require.resolve('fgh')).href);
      return { check: (expr) => compile(expr), run: (expr, text) => compile(expr)(JSON.parse(text)) };
    },
  },
};

const interns = JSON.stringify({
  data: [
    { id: 'a1', name: 'alpha', status: 'running', model: null, created_at: '2026-01-02T03:04:05Z' },
    { id: 'b2', name: 'beta "b"', status: 'failed', model: 'm/x', created_at: '2026-01-03T03:04:05Z' },
  ],
  has_more: false,
});

/** [group, filter, input]; the expected outputs come from the jq binary. */
const cases = [
  ['paths', 'path(.a[0].b)', 'null'],
  ['paths', '[paths]', '[1,[[],{"a":2}]]'],
  ['paths', '[paths(type == "number")]', '[1,[[],{"a":2}]]'],
  ['paths', '[path(..)]', '{"a":[{"b":1}]}'],
  ['paths', 'getpath(["a","b"])', '{"a":{"b":0}}'],
  ['paths', '[getpath(["a","b"], ["a","c"])]', '{"a":{"b":0,"c":1}}'],
  ['paths', 'setpath(["a","b"]; 1)', 'null'],
  ['paths', 'delpaths([["a","b"]])', '{"a":{"b":1,"c":2}}'],
  ['paths', 'to_entries | map(select(.value > 1)) | from_entries', '{"a":1,"b":2,"c":3}'],
  ['paths', '.a[1:3]', '{"a":[0,1,2,3]}'],
  ['paths', '.[] | .name?', '[{"name":"x"},1,{"name":"y"}]'],
  ['select', 'map(select(. >= 2))', '[1,5,3,0,7]'],
  ['select', '.[] | select(.id == "second")', '[{"id":"first","val":1},{"id":"second","val":2}]'],
  ['select', '.data[] | select(.status == "failed") | .id', interns],
  ['select', '[.data[] | select(.model == null) | .name]', interns],
  ['select', '.data | map(select(.name | test("^b")))', interns],
  ['map', 'map(.+1)', '[1,2,3]'],
  ['map', 'map_values(.+1)', '{"a":1,"b":2}'],
  ['map', 'map(has("foo"))', '[{"foo":42},{}]'],
  ['map', '[.data[] | {id, name}]', interns],
  ['map', 'map(keys) | add | unique', '[{"a":1,"b":2},{"b":3,"c":4}]'],
  ['map', 'sort_by(.n) | map(.n)', '[{"n":3},{"n":1},{"n":2}]'],
  ['map', 'group_by(.k) | map(length)', '[{"k":1},{"k":2},{"k":1}]'],
  ['map', 'reduce .[] as $x (0; . + $x)', '[1,2,3,4]'],
  ['to_entries', 'to_entries', '{"a":1,"b":2}'],
  ['to_entries', 'from_entries', '[{"key":"a","value":1},{"key":"b","value":2}]'],
  ['to_entries', 'with_entries(.value += 1)', '{"a":1,"b":2}'],
  ['to_entries', 'to_entries | map("\\(.key)=\\(.value)") | join(",")', '{"a":1,"b":"x"}'],
  ['@tsv', '@tsv', '[1,"one","t\\tab","back\\\\slash","new\\nline",null,true]'],
  ['@tsv', '.data[] | [.id, .name, .status] | @tsv', interns],
  ['@csv', '@csv', '[1,"one","say \\"hi\\"","a,b",null,false]'],
  ['@csv', '.data[] | [.id, .status] | @csv', interns],
  ['interpolation', '"The input was \\(.), which is one less than \\(.+1)"', '42'],
  ['interpolation', '.data[] | "\\(.id)\\t\\(.name)"', interns],
  ['interpolation', '@sh "echo \\(.)"', '"O\'Hara\'s Ale"'],
  ['interpolation', '@json "x=\\(.)"', '[1,"a"]'],
  ['interpolation', '@base64', '"This is a message"'],
  ['interpolation', '@uri "https://x/?q=\\(.)"', '"a b&c"'],
  ['interpolation', '@html', '"<b>x & y</b>"'],
  ['other', '.a // "default"', '{}'],
  ['other', 'try error("boom") catch .', 'null'],
  ['other', '[.[] | tostring]', '[1,"1",[1]]'],
  ['other', '[limit(2; .[])]', '[1,2,3]'],
  ['other', 'first(.[]), last', '[1,2,3]'],
  ['other', '"\\u00e9💩" | length', 'null'],
  ['other', '[.[] | ascii_downcase | ltrimstr("a")]', '["ABC","xa"]'],
  ['other', 'gsub("a"; "b")', '"banana"'],
  ['other', 'def inc(f): f + 1; inc(.a)', '{"a":1}'],
  ['other', '.a as $x | [$x, .b]', '{"a":1,"b":2}'],
  ['other', 'if . > 1 then "big" elif . == 1 then "one" else "small" end', '1'],
  ['other', '[.[] | numbers]', '[1,"a",null,2.5]'],
  ['other', 'keys, length, type', '{"b":1,"a":2}'],
  ['other', '.[] |= . * 2', '[1,2]'],
  ['other', 'del(.a)', '{"a":1,"b":2}'],
  ['other', '[range(0; 10; 3)]', 'null'],
  ['other', 'any(. > 2), all(. > 0)', '[1,2,3]'],
  ['other', 'split(", ")', '"a, b, c"'],
];

/** Filters every implementation must refuse at compile time (exit 3 in jq). */
const bad = ['.[', 'map(', '.a |', 'foo(1)', '{a:}', '"\\(.a"', '.a ]', '$undefined'];

function reference(expr, input) {
  const res = spawnSync('jq', ['-c', expr], { input, encoding: 'utf8' });
  if (res.status !== 0) return { error: res.stderr.trim().split('\n')[0] };
  return {
    outputs:
      res.stdout === ''
        ? []
        : res.stdout
            .replace(/\n$/, '')
            .split('\n')
            .map((l) => JSON.parse(l)),
  };
}

function timed(fn) {
  const t0 = performance.now();
  const value = fn();
  return [value, performance.now() - t0];
}

async function correctness(name, engine) {
  const failed = [];
  let passed = 0;
  for (const [group, expr, input] of cases) {
    const want = reference(expr, input);
    let got;
    try {
      got = { outputs: await engine.run(expr, input) };
    } catch (error) {
      got = { error: String(error?.message ?? error).split('\n')[0] };
    }
    const ok = want.error ? got.error !== undefined : isDeepStrictEqual(got.outputs, want.outputs);
    if (ok) passed++;
    else
      failed.push(
        `${group}: ${expr} → ${JSON.stringify(got.outputs ?? got.error)?.slice(0, 80)} (jq: ${JSON.stringify(want.outputs ?? want.error).slice(0, 80)})`,
      );
  }
  let refused = 0;
  for (const expr of bad) {
    try {
      await engine.check(expr);
    } catch {
      refused++;
    }
  }
  return { passed, failed, refused };
}

function sizeOf(name) {
  const root = path.dirname(require.resolve(`${name}/package.json`));
  return Number(execFileSync('du', ['-sk', root], { encoding: 'utf8' }).split('\t')[0]);
}

function coldImport(node, name) {
  // Best of five fresh processes: the cost of loading and initialising the engine, nothing else.
  const code = `const t=performance.now();${candidates[name].importCode};process.stdout.write(String(performance.now()-t))`;
  const times = [];
  for (let i = 0; i < 5; i++) {
    const res = spawnSync(node, ['--input-type=module', '-e', code], { cwd: dir, encoding: 'utf8' });
    if (res.status !== 0) return NaN;
    times.push(Number(res.stdout));
  }
  return Math.min(...times);
}

function nodeVersion(node) {
  return execFileSync(node, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).trim();
}

function bigInput() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'jqbench-')), 'interns.json');
  const statuses = ['running', 'failed', 'stopped', 'queued'];
  const data = [];
  for (let i = 0; i < 100_000; i++) {
    data.push({
      id: `7c9e6679-7425-40de-944b-${String(i).padStart(12, '0')}`,
      name: `intern number ${i} with a longer descriptive name`,
      status: statuses[i % 4],
      model: i % 3 ? 'anthropic/claude-4.6-sonnet' : null,
      hostname: `intern-${i}.example.internal`,
      workspace_id: '550e8400-e29b-41d4-a716-446655440000',
      created_at: '2026-01-02T03:04:05.000Z',
      updated_at: '2026-01-02T03:04:05.000Z',
      disk_gb: 20,
      config: { region: 'eu-west-1' },
    });
  }
  writeFileSync(file, JSON.stringify({ data, has_more: false, next_cursor: null }));
  return file;
}

const BIG_FILTER = '.data[] | select(.status == "failed") | .id';

const rows = [];
const only = process.env.JQ_ONLY?.split(',');
const names = Object.keys(candidates).filter((n) => {
  if (only && !only.includes(n)) return false;
  try {
    require.resolve(n);
    return true;
  } catch {
    return false;
  }
});
const file = big ? bigInput() : undefined;
let jqBig;
if (file) {
  const [, ms] = timed(() => execFileSync('jq', ['-r', BIG_FILTER, file], { maxBuffer: 1 << 28 }));
  jqBig = ms;
  console.error(`jq binary over ${(readFileSync(file).length / 1e6).toFixed(1)} MB: ${ms.toFixed(0)} ms`);
}
for (const name of names) {
  const engine = await candidates[name].load();
  const { passed, failed, refused } = await correctness(name, engine);
  const version = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
  const row = {
    name: `${name}@${version}`,
    cases: `${passed}/${cases.length}`,
    compileErrors: `${refused}/${bad.length}`,
    sizeKB: sizeOf(name),
  };
  for (const node of nodes) row[`import ms (node ${nodeVersion(node)})`] = Number(coldImport(node, name).toFixed(1));
  if (file) {
    const text = readFileSync(file, 'utf8');
    try {
      const t0 = performance.now();
      const outputs = await engine.run(BIG_FILTER, text);
      row.bigMs = Math.round(performance.now() - t0);
      row.bigVsJq = Number((row.bigMs / jqBig).toFixed(2));
      row.bigOutputs = outputs.length;
    } catch (error) {
      row.bigMs = `error: ${String(error?.message ?? error).slice(0, 40)}`;
    }
  }
  rows.push(row);
  console.error(`\n${name}: ${passed}/${cases.length} cases, ${refused}/${bad.length} bad filters refused`);
  for (const f of failed) console.error(`  ✗ ${f}`);
}
console.table(rows);
