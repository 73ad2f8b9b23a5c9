// Writes the figures of the last `bash bench/run.sh` into the README's Performance section,
// between <!-- bench:start --> and <!-- bench:end -->, so the README never quotes a number
// that no run produced.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const startup = read('bench/results/startup.json');
const paging = read('bench/results/paging.json');
const memory = read('bench/results/memory.json');
if (!startup || !paging) {
  console.error('bench/report: run bash bench/run.sh first');
  process.exit(1);
}

const ms = (s) => `${(s * 1000).toFixed(1)} ms`;
const label = (command) =>
  command
    .replace(/--base-url \S+/, '')
    .replace(/http:\/\/127\.0\.0\.1:\d+\/api\/v1 \S+/, 'BASE KEY')
    .replace(/env GWCTL_API_KEY=\S+ /, '')
    .replace('./bin/gwctl.js', 'gwctl')
    .replace(/5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11/, '<id>')
    .replace(/node \/\S+\/undici-floor\.mjs \d+/, 'one undici GET alone (bench/undici-floor.mjs)')
    .trim();
const rows = (results) => {
  const base = results[0].mean;
  return results.map((r) => `| \`${label(r.command)}\` | ${ms(r.mean)} ± ${ms(r.stddev).replace(' ms', '')} | ${(r.mean / base).toFixed(2)}× |`);
};

const lines = [
  `Run on ${new Date(startup.date ?? Date.now()).toISOString().slice(0, 10)}; times are hyperfine means over 40 runs (start-up) and 5 runs (paging).`,
  '',
  '| command | time | vs. first row |',
  '|---|---|---|',
  ...rows(startup.results),
  '',
  '| paging 100,000 interns from `gwctl sandbox --interns 100000` | time | vs. first row |',
  '|---|---|---|',
  ...rows(paging.results),
];
if (memory) {
  lines.push('', '| peak memory (maximum resident set size, `/usr/bin/time -v`) | MB |', '|---|---|');
  for (const m of memory) lines.push(`| \`${label(m.command)}\` | ${m.mb} |`);
}
const readme = readFileSync('README.md', 'utf8');
const start = '<!-- bench:start -->';
const end = '<!-- bench:end -->';
const block = `${start}\n${lines.join('\n')}\n${end}`;
const next = readme.includes(start)
  ? readme.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block)
  : readme.replace('<!-- bench -->', block);
writeFileSync('README.md', next);
console.log(lines.join('\n'));
