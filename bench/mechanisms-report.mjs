// Prints what bench/mechanisms.sh counted: for each path the targets name, the build as it is
// against its floor, and what each mechanism saves there (the path's count without it, against
// with it). Usage: node bench/mechanisms-report.mjs bench/results/node24/mechanisms.json
import { readFileSync } from 'node:fs';

const { node, date, builds } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const at = (build, start) => build.results.find((r) => r.command.startsWith(start))?.instructions;
const PATHS = [
  ['--version', 'gwctl --version', 'print floor: the text of --version'],
  ['--help', 'gwctl --help', 'print floor: the text of --help ('],
  ['--help at a terminal', 'gwctl --help, at a terminal', 'print floor: the text of --help, at a terminal'],
  ['get --json', 'gwctl endpoints get <id> --json', 'plain undici floor'],
  ['get --jq .data.id', 'gwctl endpoints get <id> --jq .data.id', 'gwctl endpoints get <id> --json'],
  ['mcp initialize', 'gwctl mcp (answers initialize)', 'gwctl --help'],
];
// The print floor's --help line is the first that starts so (the terminal's follows it).
const floorOf = (build, start) =>
  start === 'print floor: the text of --help ('
    ? build.results.find((r) => r.command === 'print floor: the text of --help')?.instructions
    : at(build, start);
const M = (n) => `${(n / 1e6).toFixed(1)}M`;
const asIs = builds['as-is'];
console.log(`Node ${node}, ${date}, fixed seeds, stdout into a pipe (and --help at a terminal)\n`);
console.log('| path | as it is | against |');
console.log('|---|---|---|');
for (const [path, name, floor] of PATHS) {
  const n = at(asIs, name);
  const f = floorOf(asIs, floor);
  console.log(`| ${path} | ${M(n)} | ${(n / f).toFixed(2)}× ${floor.replace(/ \($/, '')} (${M(f)}) |`);
}
const others = Object.keys(builds).filter((b) => b !== 'as-is');
console.log(`\n| without | ${PATHS.map(([p]) => p).join(' | ')} |`);
console.log(`|---|${PATHS.map(() => '---').join('|')}|`);
for (const b of others) {
  const cells = PATHS.map(([, name]) => {
    const without = at(builds[b], name);
    const with_ = at(asIs, name);
    if (!without || !with_) return '';
    const pct = ((without / with_ - 1) * 100).toFixed(1);
    return `${pct.startsWith('-') ? pct : `+${pct}`} % (${M(without)})`;
  });
  console.log(`| ${b} | ${cells.join(' | ')} |`);
}
