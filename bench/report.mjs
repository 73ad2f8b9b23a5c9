// Renders the README's figures table from the last runs of bench/run.sh, one column per runtime:
// Node 20, Node 24 and the standalone binary (bench/results/node20, node24, binary; a runtime not
// measured is left out). Prints the table; with --write it also replaces the README's block
// between <!-- bench:start --> and <!-- bench:end -->, so the README never quotes a number that
// no run produced. All of it, from nothing: `bash bench/all.sh && node bench/report.mjs --write`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const COLUMNS = [
  { dir: 'node20', title: 'Node 20' },
  { dir: 'node24', title: 'Node 24' },
  { dir: 'binary', title: 'binary' },
];
const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

// bench/run.sh writes the commands in a fixed order: start-up [bare Node, --version, get, floor],
// paging [fetch loop, gwctl], memory [fetch loop, gwctl].
const runs = COLUMNS.flatMap(({ dir, title }) => {
  const startup = read(`bench/results/${dir}/startup.json`);
  const paging = read(`bench/results/${dir}/paging.json`);
  if (!startup || !paging) return [];
  const [bare, version, get, floor] = startup.results;
  const [loop, lsAll] = paging.results;
  const memory = read(`bench/results/${dir}/memory.json`) ?? [];
  const info = read(`bench/results/${dir}/runtime.json`) ?? {};
  return [{ title, info, bare, version, get, floor, loop, lsAll, memory }];
});
if (runs.length === 0) {
  console.error('bench/report: no results; run bash bench/all.sh (or bash bench/run.sh) first');
  process.exit(1);
}

const ms = (r) => (r ? `${(r.mean * 1000).toFixed(1)} ms ± ${(r.stddev * 1000).toFixed(1)}` : '—');
const times = (r, base, what) => (r && base ? `, ${(r.mean / base.mean).toFixed(2)}× ${what}` : '');
const mb = (m) => (m ? `${m.mb} MB` : '—');
const row = (label, cell) => `| ${label} | ${runs.map(cell).join(' | ')} |`;
const header = (run) => (run.title === 'binary' && run.info.node_version ? `binary (against Node ${run.info.node_version.slice(1)})` : run.info.node_version ? `${run.title} (${run.info.node_version.slice(1)})` : run.title);

const dates = [...new Set(runs.map((r) => r.info.date?.slice(0, 10) ?? 'an unrecorded date'))];
const machines = [...new Set(runs.map((r) => r.info.machine).filter(Boolean))];
const startupRuns = [...new Set(runs.map((r) => r.info.startup_runs ?? 40))];
const pagingRuns = [...new Set(runs.map((r) => r.info.paging_runs ?? 5))];
const lines = [
  `Run on ${dates.join(', ')}${machines.length ? ` (${machines.join('; ')})` : ''}; hyperfine means ± standard deviation over ${startupRuns.join('/')} runs (start-up) and ${pagingRuns.join('/')} runs (paging). "bare" is \`node -e 0\` of the same Node; in the binary's column, bare Node, the floor and the fetch loop run on the Node named in its heading.`,
  '',
  `| measure | ${runs.map(header).join(' | ')} |`,
  `|---|${runs.map(() => '---|').join('')}`,
  row('`node -e 0` (bare)', (r) => ms(r.bare)),
  row('`gwctl --version`', (r) => `${ms(r.version)}${times(r.version, r.bare, 'bare')}`),
  row('`gwctl endpoints get <id> --json`', (r) => `${ms(r.get)}${times(r.get, r.bare, 'bare')}${times(r.get, r.floor, 'floor')}`),
  row('floor: one undici GET alone (`bench/undici-floor.mjs`)', (r) => `${ms(r.floor)}${times(r.floor, r.bare, 'bare')}`),
  row('paging 100,000 interns: `node bench/fetch-all.mjs BASE KEY 500`', (r) => ms(r.loop)),
  row('paging 100,000 interns: `gwctl interns ls --all --json`', (r) => `${ms(r.lsAll)}${times(r.lsAll, r.loop, 'the loop')}`),
  row('peak memory (max RSS), the fetch loop', (r) => mb(r.memory[0])),
  row('peak memory (max RSS), `gwctl interns ls --all --json`', (r) => mb(r.memory[1])),
];
const table = lines.join('\n');
console.log(table);

if (process.argv.includes('--write')) {
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const readme = readFileSync('README.md', 'utf8');
  if (!readme.includes(start) || !readme.includes(end)) {
    console.error(`bench/report: README.md has no ${start} ... ${end} block`);
    process.exit(1);
  }
  writeFileSync('README.md', readme.replace(new RegExp(`${start}[\\s\\S]*?${end}`), `${start}\n${table}\n${end}`));
  console.error('bench/report: README.md updated');
}
