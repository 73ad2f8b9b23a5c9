// Prints each hyperfine result as a multiple of the first one (the baseline of the run).
import { readFileSync } from 'node:fs';

const { results } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const base = results[0].mean;
for (const r of results) {
  console.log(
    `${(r.mean * 1000).toFixed(1).padStart(8)} ms ± ${(r.stddev * 1000).toFixed(1).padStart(5)}  ${(r.mean / base).toFixed(2)}x  ${r.command}`,
  );
}
