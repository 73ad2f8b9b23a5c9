// What the npm build loads when its output goes to a file or /dev/null: gwctl writes to the
// descriptor itself (ProcessOutput in src/main.ts), so `--help` so sent builds none of Node's
// streams, which were a third of its start-up (bench/README.md). The standalone executable runs
// the same chunks (scripts/sea-chunks.mjs) and is not asked again here.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGwctl, runGwctlInto } from '../kit/spawn.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'gwctl-streams-'));
// Node's own list of the built-in modules it loaded, written when the process exits.
const preload = path.join(dir, 'list-modules.cjs');
const list = path.join(dir, 'modules.txt');
writeFileSync(
  preload,
  `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join('\\n')));\n`,
);
const env = { NODE_OPTIONS: `--require ${preload}` };

describe('stdout to a file or /dev/null', () => {
  it('--help loads no part of Node streams', async () => {
    const loaded = async (args: string[], stdout: string): Promise<string[]> => {
      expect(await runGwctlInto(env, args, stdout, path.join(dir, 'loads.err'))).toBe(0);
      return readFileSync(list, 'utf8').split('\n');
    };
    const baseline = new Set(await loaded(['--version'], '/dev/null'));
    const streams = (modules: string[]) =>
      modules.filter((m) => /^NativeModule (stream|internal\/streams\/|net$|tty$)/.test(m) && !baseline.has(m));
    expect(streams(await loaded(['--help'], '/dev/null'))).toEqual([]);
    expect(streams(await loaded(['--help'], path.join(dir, 'help-file.txt')))).toEqual([]);
    // The list would show them: on a pipe, Node's stream is a socket.
    const piped = await runGwctl(['--help'], { env });
    expect(piped.code).toBe(0);
    expect(streams(readFileSync(list, 'utf8').split('\n'))).toContain('NativeModule net');
  });
});
