// Writes completions/: the bash, zsh and fish scripts exactly as `gwctl completion <shell>`
// prints them, from the built binary (run `node scripts/build.mjs` first).
//   node scripts/gen-completions.mjs           write the files
//   node scripts/gen-completions.mjs --check   exit 1 if a file differs from what gwctl prints
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const bin = path.join(root, 'bin', 'gwctl.js');
const outdir = path.join(root, 'completions');
const FILES = { bash: 'gwctl.bash', zsh: '_gwctl', fish: 'gwctl.fish' };

if (!existsSync(path.join(root, 'dist', 'main.js'))) {
  console.error('gen-completions: dist/ is missing; run node scripts/build.mjs first');
  process.exit(1);
}
const check = process.argv.includes('--check');
let stale = 0;
mkdirSync(outdir, { recursive: true });
for (const [shell, name] of Object.entries(FILES)) {
  // A clean environment: the scripts must not depend on whoever generates them.
  const text = execFileSync(process.execPath, [bin, 'completion', shell], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  const file = path.join(outdir, name);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (current === text) continue;
  if (check) {
    console.error(`gen-completions: completions/${name} is stale; run npm run completions`);
    stale++;
  } else {
    writeFileSync(file, text);
    console.log(`wrote completions/${name}`);
  }
}
process.exit(stale ? 1 : 0);
