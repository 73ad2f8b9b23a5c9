// --jq, --jsonl, --columns and --header on real commands against a scripted server: exact
// output, the exclusions, and that a refused option sends nothing.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import type { InternBody } from '../kit/bodies.js';
import { startServer, type ScriptedServer } from '../kit/server.js';

const KEY = 'sk-test-0123456789abcdef';
const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
/** Every bidirectional control, ESC and a C1 control. */
const HOSTILE = 'a\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u001b[31m\u009bz';
const HOSTILE_ESCAPED = 'a\\u061c\\u200e\\u200f\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069\\e[31m\\x9bz';
const HOSTILE_JSON = 'a\\u061c\\u200e\\u200f\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069\\u001b[31m\\u009bz';

function intern(n: number, extra: Partial<InternBody> = {}): InternBody {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `intern-${n}`,
    description: null,
    instructions: null,
    status: n % 2 ? 'running' : 'failed',
    model: n === 2 ? null : 'openai/gpt-4o',
    hostname: null,
    created_at: '2026-09-10T08:30:00Z',
    updated_at: '2026-09-10T08:30:00Z',
    ...extra,
  } as InternBody;
}

const interns = [intern(1), intern(2), intern(3, { name: HOSTILE })];
/** What the list route serves, and in pages of how many: a test may swap them for a long list. */
let list: InternBody[] = interns;
let pageSize = 2;
let server: ScriptedServer;

beforeAll(async () => {
  server = await startServer((req) => {
    if (req.path === '/api/v1/interns') {
      // Pages of two, by cursor.
      const start = Number(req.query.get('starting_after') ?? 0);
      const page = list.slice(start, start + pageSize);
      const more = start + pageSize < list.length;
      return { body: { data: page, has_more: more, ...(more ? { next_cursor: String(start + pageSize) } : {}) } };
    }
    if (req.path === `/api/v1/interns/${ID}`) return { body: intern(9, { id: ID, name: HOSTILE }) };
    return { status: 404, body: { error: { code: 404, message: 'Not found' } } };
  });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const run = (args: string[], tty = false) =>
  gwctl([...args, '--base-url', server.baseUrl], {
    env: { GWCTL_API_KEY: KEY, GWCTL_MANAGEMENT_KEY: KEY, NO_COLOR: '1' },
    stdoutIsTTY: tty,
    columns: 200,
  });

describe('--jq', () => {
  it('filters the merged body of every page: strings raw, anything else compact JSON, one per line', async () => {
    const r = await run(['interns', 'ls', '--all', '--jq', '(.data[] | select(.status == "running") | .id), (.data | length)']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe(`${interns[0]!.id}\n${interns[2]!.id}\n3\n`);
    expect(server.requests).toHaveLength(2);
  });

  it('works on a get, and its raw strings are made safe', async () => {
    const r = await run(['interns', 'get', ID, '--jq', '.name, {name}']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe(`${HOSTILE_ESCAPED}\n{"name":"${HOSTILE_JSON}"}\n`);
  });

  it('a filter that does not compile is exit 2, one line, and nothing is sent', async () => {
    const r = await run(['interns', 'ls', '--jq', '.data[']);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: '{"error":{"status":null,"message":"invalid --jq filter: syntax error, unexpected end of file","exit_code":2}}\n',
    });
    const unknown = await run(['interns', 'ls', '--jq', 'nosuchfunction(1)']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('invalid --jq filter: nosuchfunction/1 is not defined');
    expect(server.requests).toHaveLength(0);
  });

  it('a run-time error is exit 1 and prints nothing on stdout', async () => {
    const r = await run(['interns', 'get', ID, '--jq', '.name | .x']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('{"error":{"status":null,"message":"--jq: Cannot index string with string (\\"x\\")","exit_code":1}}\n');
  });
});

describe('--jq over --all, item by item', () => {
  const long = Array.from({ length: 2500 }, (_, i) => intern(i + 1));
  const serveLong = (items: InternBody[]): void => {
    list = items;
    pageSize = 500;
  };
  afterEach(() => {
    list = interns;
    pageSize = 2;
  });

  it('`.data[] | …` gives exactly what the same filter gives over the merged body', async () => {
    serveLong(long);
    const itemwise = await run(['interns', 'ls', '--all', '--jq', '.data[] | select(.status == "failed") | .name']);
    const whole = await run(['interns', 'ls', '--all', '--jq', '[.data[] | select(.status == "failed") | .name] | .[]']);
    expect(itemwise).toMatchObject({ code: 0, stderr: '' });
    expect(itemwise.stdout).toBe(whole.stdout);
    expect(itemwise.stdout).toBe(
      long
        .filter((i) => i.status === 'failed')
        .map((i) => `${i.name}\n`)
        .join(''),
    );
    expect(server.requests).toHaveLength(10);
  });

  it('runs on batches as pages arrive: a run-time error in a later batch comes after what was printed, exit 1', async () => {
    serveLong(long);
    const r = await run([
      'interns',
      'ls',
      '--all',
      '--jq',
      '.data[] | if .name == "intern-1501" then error("stopped at \\(.name)") else .name end',
    ]);
    expect(r.code).toBe(1);
    // Every output before the failure is printed, as jq over the merged body prints it: the
    // first batch (1,000 items, two pages), then the failing batch's outputs up to the error.
    expect(r.stdout).toBe(
      long
        .slice(0, 1500)
        .map((i) => `${i.name}\n`)
        .join(''),
    );
    expect(r.stderr).toBe('{"error":{"status":null,"message":"--jq: stopped at intern-1501","exit_code":1}}\n');
  });
});

describe('--jsonl', () => {
  it('a list: one compact item per line, no envelope, every page with --all', async () => {
    const r = await run(['interns', 'ls', '--all', '--jsonl']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0]!)).toEqual(interns[0]);
    expect(lines[2]).toContain(`"name":"${HOSTILE_JSON}"`);
  });

  it('a get: the body on one line', async () => {
    const r = await run(['interns', 'get', ID, '--jsonl']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toHaveLength(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: ID, name: HOSTILE });
  });
});

describe('--columns and --header', () => {
  it('pick and order the piped columns (names in any case), with raw values and a header line', async () => {
    const r = await run(['interns', 'ls', '--all', '--columns', 'STATUS, id,model', '--header']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe(
      `STATUS\tid\tmodel\nrunning\t${interns[0]!.id}\topenai/gpt-4o\nfailed\t${interns[1]!.id}\t\nrunning\t${interns[2]!.id}\topenai/gpt-4o\n`,
    );
  });

  it('the default columns, with a header, and hostile names escaped', async () => {
    const r = await run(['interns', 'ls', '--all', '--header']);
    expect(r.stdout.split('\n')[0]).toBe('id\tname\tstatus\tmodel\thostname\tcreated_at');
    expect(r.stdout.split('\n')[3]).toBe(`${interns[2]!.id}\t${HOSTILE_ESCAPED}\trunning\topenai/gpt-4o\t\t2026-09-10T08:30:00.000Z`);
  });

  it('pick the columns of a terminal table too', async () => {
    const r = await run(['interns', 'ls', '--columns', 'name,id', '--limit', '2'], true);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^NAME +ID *$/);
    expect(r.stdout).not.toContain('STATUS');
  });

  it.each([
    [
      ['--columns', 'id,bogus'],
      'gwctl: unknown column "bogus" for interns ls; valid columns: id, name, status, model, hostname, created_at, description, instructions, last_failure_message, vault_id, attached_vault_id, workspace_id, updated_at\n',
    ],
    [
      ['--columns', 'id,,name'],
      'gwctl: invalid --columns "id,,name" for interns ls: a column name is empty; valid columns: id, name, status, model, hostname, created_at, description, instructions, last_failure_message, vault_id, attached_vault_id, workspace_id, updated_at\n',
    ],
  ])('%j is exit 2, lists the valid names, sends nothing', async (flags, stderr) => {
    const r = await run(['interns', 'ls', ...flags]);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr });
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    [
      ['--columns', 'id,stat'],
      'gwctl: unknown column "stat" for interns ls; did you mean status? Valid columns: id, name, status, model, hostname, created_at, description, instructions, last_failure_message, vault_id, attached_vault_id, workspace_id, updated_at\n',
    ],
    [
      ['--columns', 'NAME,crated_at'],
      'gwctl: unknown column "crated_at" for interns ls; did you mean created_at? Valid columns: id, name, status, model, hostname, created_at, description, instructions, last_failure_message, vault_id, attached_vault_id, workspace_id, updated_at\n',
    ],
    [['--status', 'runing'], 'gwctl: invalid --status "runing": did you mean --status running?\n'],
    [['--status', 'running,faild'], 'gwctl: invalid --status "running,faild": did you mean --status running,failed?\n'],
    [
      ['--status', 'running,bogus'],
      'gwctl: invalid --status "running,bogus": --status values must be among: awaiting_chat_install, queued, provisioning, running, failed, stopped, destroying, destroy_failed\n',
    ],
  ])('%j near a valid name or value: exit 2, did you mean, nothing sent', async (flags, stderr) => {
    const r = await run(['interns', 'ls', ...flags]);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr });
    expect(server.requests).toHaveLength(0);
  });

  it('do not apply to a command without columns', async () => {
    const r = await run(['auth', 'status', '--columns', 'id']);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: "gwctl: --columns does not apply to auth status: it prints no columns; use --jq to pick fields, e.g. --jq '.id'\n",
    });
    expect(server.requests).toHaveLength(0);
  });
});

describe('--columns and --header on a detail view', () => {
  it('in a pipe: one row of raw values, after the header line as given', async () => {
    const r = await run(['interns', 'get', ID, '--columns', 'ID,status,model,name,created_at,progress', '--header']);
    expect(r).toMatchObject({
      code: 0,
      stderr: '',
      stdout: `ID\tstatus\tmodel\tname\tcreated_at\tprogress\n${ID}\trunning\topenai/gpt-4o\t${HOSTILE_ESCAPED}\t2026-09-10T08:30:00.000Z\t\n`,
    });
  });

  it('--header alone: every declared field, by name, and one row', async () => {
    const r = await run(['interns', 'get', ID, '--header']);
    expect(r.code).toBe(0);
    const [header, row, end] = r.stdout.split('\n');
    expect(header).toBe(
      'id\tname\tstatus\tlast_failure_message\tmodel\thostname\tdescription\tinstructions\tprogress\tvault_id\tattached_vault_id\tworkspace_id\tcreated_at\tupdated_at',
    );
    expect(row).toBe(
      `${ID}\t${HOSTILE_ESCAPED}\trunning\t\topenai/gpt-4o\t\t\t\t\t\t\t\t2026-09-10T08:30:00.000Z\t2026-09-10T08:30:00.000Z`,
    );
    expect(end).toBe('');
  });

  it('on a terminal: the picked fields, labelled, in the order given', async () => {
    const r = await run(['interns', 'get', ID, '--columns', 'status,id'], true);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout.split('\n').map((l) => l.trimEnd())).toEqual([
      expect.stringMatching(/^Status +running$/),
      expect.stringMatching(new RegExp(`^ID +${ID}$`)),
      '',
    ]);
  });

  it('an unknown field is exit 2, lists the valid ones, and sends nothing', async () => {
    const r = await run(['interns', 'get', ID, '--columns', 'id,colour']);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'gwctl: unknown column "colour" for interns get; valid columns: id, name, status, last_failure_message, model, hostname, description, instructions, progress, vault_id, attached_vault_id, workspace_id, created_at, updated_at\n',
    });
    expect(server.requests).toHaveLength(0);
  });
});

describe('modes that contradict each other', () => {
  it.each([
    [['--json', '--columns', 'id'], '--columns cannot be used with --json: --columns shapes rows, --json prints the body'],
    [['--jq', '.', '--header'], '--header cannot be used with --jq: --header shapes rows, --jq prints the body'],
    [['--jsonl', '--columns', 'id'], '--columns cannot be used with --jsonl: --columns shapes rows, --jsonl prints the body'],
    [['--json', '--header'], '--header cannot be used with --json: --header shapes rows, --json prints the body'],
    [['--jq', '.', '--columns', 'id'], '--columns cannot be used with --jq: --columns shapes rows, --jq prints the body'],
    [['--jsonl', '--header'], '--header cannot be used with --jsonl: --header shapes rows, --jsonl prints the body'],
    [['--jsonl', '--json'], '--jsonl cannot be used with --json'],
    [['--jsonl', '--jq', '.'], '--jsonl cannot be used with --jq'],
  ])('%j is exit 2 and sends nothing', async (flags, message) => {
    const r = await run(['interns', 'ls', ...flags]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toEqual({
      error: { status: null, message, hint: "use one output mode; see 'gwctl help formatting'", exit_code: 2 },
    });
    expect(server.requests).toHaveLength(0);
  });
});

describe('hostile server text leaves escaped in every output mode', () => {
  const unsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
  it.each([
    [['interns', 'ls', '--all'], HOSTILE_ESCAPED],
    [['interns', 'ls', '--all', '--columns', 'name,id', '--header'], HOSTILE_ESCAPED],
    [['interns', 'ls', '--all', '--json'], HOSTILE_JSON],
    [['interns', 'ls', '--all', '--jsonl'], HOSTILE_JSON],
    [['interns', 'ls', '--all', '--jq', '.data[].name'], HOSTILE_ESCAPED],
    [['interns', 'ls', '--all', '--jq', '.data[] | [.id, .name] | @tsv'], HOSTILE_ESCAPED],
    [['interns', 'ls', '--all', '--jq', '.data[] | {name}'], HOSTILE_JSON],
    [['interns', 'get', ID], HOSTILE_ESCAPED],
    [['interns', 'get', ID, '--json'], HOSTILE_JSON],
    [['interns', 'get', ID, '--jsonl'], HOSTILE_JSON],
    [['interns', 'get', ID, '--jq', '.name'], HOSTILE_ESCAPED],
    [['interns', 'get', ID, '--jq', '"name: \\(.name)"'], `name: ${HOSTILE_ESCAPED}`],
  ])('%j, piped and on a terminal', async (args, shown) => {
    for (const tty of [false, true]) {
      const r = await run(args, tty);
      expect(r).toMatchObject({ code: 0, stderr: '' });
      expect(r.stdout).not.toMatch(unsafe);
      // A terminal table may shorten a long name; what shows of it is escaped.
      const table = tty && !args.some((a) => a.startsWith('--j'));
      expect(r.stdout).toContain(table ? shown.slice(0, 7) : shown);
    }
  });

  it('in a --jq run-time error (JSON on stderr, as under --json)', async () => {
    const r = await run(['interns', 'get', ID, '--jq', 'error(.name)']);
    expect(r).toMatchObject({ code: 1, stdout: '' });
    expect(r.stderr).not.toMatch(unsafe);
    expect(JSON.parse(r.stderr)).toEqual({ error: { status: null, message: `--jq: ${HOSTILE_ESCAPED}`, exit_code: 1 } });
  });
});

describe('--jq raw strings, as jq -r prints them', () => {
  // What jq's own tests print raw: a carriage return, NUL, backspace, vertical tab, form feed,
  // NEL and a line separator. Only a terminal sees them made visible.
  const LAYOUT = 'a\r\u0000b\u0008\u000b\u000c\u0085\u2028c';
  it.each([
    ['the subset', '.data[0].name'],
    ['jq itself', '.data[0].name | ltrimstr("x")'],
  ])('%s: raw in a pipe, every control visible at a terminal', async (_, filter) => {
    list = [intern(1, { name: LAYOUT })];
    try {
      expect(await run(['interns', 'ls', '--jq', filter])).toMatchObject({ code: 0, stdout: `${LAYOUT}\n`, stderr: '' });
      const tty = await run(['interns', 'ls', '--jq', filter], true);
      expect(tty).toMatchObject({ code: 0, stdout: 'a\\r\\x00b\\x08\\x0b\\x0c\\x85\\u2028c\n', stderr: '' });
    } finally {
      list = interns;
    }
  });
});

describe('--help names the columns', () => {
  it('a list: its column names, wrapped within 80 columns', async () => {
    const r = await gwctl(['budgets', 'ls', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      '\nColumns (for --columns): id, reset_interval, limit_usd, include_byok_in_budgets,\nworkspace_id, updated_at.\n',
    );
  });

  it('a detail view: every field name, wrapped within 80 columns', async () => {
    const r = await gwctl(['interns', 'get', '--help']);
    expect(r.code).toBe(0);
    const start = r.stdout.indexOf('Columns (for --columns):');
    const block = r.stdout.slice(start, r.stdout.indexOf('\n\n', start));
    expect(block.replace(/\n/g, ' ')).toBe(
      'Columns (for --columns): id, name, status, last_failure_message, model, hostname, description, instructions, progress, vault_id, attached_vault_id, workspace_id, created_at, updated_at.',
    );
    for (const line of block.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });
});
