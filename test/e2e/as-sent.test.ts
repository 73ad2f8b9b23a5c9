// The contract's "What the API sent, as it sent it", as a process against a scripted server:
// --json, --jsonl, gwctl api, --all (merged and line by line), --paginate and --watch events
// print keys in the body's order and every number as written; only the layout is gwctl's.
// A body that is not JSON (NaN) stays the API's error.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envelope, type ScriptedServer, startServer } from '../kit/server.js';
import { expectNoCrash, runGwctl, spawnGwctl, until } from '../kit/spawn.js';

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const KEY = 'sk-as-sent-0123456789abcdef';
// What JSON.parse would change: an integer-like key moved first, numbers rounded or rewritten.
const AWKWARD = '"b":1,"10":2,"big":12345678901234567890,"dec":1.10,"neg":-0,"huge":1e1000,"small":0.1e-7';
const AWKWARD_PRETTY = (pad: string): string =>
  AWKWARD.split(',')
    .map((field) => `${pad}${field.replace(':', ': ')}`)
    .join(',\n');

const intern = (id: string): string => `{"id":"${id}","name":"n-${id.slice(0, 4)}","status":"running",${AWKWARD}}`;
const INTERN_PRETTY = (id: string, pad: string): string =>
  `{\n${pad}  "id": "${id}",\n${pad}  "name": "n-${id.slice(0, 4)}",\n${pad}  "status": "running",\n${AWKWARD_PRETTY(`${pad}  `)}\n${pad}}`;
const A = 'aaaaaaaa-7425-40de-944b-e07fc1f90ae7';
const B = 'bbbbbbbb-7425-40de-944b-e07fc1f90ae7';
const C = 'cccccccc-7425-40de-944b-e07fc1f90ae7';

let server: ScriptedServer;
let gone = false;
let notJson = false;
beforeAll(async () => {
  server = await startServer((req) => {
    const json = (body: string) => ({ headers: { 'content-type': 'application/json' }, body });
    if (req.path === `/api/v1/interns/${ID}`) {
      if (notJson) return json('{"n":NaN}');
      if (gone) return { status: 404, body: envelope(404, 'no such intern', { reason: 'not_found' }) };
      // Spaced as no serialiser of ours would space it: the layout printed is gwctl's own.
      return json(` {\n\t"id" : "${ID}" , "name":"scripted",\r\n "status" : "running", ${AWKWARD} } `);
    }
    if (req.path === '/api/v1/interns') {
      return req.query.get('starting_after') === B
        ? json(`{"data":[${intern(C)}],"has_more":false,"next_cursor":null,"total":3.0}`)
        : json(`{ "data" : [ ${intern(A)} ,\n ${intern(B)} ], "has_more": true, "next_cursor": "${B}", "total": 3.0 }`);
    }
    return { status: 404, body: { error: { code: 404, message: 'not scripted' } } };
  });
});
afterAll(() => server.close());
beforeEach(() => {
  gone = false;
  notJson = false;
  server.reset();
});

const gwctl = async (args: string[]) => {
  const r = await runGwctl([...args, '--base-url', server.baseUrl], { env: { GWCTL_API_KEY: KEY, GWCTL_MANAGEMENT_KEY: KEY } });
  expectNoCrash(r.stderr);
  return r;
};

const GET_PRETTY = `{\n  "id": "${ID}",\n  "name": "scripted",\n  "status": "running",\n${AWKWARD_PRETTY('  ')}\n}\n`;
const GET_LINE = `{"id":"${ID}","name":"scripted","status":"running",${AWKWARD}}\n`;

describe('one body', () => {
  it('--json: keys in the body order, every number as written, laid out by gwctl', async () => {
    expect(await gwctl(['interns', 'get', ID, '--json'])).toMatchObject({ code: 0, stdout: GET_PRETTY, stderr: '' });
  });

  it('--jsonl: the same on one line', async () => {
    expect(await gwctl(['interns', 'get', ID, '--jsonl'])).toMatchObject({ code: 0, stdout: GET_LINE, stderr: '' });
  });

  it('gwctl api: pretty, and one line under --jsonl', async () => {
    expect(await gwctl(['api', `interns/${ID}`])).toMatchObject({ code: 0, stdout: GET_PRETTY, stderr: '' });
    expect(await gwctl(['api', `interns/${ID}`, '--jsonl'])).toMatchObject({ code: 0, stdout: GET_LINE, stderr: '' });
  });

  it('a body that is not JSON (NaN) is the API error: exit 1 with what was received', async () => {
    notJson = true;
    const r = await gwctl(['interns', 'get', ID, '--json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('the response is not JSON (application/json): \\"{\\\\\\"n\\\\\\":NaN}\\"');
  });
});

describe('lists read page by page', () => {
  const MERGED =
    `{\n  "data": [\n${[A, B, C].map((id) => `    ${INTERN_PRETTY(id, '    ')}`).join(',\n')}\n  ],\n` +
    `  "has_more": false,\n  "next_cursor": null,\n  "total": 3.0\n}\n`;
  const LINES = [A, B, C].map((id) => `${intern(id)}\n`).join('');

  it('--all --json: one merged body, each item and the last page fields as sent', async () => {
    expect(await gwctl(['interns', 'ls', '--all', '--json'])).toMatchObject({ code: 0, stdout: MERGED, stderr: '' });
  });

  it('--all --jsonl: each item as sent, one per line', async () => {
    expect(await gwctl(['interns', 'ls', '--all', '--jsonl'])).toMatchObject({ code: 0, stdout: LINES, stderr: '' });
  });

  it('gwctl api --paginate: the same merged body and lines', async () => {
    expect(await gwctl(['api', 'interns', '--paginate'])).toMatchObject({ code: 0, stdout: MERGED, stderr: '' });
    expect(await gwctl(['api', 'interns', '--paginate', '--jsonl'])).toMatchObject({ code: 0, stdout: LINES, stderr: '' });
  });
});

describe('--watch events', () => {
  const event = (type: string, body: string) => new RegExp(`^\\{"type":"${type}","at":"[^"]+","object":${escapeRegExp(body)}\\}$`);

  it('the objects of a list watch are the items as sent', async () => {
    const run = spawnGwctl(['interns', 'ls', '--watch', '--jsonl', '--base-url', server.baseUrl], {
      env: { GWCTL_API_KEY: KEY, GWCTL_MANAGEMENT_KEY: KEY },
    });
    await until(() => run.stdout().split('\n').length > 3, 15_000);
    run.child.kill('SIGINT');
    expect((await run.done).code).toBe(130);
    const lines = run.stdout().trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    [A, B, C].forEach((id, i) => expect(lines[i]).toMatch(event('added', intern(id))));
  });

  it('one object watched until it is gone: added, then deleted with its last state as sent', async () => {
    const run = spawnGwctl(['interns', 'get', ID, '--watch', '--interval', '0.5', '--json', '--base-url', server.baseUrl], {
      env: { GWCTL_API_KEY: KEY, GWCTL_MANAGEMENT_KEY: KEY },
    });
    await until(() => run.stdout().includes('\n'), 15_000);
    gone = true;
    const done = await run.done;
    expectNoCrash(run.stderr());
    expect(done.code).toBe(0);
    const lines = run.stdout().trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(event('added', GET_LINE.trimEnd()));
    expect(lines[1]).toMatch(event('deleted', GET_LINE.trimEnd()));
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
