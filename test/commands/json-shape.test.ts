// Where a --jq path starts: `interns get` prints the intern bare while `endpoints get` wraps it in
// `data` (the API's shapes). Each read's help says which, from the spec's shape (derived from the
// schema by scripts/gen-fields.mjs), and the shape is what the sandbox's answer holds. At a
// terminal, a filter whose every output is null says so on stderr; in a pipe it never does.
import { describe, expect, it } from 'vitest';
import { BATCH_DELETED_SHAPE, SUSPEND_RESULT_SHAPE } from '../../src/api/fields.generated.js';
import { commands } from '../../src/cli/registry.js';
import { DRY_RUN_SHAPE, RESULTS_SHAPE } from '../../src/core/target-shapes.js';
import type { Examples } from '../../src/sandbox/server.js';
import { gwctl } from '../kit/cli.js';
import { useSandbox } from '../kit/sandbox.js';
import { tempConfigDir } from '../kit/spawn.js';

const sandbox = useSandbox({}, { resetEach: false });

/** The reads that need arguments (and the reports gwctl makes of its own), with them against the sandbox. */
const GIVEN: Record<string, (ex: Examples) => string[]> = {
  'endpoints get': (ex) => [ex.private_endpoint],
  'batches get': (ex) => [ex.batches.completed],
  'interns ls': () => ['--limit', '2'],
  'interns get': (ex) => [ex.intern],
  'interns wait': (ex) => [ex.intern, '--for', 'status=running'],
  'vault secrets': (ex) => [ex.intern],
  'byok ls': () => [],
  'budgets ls': (ex) => [ex.workspace_slug],
  'tools get': (ex) => [ex.tool],
  'presets create': (ex) => [ex.preset_slug, '--model', 'openai/gpt-4o'],
  // Bodies gwctl makes: their spec says what they hold.
  doctor: () => [],
  'auth status': () => [],
};

/** Every API read whose spec gives its shape: those above, and any that needs no argument, run bare. */
const READS: Record<string, (ex: Examples) => string[]> = { ...GIVEN };
for (const spec of commands.values()) {
  const bare = Object.values(spec.args as Record<string, { required?: boolean }>).every((arg) => !arg.required);
  if (spec.operation?.method === 'GET' && spec.shape && bare) READS[spec.path.join(' ')] ??= () => [];
}

/** The names a shape gives at its top level: `{data: [{id, …}], has_more}` -> data, has_more. */
function topLevel(shape: string): string[] {
  let depth = 0;
  let inner = '';
  for (const ch of shape.slice(1, -1)) {
    if ('{['.includes(ch)) depth += 1;
    if ('}]'.includes(ch)) depth -= 1;
    if (depth === 0) inner += ch;
  }
  return inner
    .split(',')
    .map((part) => part.split(':')[0]!.trim())
    .filter((name) => name !== '' && name !== '…');
}

describe('the top level of the JSON each read prints', () => {
  it.each(Object.keys(READS))('%s: help shows it, help --json carries it, and the answer has it', async (name) => {
    const shape = commands.get(name)!.shape;
    expect(shape, name).toMatch(/^\{.*\}$/);
    const help = await gwctl([...name.split(' '), '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(`JSON (--json, and what --jq filters): ${shape}`);
    const json = await gwctl(['help', ...name.split(' '), '--json', '--jq', '.shape']);
    expect(json.stdout).toBe(`${shape}\n`);
    const sb = sandbox();
    const read = await gwctl([...name.split(' '), ...READS[name]!(sb.examples), '--json'], { env: sb.env() });
    expect(read.code, read.stderr).toBe(0);
    const body = JSON.parse(read.stdout) as Record<string, unknown>;
    expect(Object.keys(body), name).toEqual(expect.arrayContaining(topLevel(shape!)));
  });

  it('config profiles: each item holds what its shape names', async () => {
    const configDir = tempConfigDir();
    expect((await gwctl(['config', 'set', 'workspace', 'production'], { configDir })).code).toBe(0);
    const run = await gwctl(['config', 'profiles', '--json'], { configDir });
    const item = (JSON.parse(run.stdout) as { data: Record<string, unknown>[] }).data[0]!;
    const shape = commands.get('config profiles')!.shape!;
    expect(shape).toBe(`{data: [{${Object.keys(item).join(', ')}}]}`);
  });

  it('tells a bare resource from one in data', () => {
    expect(commands.get('interns get')!.shape).toMatch(/^\{id, name, /);
    expect(commands.get('endpoints get')!.shape).toMatch(/^\{data: \{id, status, /);
    expect(commands.get('interns ls')!.shape).toMatch(/^\{data: \[\{id, name, .*\}\], has_more, next_cursor\}$/);
  });
});

// A write with targets prints one of three bodies: the API's answer for one target, one result
// per target for several, a report for a dry run. Its help names each, and each is what it prints.
describe('the top level of the JSON of a write with targets', () => {
  const NOPE = 'batch_0000000000000000000000nope';
  const WRITES = {
    'interns suspend': {
      one: SUSPEND_RESULT_SHAPE,
      runs: (ex: Examples) => ({
        one: [ex.failed_intern, '--yes'],
        several: [ex.failed_intern, '00000000-0000-0000-0000-000000000000', '--yes'],
        dryRun: [ex.failed_intern, '--dry-run'],
      }),
    },
    'batches delete': {
      one: BATCH_DELETED_SHAPE,
      runs: (ex: Examples) => ({
        one: [ex.batches.failed, '--yes'],
        several: [ex.batches.expired, NOPE, '--yes'],
        dryRun: [ex.batches.in_progress, '--dry-run'],
      }),
    },
  };

  it.each(Object.keys(WRITES) as (keyof typeof WRITES)[])('%s: help names all three, and each run prints its own', async (name) => {
    const write = WRITES[name];
    const shape = commands.get(name)!.shape!;
    for (const part of [write.one, RESULTS_SHAPE, DRY_RUN_SHAPE]) expect(shape).toContain(part);
    expect(shape).toMatch(/ for one target; .* for several.*; with --dry-run /);
    const help = await gwctl([...name.split(' '), '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(`JSON (--json, and what --jq filters): ${shape}`);
    const sb = sandbox();
    const runs = write.runs(sb.examples);
    for (const [form, part] of [
      ['one', write.one],
      ['several', RESULTS_SHAPE],
      ['dryRun', DRY_RUN_SHAPE],
    ] as const) {
      const run = await gwctl([...name.split(' '), ...runs[form], '--json'], { env: sb.env() });
      expect(run.code, `${form}: ${run.stderr}`).toBe(form === 'several' ? 8 : 0);
      const body = JSON.parse(run.stdout) as Record<string, unknown>;
      expect(Object.keys(body), form).toEqual(topLevel(part).map((n) => n.replace(/\?$/, '')));
    }
  });
});

describe('--jq that gives only null', () => {
  const note =
    "--jq gave only null: the JSON of interns get is {id, name, description, instructions, model, …}; see 'gwctl interns get --help'\n";

  it('at a terminal: the outputs, then a note on stderr of where the paths start; exit 0', async () => {
    const sb = sandbox();
    const id = sb.examples.intern;
    for (const filter of ['.data | {name, status}', '.data.name', '.nme, .data']) {
      const run = await gwctl(['interns', 'get', id, '--jq', filter], { env: sb.env(), stdoutIsTTY: true, columns: 200 });
      expect(run.code, filter).toBe(0);
      expect(run.stderr, filter).toBe(note);
    }
    const list = await gwctl(['interns', 'ls', '--all', '--jq', '.data[].nmae'], { env: sb.env(), stdoutIsTTY: true, columns: 200 });
    expect(list.stderr).toMatch(/^--jq gave only null: the JSON of interns ls is \{data: \[/);
  });

  it('in a pipe, or when any output is not null, nothing is said', async () => {
    const sb = sandbox();
    const id = sb.examples.intern;
    const piped = await gwctl(['interns', 'get', id, '--jq', '.data | {name, status}'], { env: sb.env() });
    expect(piped).toMatchObject({ code: 0, stdout: '{"name":null,"status":null}\n', stderr: '' });
    for (const filter of ['{name, status}', '.name, .nme', '.status', '[.nme]']) {
      const run = await gwctl(['interns', 'get', id, '--jq', filter], { env: sb.env(), stdoutIsTTY: true, columns: 200 });
      expect(run, filter).toMatchObject({ code: 0, stderr: '' });
    }
  });
});
