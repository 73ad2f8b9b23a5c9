// Invisible format characters from the server (zero-width spaces and joiners, the word joiner,
// the BOM, the soft hyphen, Mongolian vowel separator, tag characters) are escaped wherever a
// person reads them: "prod\u200b-db" must not pass for "prod-db". JSON keeps the value, escaped.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { missing } from '../completions/shells.js';
import { onScreen } from '../kit/tmux.js';
import { safeJson, sanitizeBlock, sanitizeField, sanitizeRawString, shownValue } from '../../src/core/sanitize.js';
import { internBody, internId } from '../kit/bodies.js';
import { gwctl } from '../kit/cli.js';
import { startServer, type ScriptedServer } from '../kit/server.js';

const KEY = 'sk-test-0123456789abcdef';
/** "prod-db" to the eye: a zero-width space, two tag characters, and the rest of the list. */
const HIDDEN = 'prod\u200b-db\u{e0041}\u{e0042}\u00ad\u180e\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff\u{e0000}\u{e007f}\u0600';
const SHOWN =
  'prod\\u200b-db\\u{e0041}\\u{e0042}\\u00ad\\u180e\\u200c\\u200d\\u2060\\u2061\\u2062\\u2063\\u2064\\ufeff\\u{e0000}\\u{e007f}\\u0600';
const IN_JSON =
  'prod\\u200b-db\\udb40\\udc41\\udb40\\udc42\\u00ad\\u180e\\u200c\\u200d\\u2060\\u2061\\u2062\\u2063\\u2064\\ufeff\\udb40\\udc00\\udb40\\udc7f\\u0600';
/** Any format character or tag character, raw. */
const RAW = /[\p{Cf}\u{e0000}-\u{e007f}]/u;
const ID = internId(1);

describe('the escapes', () => {
  it('a format character as \\uXXXX, a tag character as one code point \\u{e0041}, everywhere a person reads', () => {
    expect(sanitizeField(HIDDEN)).toBe(SHOWN);
    expect(sanitizeBlock(`${HIDDEN}\n`)).toBe(`${SHOWN}\n`);
    expect(sanitizeRawString(`${HIDDEN}\r`)).toBe(`${SHOWN}\r`);
    expect(shownValue(HIDDEN)).toBe(SHOWN);
  });
  it('a ZWJ emoji sequence shows its joiners', () => {
    expect(sanitizeField('👩\u200d💻')).toBe('👩\\u200d💻');
  });
  it('JSON keeps the value, with each character as JSON escapes it (a tag as its surrogates)', () => {
    expect(safeJson(HIDDEN)).toBe(`"${IN_JSON}"`);
    expect(JSON.parse(safeJson(HIDDEN))).toBe(HIDDEN);
  });
  it('shownValue (the MCP confirmation) escapes what it keeps of a long value', () => {
    const long = `${'a'.repeat(198)}\u{e0041}${'z'.repeat(50)}`;
    expect(shownValue(long)).toBe(`${'a'.repeat(198)}\\u{e0041}… (${long.length} characters)`);
  });
});

describe('server text with invisible characters, through the commands', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startServer((req) => {
      if (req.path === '/api/v1/interns')
        return { body: { data: [internBody(1, { name: HIDDEN })], has_more: true, next_cursor: 'c\u200b1' } };
      if (req.path === `/api/v1/interns/${ID}`) return { body: internBody(1, { name: HIDDEN, instructions: `be brief\n${HIDDEN}` }) };
      return { status: 404, body: { error: { code: 404, message: `no intern named ${HIDDEN}`, metadata: { reason: `gone${HIDDEN}` } } } };
    });
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());
  const run = (args: string[], tty = false) =>
    gwctl([...args, '--base-url', server.baseUrl], {
      env: { GWCTL_MANAGEMENT_KEY: KEY, NO_COLOR: '1' },
      stdoutIsTTY: tty,
      columns: 250,
    });

  it.skipIf(missing.tmux)(
    `a table on a real terminal (tmux)${missing.tmux ? ` (skipped: ${missing.tmux})` : ''}`,
    { timeout: 60_000 },
    async () => {
      const screen = await onScreen(
        ['interns', 'ls', '--columns', 'id,name', '--base-url', server.baseUrl],
        { GWCTL_MANAGEMENT_KEY: KEY, TERM: 'xterm' },
        250,
      );
      expect(screen.exit).toBe(0);
      expect(screen.text.split('\n')[1]).toBe(`${ID}  ${SHOWN}`);
    },
  );

  it('a terminal table', async () => {
    const r = await run(['interns', 'ls'], true);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(RAW);
    expect(r.stdout.split('\n')[1]).toMatch(new RegExp(`^${ID} {2,}${SHOWN.replace(/[\\{}]/g, '\\$&')} {2,}running`));
  });

  it('piped rows, and the hint that repeats the server cursor', async () => {
    const r = await run(['interns', 'ls']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${ID}\t${SHOWN}\trunning\t\t\t2026-09-10T08:30:00.000Z\n`);
    expect(r.stderr).toBe(
      `More interns exist: gwctl interns ls --starting-after 'c\\u200b1' --base-url ${server.baseUrl} (or --all for every page)\n`,
    );
  });

  it('a detail view, on a terminal and piped', async () => {
    for (const [tty, name, instructions] of [
      [true, `Name            ${SHOWN}`, `Instructions    be brief\\n${SHOWN}`],
      [false, `name\t${SHOWN}`, `instructions\tbe brief\\n${SHOWN}`],
    ] as const) {
      const r = await run(['interns', 'get', ID], tty);
      expect(r).toMatchObject({ code: 0, stderr: '' });
      expect(r.stdout).not.toMatch(RAW);
      const lines = r.stdout.split('\n');
      expect(lines[1]).toBe(name);
      expect(lines[6]).toBe(instructions);
    }
  });

  it('--json and --jsonl: the same value, its invisible characters as JSON escapes', async () => {
    for (const form of ['--json', '--jsonl']) {
      const r = await run(['interns', 'get', ID, form]);
      expect(r).toMatchObject({ code: 0, stderr: '' });
      expect(r.stdout).not.toMatch(RAW);
      expect(r.stdout).toContain(`"name":${form === '--json' ? ' ' : ''}"${IN_JSON}"`);
      expect((JSON.parse(r.stdout) as { name: string }).name).toBe(HIDDEN);
    }
  });

  it('an error quoting the server message and reason', async () => {
    const missing = internId(2);
    const r = await run(['interns', 'get', missing]);
    expect(r).toMatchObject({ code: 5, stdout: '' });
    expect(r.stderr).toBe(`gwctl: HTTP 404: no intern named ${SHOWN} (reason: gone${SHOWN})\n`);
    const json = await run(['interns', 'get', missing, '--json']);
    expect(json.stderr).not.toMatch(RAW);
    expect((JSON.parse(json.stderr) as { error: { message: string } }).error.message).toBe(`no intern named ${SHOWN}`);
  });
});
