// Renders the figures table of bench/README.md from the last runs of bench/run.sh, one column per runtime:
// Node 20, Node 24 and the standalone binary (bench/results/node20, node24, binary; a runtime not
// measured is left out). Prints the table; with --write it also replaces that page's block
// between <!-- bench:start --> and <!-- bench:end -->, so the page never quotes a number that
// no run produced. All of it, from nothing: `bash bench/all.sh && node bench/report.mjs --write`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const COLUMNS = [
  { dir: 'node20', title: 'Node 20' },
  { dir: 'node24', title: 'Node 24' },
  { dir: 'binary', title: 'binary' },
];
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

// Start-up results are found by the names bench/run.sh gives them; paging ones by their order
// [fetch loop, gwctl], as are memory's.
const named = (results, name) => results.find((r) => r.command === name);
const runs = COLUMNS.flatMap(({ dir, title }) => {
  const startup = read(`bench/results/${dir}/startup.json`)?.results;
  if (!startup) return [];
  const at = (name) => named(startup, name);
  const [loop, lsAll] = read(`bench/results/${dir}/paging.json`)?.results ?? [];
  const memory = read(`bench/results/${dir}/memory.json`) ?? [];
  const info = read(`bench/results/${dir}/runtime.json`) ?? {};
  // The sections after the main ones; each is left out where it was not run.
  const results = (name) => read(`bench/results/${dir}/${name}.json`)?.results ?? [];
  const extra = {
    help: results('help'),
    helpTerminal: results('help-terminal'),
    jsonl: results('jsonl'),
    jsonlMemory: read(`bench/results/${dir}/jsonl-memory.json`) ?? [],
    jqList: results('jq-list'),
    jqMemory: read(`bench/results/${dir}/jq-memory.json`) ?? [],
    jqGet: results('jq-get'),
    apiPaging: results('api-paging'),
    apiMemory: read(`bench/results/${dir}/api-memory.json`) ?? [],
    apiStartup: results('api-startup'),
  };
  return [
    {
      title,
      info,
      bare: at('node -e 0'),
      printVersion: at('print floor: --version'),
      version: at('gwctl --version'),
      plain: at('plain undici floor'),
      get: at('gwctl endpoints get <id> --json'),
      floor: at('tuned undici floor'),
      stack: at('stack floor'),
      loop,
      lsAll,
      memory,
      ...extra,
    },
  ];
});
if (runs.length === 0) {
  console.error('bench/report: no results; run bash bench/all.sh (or bash bench/run.sh) first');
  process.exit(1);
}

const ms = (r) => (r ? `${(r.mean * 1000).toFixed(1)} ms ± ${(r.stddev * 1000).toFixed(1)}` : '—');
const times = (r, base, what) => (r && base ? `, ${(r.mean / base.mean).toFixed(2)}× ${what}` : '');
const mb = (m) => (m ? `${m.mb} MB` : '—');
const row = (label, cell) => `| ${label} | ${runs.map(cell).join(' | ')} |`;
const header = (run) =>
  run.title === 'binary' && run.info.node_version
    ? `binary (against Node ${run.info.node_version.slice(1)})`
    : run.info.node_version
      ? `${run.title} (${run.info.node_version.slice(1)})`
      : run.title;

const dates = [...new Set(runs.map((r) => r.info.date?.slice(0, 10) ?? 'an unrecorded date'))];
const machines = [...new Set(runs.map((r) => r.info.machine).filter(Boolean))];
const startupRuns = [...new Set(runs.map((r) => r.info.startup_runs ?? 40))];
const pagingRuns = [...new Set(runs.map((r) => r.info.paging_runs ?? 5))];
const loads = runs.map((r) => r.info.load_average).filter((l) => l !== undefined);
const lines = [
  `Run on ${dates.join(', ')}${machines.length ? ` (${machines.join('; ')})` : ''}${loads.length ? `, load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} as the runs began` : ''}; hyperfine means ± standard deviation over ${startupRuns.join('/')} runs (start-up) and ${pagingRuns.join('/')} runs (paging). Start-up output goes into a pipe (\`--output=pipe\`), as a script reads it; "at a terminal" is a pseudo-terminal of 80 columns. "bare" is \`node -e 0\` of the same Node; in the binary's column, bare Node and the floors run on the Node named in its heading.`,
  '',
  `| measure | ${runs.map(header).join(' | ')} |`,
  `|---|${runs.map(() => '---|').join('')}`,
  row('`node -e 0` (bare)', (r) => ms(r.bare)),
  row(
    'print floor: the text of `--version` written by a plain script',
    (r) => `${ms(r.printVersion)}${times(r.printVersion, r.bare, 'bare')}`,
  ),
  row(
    '`gwctl --version`',
    (r) => `${ms(r.version)}${times(r.version, r.printVersion, 'its print floor')}${times(r.version, r.bare, 'bare')}`,
  ),
  row(
    'plain undici floor: one GET with undici, bundled plainly (`bench/undici-plain.mjs`)',
    (r) => `${ms(r.plain)}${times(r.plain, r.bare, 'bare')}`,
  ),
  row(
    '`gwctl endpoints get <id> --json`',
    (r) => `${ms(r.get)}${times(r.get, r.plain, 'the plain floor')}${times(r.get, r.floor, 'the tuned floor')}`,
  ),
  row(
    'tuned undici floor: that GET bundled and tuned as gwctl (`bench/undici-floor.mjs`)',
    (r) => `${ms(r.floor)}${times(r.floor, r.plain, 'the plain floor')}`,
  ),
  row(
    'the stack floor: the tuned GET with commander, zod and the printing (`bench/stack-floor.mjs`)',
    (r) =>
      `${ms(r.stack)}${times(r.stack, r.floor, 'the tuned floor')}${r.stack ? `; the get ${times(r.get, r.stack, 'this').slice(2)}` : ''}`,
  ),
  row('paging 100,000 interns: `node bench/fetch-all.mjs BASE KEY 500`', (r) => ms(r.loop)),
  row('paging 100,000 interns: `gwctl interns ls --all --json`', (r) => `${ms(r.lsAll)}${times(r.lsAll, r.loop, 'the loop')}`),
  row('peak memory (max RSS), the fetch loop', (r) => mb(r.memory[0])),
  row('peak memory (max RSS), `gwctl interns ls --all --json`', (r) => mb(r.memory[1])),
];
if (runs.some((r) => r.info.binary_bytes)) {
  const size = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB (${bytes.toLocaleString('en')} bytes)`;
  lines.push(row('size of the executable, stripped', (r) => (r.info.binary_bytes ? size(r.info.binary_bytes) : '—')));
}
const plus = (r, base) => (r && base ? `${ms(r)} (+${((r.mean - base.mean) * 1000).toFixed(1)} ms)` : '—');
const any = (key) => runs.some((r) => r[key].length > 0);
if (any('help')) {
  lines.push(
    row('print floor: the text of `--help` written by a plain script', (r) => ms(named(r.help, 'print floor: --help'))),
    ...[
      ['`gwctl --help`', 'gwctl --help'],
      ['`gwctl interns ls --help`', 'gwctl interns ls --help'],
    ].map(([label, name]) =>
      row(label, (r) => {
        const [floor, it] = [named(r.help, 'print floor: --help'), named(r.help, name)];
        return it ? `${ms(it)}${times(it, floor, 'its print floor')}` : '—';
      }),
    ),
  );
}
if (any('helpTerminal')) {
  lines.push(
    row('`gwctl --help` at a terminal, against the print floor at a terminal', (r) => {
      const [floor, it] = [named(r.helpTerminal, 'print floor: --help'), named(r.helpTerminal, 'gwctl --help')];
      return it ? `${ms(it)} against ${ms(floor)}${times(it, floor, 'its print floor')}` : '—';
    }),
  );
}
if (any('jsonl')) {
  lines.push(
    row('`interns ls --all --jsonl` (100,000 interns) against a fetch loop writing JSON Lines', (r) =>
      r.jsonl[1] ? `${ms(r.jsonl[1])}${times(r.jsonl[1], r.jsonl[0], 'the loop')}` : '—',
    ),
    row('peak memory, fetch loop writing JSON Lines / `--jsonl`', (r) =>
      r.jsonlMemory.length ? `${mb(r.jsonlMemory[0])} / ${mb(r.jsonlMemory[1])}` : '—',
    ),
  );
}
if (any('jqList')) {
  lines.push(
    row('`--jq FILTER` over 100,000 interns against `--json \\| jq -r FILTER` (Debian jq)', (r) =>
      r.jqList[1] ? `${ms(r.jqList[1])}${times(r.jqList[1], r.jqList[0], 'the pipe')}` : '—',
    ),
    row('peak memory, `--jq FILTER` over 100,000 interns', (r) => mb(r.jqMemory[0])),
  );
}
if (any('jqGet'))
  lines.push(
    row(
      '`endpoints get <id> --jq .data.id` (the subset; against `--json`)',
      (r) => `${plus(r.jqGet[1], r.jqGet[0])}${times(r.jqGet[1], r.jqGet[0], '`--json`')}`,
    ),
  );
if (any('apiPaging')) {
  lines.push(
    row('`gwctl api interns --paginate` against `interns ls --all --json`', (r) =>
      r.apiPaging[1] ? `${ms(r.apiPaging[1])}${times(r.apiPaging[1], r.apiPaging[0], 'ls --all')}` : '—',
    ),
    row('peak memory, `interns ls --all --json` / `api interns --paginate`', (r) =>
      r.apiMemory.length ? `${mb(r.apiMemory[0])} / ${mb(r.apiMemory[1])}` : '—',
    ),
  );
}
if (any('apiStartup'))
  lines.push(
    row('`gwctl api private-endpoints/<id>` (against `endpoints get <id> --json`)', (r) => plus(r.apiStartup[1], r.apiStartup[0])),
  );
const fleet = read('bench/results/fleet-summary.json');
if (fleet) {
  const s = fleet.seconds;
  lines.push(
    '',
    `Acting on many targets (\`bash bench/fleet.sh\`, ${fleet.date}): suspending ${fleet.interns} interns by selector with 50 ms of latency per request took ${s.default.toFixed(1)} s at the default concurrency (4), ${s.concurrency16.toFixed(1)} s at \`--concurrency 16\` and ${s.concurrency1.toFixed(1)} s at \`--concurrency 1\` (${fleet.speedup.defaultVsConcurrency1.toFixed(2)}× slower than the default); a shell loop running \`gwctl interns suspend <id> --yes\` once per intern would take about ${s.shellLoopScaled.toFixed(0)} s (timed on ${s.sample} interns and scaled): ${fleet.speedup.defaultVsShellLoop.toFixed(1)}× the default run, ${fleet.speedup.concurrency16VsShellLoop.toFixed(1)}× the run at \`--concurrency 16\`. Peak memory of the default run: ${fleet.peakRssMb} MB.`,
  );
}
const table = lines.join('\n');
console.log(table);

if (process.argv.includes('--write')) {
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const readme = readFileSync('bench/README.md', 'utf8');
  if (!readme.includes(start) || !readme.includes(end)) {
    console.error(`bench/report: bench/README.md has no ${start} ... ${end} block`);
    process.exit(1);
  }
  writeFileSync('bench/README.md', readme.replace(new RegExp(`${start}[\\s\\S]*?${end}`), `${start}\n${table}\n${end}`));
  console.error('bench/report: bench/README.md updated');
}
