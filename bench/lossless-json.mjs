#!/usr/bin/env node
// Ways to print the API's JSON as it was sent (docs/decisions/020-lossless-json.md), measured on
// what `interns ls --all` does with 100,000 interns: 200 pages of 500, each parsed and each item
// printed, pretty as an element of the merged body (--json) or on one line (--jsonl). Every
// candidate also prints one awkward body, which says whether it keeps what was sent.
//
// Candidates:
//   JSON.parse           the reading before: JSON.parse and JSON.stringify (loses numbers and key order)
//   sent text            gwctl's: JSON.parse for the values, the text of the body and of each item
//                        kept beside them and laid out anew (src/core/sent-json.ts, src/output/json-text.ts)
//   lossless-json        the npm package: its parse (numbers as LosslessNumber) and stringify
//   reviver + rawJSON    JSON.parse with a reviver that reads each number's source text
//                        (Node 22+) and JSON.rawJSON for the ones JSON.parse would change
// lossless-json is not a project dependency: install it in a scratch folder and point
// LOSSLESS_JSON there (left out when absent):
//   mkdir -p /tmp/ljbench && cd /tmp/ljbench && npm init -y && npm install lossless-json@4
//   LOSSLESS_JSON=/tmp/ljbench node bench/lossless-json.mjs
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.RUNS ?? 3);

// gwctl's reading and printing, bundled from the sources.
const bundled = await build({
  stdin: {
    contents: "export { readJson } from './src/core/sent-json.ts'; export { writeJson } from './src/output/json-text.ts';",
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
});
const gwctl = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);

const candidates = {
  'JSON.parse': {
    parse: (text) => JSON.parse(text),
    items: (body) => body.data,
    pretty: (item) => JSON.stringify(item, null, 2),
    compact: (item) => JSON.stringify(item),
  },
  'sent text': {
    parse: (text) => gwctl.readJson(text),
    items: (body) => body.data,
    pretty: (item) => gwctl.writeJson(item, '  ', '    '),
    compact: (item) => gwctl.writeJson(item, '', ''),
  },
};
try {
  const require = createRequire(path.join(process.env.LOSSLESS_JSON ?? '/tmp/ljbench', 'package.json'));
  const lossless = require('lossless-json');
  candidates['lossless-json'] = {
    parse: (text) => lossless.parse(text),
    items: (body) => body.data,
    pretty: (item) => lossless.stringify(item, null, 2),
    compact: (item) => lossless.stringify(item),
  };
} catch {
  console.log('lossless-json: not installed (see the head of this file); left out');
}
if (typeof JSON.rawJSON === 'function') {
  const keep = (_key, value, context) =>
    typeof value === 'number' && context?.source !== undefined && String(value) !== context.source ? JSON.rawJSON(context.source) : value;
  candidates['reviver + rawJSON'] = {
    parse: (text) => JSON.parse(text, keep),
    items: (body) => body.data,
    pretty: (item) => JSON.stringify(item, null, 2),
    compact: (item) => JSON.stringify(item),
  };
} else {
  console.log(`reviver + rawJSON: Node ${process.versions.node} has no JSON.rawJSON (Node 22+); left out`);
}

// The awkward body of the contract, and what each candidate must print of it.
const awkward = '{"data":[{"b":1,"10":2,"big":12345678901234567890,"dec":1.10,"neg":-0,"huge":1e1000,"small":0.1e-7}]}';
const expected = '{"b":1,"10":2,"big":12345678901234567890,"dec":1.10,"neg":-0,"huge":1e1000,"small":0.1e-7}';

// Pages as `gwctl sandbox` sends them: compact, 500 interns each.
const intern = (n) => ({
  id: `3f2b8c1e-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `intern-${n}`,
  description: n % 3 === 0 ? null : `Summarises the tickets of queue ${n % 17}, every morning`,
  instructions: 'Read the queue; write a summary; flag anything urgent.',
  model: n % 4 === 0 ? null : 'acme/large-2',
  status: ['running', 'suspended', 'failed', 'provisioning'][n % 4],
  hostname: `intern-${n}.interns.example.net`,
  progress: n % 5 === 0 ? null : { step: n % 7, of: 7 },
  last_failure_message: n % 4 === 2 ? 'model timed out after 300 s' : null,
  vault_id: null,
  attached_vault_id: null,
  workspace_id: 'ws_0f3a',
  created_at: '2026-11-20T08:15:00.000Z',
  updated_at: '2026-11-27T09:30:12.345Z',
});
const pages = [];
for (let p = 0; p < 200; p++) {
  const data = Array.from({ length: 500 }, (_, i) => intern(p * 500 + i));
  pages.push(JSON.stringify({ data, has_more: p < 199, next_cursor: p < 199 ? data.at(-1).id : null }));
}
const megabytes = pages.reduce((sum, page) => sum + page.length, 0) / 1e6;

/** CPU time (user and system) of the best run: on a shared machine, wall time mostly measures the neighbours. */
function time(fn) {
  let best = Infinity;
  let size = 0;
  for (let run = 0; run < runs; run++) {
    const start = process.cpuUsage();
    size = fn();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return { ms: best, size };
}

console.log(`Node ${process.versions.node}: 100,000 interns, ${megabytes.toFixed(1)} MB in 200 pages; CPU time, best of ${runs} runs`);
console.log('candidate            keeps what was sent   --json (pretty)   --jsonl (compact)');
for (const [name, c] of Object.entries(candidates)) {
  const kept = c.compact(c.items(c.parse(awkward))[0]) === expected;
  const pretty = time(() => {
    let size = 0;
    for (const page of pages) for (const item of c.items(c.parse(page))) size += c.pretty(item).length;
    return size;
  });
  const compact = time(() => {
    let size = 0;
    for (const page of pages) for (const item of c.items(c.parse(page))) size += c.compact(item).length;
    return size;
  });
  console.log(`${name.padEnd(21)}${(kept ? 'yes' : 'no').padEnd(22)}${`${pretty.ms.toFixed(0)} ms`.padEnd(18)}${compact.ms.toFixed(0)} ms`);
}
