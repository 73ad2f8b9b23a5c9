// Makes the V8 code caches of the standalone executable's chunks (scripts/sea-chunks.mjs):
//
//   <node of the executable> scripts/chunk-code-cache.mjs DIR SUFFIX
//
// DIR holds the chunk scripts and main.js (the entry chunk's); each chunk gets DIR/<file>SUFFIX.
// V8 takes a code cache only from its own build and under the flags it was made with, so
// scripts/build-binary.mjs runs this with the very Node that goes into the executable, and the
// flags stay those a run starts with while the caches are made.
//
// A cache taken when a script is compiled holds only its top level. This one is taken after a few
// commands ran through the executable's own loader (runFromAssets, over the files instead of the
// assets), so it also holds every function those runs compiled: commander's, the client's and
// undici's, zod's checks, the printers'. A run of the executable then compiles only what the
// commands below did not reach. Chunks none of them loads get the cache of their top level.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { runFromAssets } from './sea-chunks.mjs';

/** The commands run to warm the caches: help, and reads of each output form against the in-process sandbox. */
const COMMANDS = [
  ['--help'],
  ['endpoints', 'get', '--help'],
  ['--sandbox', 'endpoints', 'get', '5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11', '--json'],
  ['--sandbox', 'api', 'private-endpoints/5b1c4c4e-7d0a-4a8e-9f3a-2d6c1b0e8a11'],
  ['--sandbox', 'interns', 'ls', '--limit', '3'],
  ['--sandbox', 'interns', 'ls', '--limit', '3', '--jsonl'],
  ['completion', 'bash'],
];

const [dir, suffix, ...rest] = process.argv.slice(2);
if (!dir || !suffix?.startsWith('.') || rest.length > 0) throw new Error('usage: chunk-code-cache.mjs DIR SUFFIX');
// gwctl sets --liftoff-only itself while the commands below run: the flags stay as a run starts
// with them, so that every cache is made under those.
v8.setFlagsFromString = () => {};

/** The last script compiled for each chunk (all of one chunk share their compiled functions). */
const scripts = new Map();
class RecordedScript extends vm.Script {
  constructor(code, options) {
    super(code, options);
    scripts.set(options.filename, this);
  }
}
const chunkFile = (key) => path.join(dir, key.replace(/^chunks\//, ''));
const sea = {
  getRawAsset: (key) => {
    const bytes = readFileSync(chunkFile(key));
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  },
};
const nodeRequire = (id) => (id === 'node:sea' ? sea : id === 'node:vm' ? { Script: RecordedScript } : process.getBuiltinModule(id));
const main = vm.runInThisContext(readFileSync(path.join(dir, 'main.js'), 'latin1'));

const exit = process.exit;
for (const argv of COMMANDS) {
  // gwctl's entry reads the arguments and ends with process.exit(code): a run ends there.
  process.argv = [process.argv[0], 'gwctl', ...argv];
  const code = await new Promise((resolve) => {
    process.exit = resolve;
    runFromAssets(main, nodeRequire, null);
  });
  if (code !== 0) throw new Error(`chunk-code-cache: gwctl ${argv.join(' ')} ended with ${code}`);
}
process.exit = exit;

for (const file of readdirSync(dir).filter((name) => name.endsWith('.js') && name !== 'main.js')) {
  const script = scripts.get(`gwctl:${file}`) ?? new vm.Script(readFileSync(path.join(dir, file), 'latin1'), { filename: file });
  writeFileSync(path.join(dir, `${file}${suffix}`), script.createCachedData());
}
// Whatever the runs left open (the sandbox's server, idle connections) must not hold the build.
process.exit(0);
