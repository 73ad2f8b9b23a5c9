// A command that a message suggests is safe to paste into a shell, whatever the server or the
// user put in it: each hint is pasted into bash with `gwctl` replaced by a function that records
// the words it was given, and those must be the words gwctl meant, with nothing run besides.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { internBody } from '../kit/bodies.js';
import { gwctl } from '../kit/cli.js';
import { type ScriptedServer, startServer } from '../kit/server.js';

const KEY = 'sk-mgmt-hints-0123456789abcdef';
const env = { GWCTL_MANAGEMENT_KEY: KEY, GWCTL_API_KEY: KEY };
const dir = mkdtempSync(path.join(tmpdir(), 'gwctl-hints-'));
const marker = path.join(dir, 'PWNED');

/** Values a hostile server or a careless user might hand over. */
const HOSTILE = [
  'x;touch${IFS}' + marker + ';#',
  `$(touch ${marker})`,
  `\`touch ${marker}\``,
  `it's "quoted" & <redirected> | piped`,
  `a'; touch ${marker}; echo '`,
  'two words',
];

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

/** The words bash hands to `gwctl` when `command` (a line starting with `gwctl`) is pasted. */
function pasted(command: string): string[] {
  const argv = path.join(dir, 'argv');
  const script = `gwctl() { printf '%s\\0' "$@" > ${argv}; }\n${command}\n`;
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(existsSync(marker)).toBe(false);
  return readFileSync(argv, 'utf8').split('\0').slice(0, -1);
}

/** The command a line of stderr names, from `gwctl` to the end of the line or to its `(or ...)` aside. */
function commandIn(stderr: string, before: string): string {
  const line = stderr.split('\n').find((l) => l.includes(before))!;
  expect(line).toBeDefined();
  const start = line.indexOf('gwctl ', line.indexOf(before));
  const end = line.lastIndexOf(' (or ');
  return line.slice(start, end > start ? end : undefined);
}

describe.each(HOSTILE)('a hint that repeats %j', (value) => {
  it("interns ls: the server's next_cursor", async () => {
    server.handle(() => ({ body: { data: [internBody(1)], has_more: true, next_cursor: value } }));
    const r = await gwctl(['interns', 'ls', '--base-url', server.baseUrl], { env });
    expect(r.code).toBe(0);
    const words = pasted(commandIn(r.stderr, 'More interns exist:'));
    expect(words).toEqual(['interns', 'ls', '--starting-after', value, '--base-url', server.baseUrl]);
  });

  it('interns suspend: an intern id is a UUID, so this one is refused before anything is sent and no hint repeats it', async () => {
    server.handle(() => ({ drop: true }));
    const r = await gwctl(['interns', 'suspend', value, '--yes', '--base-url', server.baseUrl], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^gwctl: invalid intern id ".*": must be a UUID such as 7c9e6679-7425-40de-944b-e07fc1f90ae7\n$/);
    expect(server.requests).toEqual([]);
  });

  it('batches delete: the id whose answer was lost', async () => {
    server.handle(() => ({ drop: true }));
    const r = await gwctl(['batches', 'delete', value, '--yes', '--base-url', server.baseUrl], { env });
    expect(r.code).toBe(7);
    expect(pasted(commandIn(r.stderr, 'check with:'))).toEqual(['batches', 'get', value]);
  });
});

it('a cursor with a line break is shown escaped, and pastes as one word', async () => {
  server.handle(() => ({ body: { data: [internBody(1)], has_more: true, next_cursor: `a\ntouch ${marker}` } }));
  const r = await gwctl(['interns', 'ls', '--base-url', server.baseUrl], { env });
  const words = pasted(commandIn(r.stderr, 'More interns exist:'));
  expect(words).toEqual(['interns', 'ls', '--starting-after', `a\\ntouch ${marker}`, '--base-url', server.baseUrl]);
});
