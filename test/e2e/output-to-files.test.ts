// Output sent to a file or /dev/null rather than a pipe or a terminal. gwctl then writes to the
// descriptor itself instead of building Node's stdout stream (core/io.ts, ProcessOutput): these
// tests hold that what lands in the file is exactly what a pipe gets, errors included, and that
// `--help` so redirected loads no part of Node's streams.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedServer, startServer } from '../kit/server.js';
import { gwctlCommand, runGwctl, testEnv } from '../kit/spawn.js';

const KEY = 'sk-api-output-files-0123456789abcdef';
const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const BODY = { id: INTERN, name: 'scribe', status: 'running' };

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer((request) =>
    request.url?.includes(INTERN) ? { body: BODY } : { status: 404, body: { error: { message: 'Intern not found' } } },
  );
});
afterAll(async () => {
  await server.close();
});

const dir = mkdtempSync(path.join(os.tmpdir(), 'gwctl-files-'));
const env = (extra: Record<string, string> = {}) => testEnv({ GWCTL_BASE_URL: server.baseUrl, GWCTL_API_KEY: KEY, ...extra });

/** Runs gwctl with stdout and stderr sent to `stdoutPath` and `stderrPath` (files or devices). */
async function runInto(
  args: readonly string[],
  stdoutPath: string,
  stderrPath: string,
  extra: Record<string, string> = {},
): Promise<number | null> {
  const out = openSync(stdoutPath, 'w');
  const err = openSync(stderrPath, 'w');
  const [program, ...lead] = gwctlCommand();
  try {
    const child = spawn(program, [...lead, ...args], { env: env(extra), stdio: ['ignore', out, err] });
    return await new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve(code));
    });
  } finally {
    closeSync(out);
    closeSync(err);
  }
}

describe('stdout and stderr sent to files', () => {
  it('help: the file holds exactly what a pipe gets', async () => {
    const piped = await runGwctl(['interns', 'ls', '--help']);
    const out = path.join(dir, 'help.txt');
    const err = path.join(dir, 'help.err');
    expect(await runInto(['interns', 'ls', '--help'], out, err)).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(piped.stdout);
    expect(piped.stdout).toContain('Usage: gwctl interns ls');
    expect(readFileSync(err, 'utf8')).toBe('');
  });

  it('a result and an error: each in its file, as through pipes, with the exit code', async () => {
    const out = path.join(dir, 'get.json');
    const err = path.join(dir, 'get.err');
    expect(await runInto(['interns', 'get', INTERN, '--json'], out, err)).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(BODY);
    expect(readFileSync(err, 'utf8')).toBe('');

    const missing = '00000000-0000-4000-8000-000000000000';
    const piped = await runGwctl(['interns', 'get', missing, '--retries', '0'], {
      env: { GWCTL_BASE_URL: server.baseUrl, GWCTL_API_KEY: KEY },
    });
    expect(piped.code).toBe(5);
    expect(await runInto(['interns', 'get', missing, '--retries', '0'], out, err)).toBe(5);
    expect(readFileSync(out, 'utf8')).toBe('');
    expect(readFileSync(err, 'utf8')).toBe(piped.stderr);
    expect(piped.stderr).toContain('Intern not found');
  });

  it('to /dev/null: the run still ends with its own exit code', async () => {
    expect(await runInto(['interns', 'get', INTERN, '--json'], '/dev/null', '/dev/null')).toBe(0);
    expect(await runInto(['interns', 'ls', '--limit', '0'], '/dev/null', '/dev/null')).toBe(2);
  });

  // The standalone executable starts from a snapshot that already holds Node's streams (the HTTP
  // client is in it), so its list of loaded modules cannot show the difference.
  const binary = process.env.GWCTL_TEST_BINARY ? ' (skipped: the standalone executable has them in its startup snapshot)' : '';
  it.skipIf(binary)(`--help to /dev/null loads no part of Node streams${binary}`, async () => {
    const preload = path.join(dir, 'list-modules.cjs');
    const list = path.join(dir, 'modules.txt');
    writeFileSync(
      preload,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join('\\n')));\n`,
    );
    const loaded = async (args: string[], stdout: string): Promise<string[]> => {
      expect(await runInto(args, stdout, path.join(dir, 'loads.err'), { NODE_OPTIONS: `--require ${preload}` })).toBe(0);
      return readFileSync(list, 'utf8').split('\n');
    };
    const baseline = new Set(await loaded(['--version'], '/dev/null'));
    const streams = (modules: string[]) =>
      modules.filter((m) => /^NativeModule (stream|internal\/streams\/|net$|tty$)/.test(m) && !baseline.has(m));
    expect(streams(await loaded(['--help'], '/dev/null'))).toEqual([]);
    expect(streams(await loaded(['--help'], path.join(dir, 'help-file.txt')))).toEqual([]);
    // The list would show them: on a pipe, Node's stream is a socket.
    const piped = await runGwctl(['--help'], { env: { NODE_OPTIONS: `--require ${preload}` } });
    expect(piped.code).toBe(0);
    expect(streams(readFileSync(list, 'utf8').split('\n'))).toContain('NativeModule net');
  });
});
