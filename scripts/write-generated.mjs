// How every generated source file is written: formatted as Prettier would, left alone when
// unchanged, and with --check a failure that names the command to run instead of a write.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';

/** Writes `text` to `target` (formatted); `script` names the generator in its messages. */
export async function writeGenerated(target, text, script) {
  const relative = path.relative(path.resolve(path.dirname(new URL(import.meta.url).pathname), '..'), target);
  const options = (await prettier.resolveConfig(target)) ?? {};
  const formatted = await prettier.format(text, { ...options, filepath: target });
  const current = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
  if (current === formatted) return;
  if (process.argv.includes('--check')) {
    console.error(`${script}: ${relative} is stale; run npm run registry`);
    process.exit(1);
  }
  writeFileSync(target, formatted);
  console.log(`wrote ${relative}`);
}
