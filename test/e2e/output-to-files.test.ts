// Output sent to a file or /dev/null rather than a pipe or a terminal. gwctl then writes to the
// descriptor itself instead of building Node's stdout stream (ProcessOutput in src/main.ts): these
// tests hold that what lands in the file is exactly what a pipe gets, errors included. That it
// then loads none of Node's streams is test/build/streams.test.ts.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedServer, startServer } from '../kit/server.js';
import { runGwctl, runGwctlInto } from '../kit/spawn.js';

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
const env = () => ({ GWCTL_BASE_URL: server.baseUrl, GWCTL_API_KEY: KEY });

describe('stdout and stderr sent to files', () => {
  it('help: the file holds exactly what a pipe gets', async () => {
    const piped = await runGwctl(['interns', 'ls', '--help']);
    const out = path.join(dir, 'help.txt');
    const err = path.join(dir, 'help.err');
    expect(await runGwctlInto(env(), ['interns', 'ls', '--help'], out, err)).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(piped.stdout);
    expect(piped.stdout).toContain('Usage: gwctl interns ls');
    expect(readFileSync(err, 'utf8')).toBe('');
  });

  it('a result and an error: each in its file, as through pipes, with the exit code', async () => {
    const out = path.join(dir, 'get.json');
    const err = path.join(dir, 'get.err');
    expect(await runGwctlInto(env(), ['interns', 'get', INTERN, '--json'], out, err)).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(BODY);
    expect(readFileSync(err, 'utf8')).toBe('');

    const missing = '00000000-0000-4000-8000-000000000000';
    const piped = await runGwctl(['interns', 'get', missing, '--retries', '0'], {
      env: { GWCTL_BASE_URL: server.baseUrl, GWCTL_API_KEY: KEY },
    });
    expect(piped.code).toBe(5);
    expect(await runGwctlInto(env(), ['interns', 'get', missing, '--retries', '0'], out, err)).toBe(5);
    expect(readFileSync(out, 'utf8')).toBe('');
    expect(readFileSync(err, 'utf8')).toBe(piped.stderr);
    expect(piped.stderr).toContain('Intern not found');
  });

  it('to /dev/null: the run still ends with its own exit code', async () => {
    expect(await runGwctlInto(env(), ['interns', 'get', INTERN, '--json'], '/dev/null', '/dev/null')).toBe(0);
    expect(await runGwctlInto(env(), ['interns', 'ls', '--limit', '0'], '/dev/null', '/dev/null')).toBe(2);
  });
});
