// Every scalar top-level field of a resource is a column name in every list and detail view of
// it, beside the command's own (derived) columns: piped, the value as the API sent it
// (true/false, an empty field for null); at a terminal, yes/no, a dash, relative times. Against
// the sandbox, in-process; an unknown name is still exit 2 with nothing sent.
import { describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { useSandbox } from '../kit/sandbox.js';

const sandbox = useSandbox();

const run = (args: string[], tty = false) => gwctl(args, { env: { ...sandbox().env(), NO_COLOR: '1' }, stdoutIsTTY: tty, columns: 200 });

type Item = Record<string, unknown>;

/** A value as a piped row carries it. */
const raw = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** The cells of a terminal table's line (columns are two or more spaces apart; no cell here has two spaces). */
const cells = (line: string): string[] => line.trim().split(/ {2,}/);

/** The cell a person sees for a boolean or null field. */
const human = (v: unknown): string => (v === null || v === undefined ? '-' : v === true ? 'yes' : v === false ? 'no' : String(v));

const RELATIVE = /^(just now|\d+ \w+ ago|in \d+ \w+)$/;

async function items(path: string): Promise<Item[]> {
  const r = await sandbox().get(path);
  expect(r.status).toBe(200);
  return (r.body as { data: Item[] }).data;
}

describe('lists: the fields of the resource as columns', () => {
  it('byok ls --columns id,disabled,declared_zdr,is_fallback: piped, the raw values under --header', async () => {
    const data = await items('/byok');
    const r = await run(['byok', 'ls', '--columns', 'id,disabled,declared_zdr,is_fallback', '--header']);
    expect(r.code).toBe(0);
    const expected = data.map((c) => [c.id, c.disabled, c.declared_zdr, c.is_fallback].map(raw).join('\t'));
    expect(r.stdout).toBe(['id\tdisabled\tdeclared_zdr\tis_fallback', ...expected, ''].join('\n'));
    // The sandbox has a credential whose zero data retention is undeclared (null): an empty field.
    expect(data.some((c) => c.declared_zdr === null)).toBe(true);
  });

  it('byok ls at a terminal: upper-case headings, yes/no and a dash', async () => {
    const data = await items('/byok');
    const r = await run(['byok', 'ls', '--columns', 'id,disabled,declared_zdr,workspace_id'], true);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(cells(lines[0]!)).toEqual(['ID', 'DISABLED', 'DECLARED ZDR', 'WORKSPACE ID']);
    expect(lines.slice(1).map(cells)).toEqual(data.map((c) => [c.id, human(c.disabled), human(c.declared_zdr), c.workspace_id]));
  });

  it('interns ls --columns with fields the default table does not show, piped and at a terminal', async () => {
    const data = await items('/interns?limit=5');
    const names = 'id,workspace_id,vault_id,last_failure_message,updated_at';
    const piped = await run(['interns', 'ls', '--limit', '5', '--columns', names]);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(
      data.map((i) => [i.id, i.workspace_id, i.vault_id, i.last_failure_message, i.updated_at].map(raw).join('\t') + '\n').join(''),
    );
    const tty = await run(['interns', 'ls', '--limit', '5', '--columns', names], true);
    expect(tty.code).toBe(0);
    const lines = tty.stdout.trimEnd().split('\n');
    expect(cells(lines[0]!)).toEqual(['ID', 'WORKSPACE ID', 'VAULT ID', 'LAST FAILURE MESSAGE', 'UPDATED AT']);
    for (const [n, line] of lines.slice(1).entries()) {
      const [id, workspace, vault, failure, updated] = cells(line);
      const i = data[n]!;
      expect([id, workspace, vault, failure]).toEqual([i.id, i.workspace_id, human(i.vault_id), human(i.last_failure_message)]);
      expect(updated).toMatch(RELATIVE);
    }
  });

  it('budgets ls --columns id,created_at: the time as sent in a pipe, relative at a terminal', async () => {
    const slug = sandbox().examples.workspace_slug;
    const data = await items(`/workspaces/${sandbox().examples.workspace}/budgets`);
    const piped = await run(['budgets', 'ls', slug, '--columns', 'id,created_at,limit_usd']);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(data.map((b) => `${raw(b.id)}\t${raw(b.created_at)}\t${raw(b.limit_usd)}\n`).join(''));
    const tty = await run(['budgets', 'ls', slug, '--columns', 'id,created_at'], true);
    const lines = tty.stdout.trimEnd().split('\n');
    expect(cells(lines[0]!)).toEqual(['ID', 'CREATED AT']);
    for (const line of lines.slice(1)) expect(cells(line)[1]).toMatch(RELATIVE);
  });

  it('vault secrets: every scalar field of a secret is already one of its columns', async () => {
    const intern = sandbox().examples.intern;
    const data = await items(`/vault/interns/${intern}/secrets`);
    const r = await run(['vault', 'secrets', intern, '--columns', 'name,fingerprint,created_at']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe([data[0]!.name, data[0]!.fingerprint, data[0]!.created_at].map(raw).join('\t'));
    const help = await run(['vault', 'secrets', '--help']);
    expect(help.stdout).toContain('Columns (for --columns): name, hosts, fingerprint, created_at.');
    expect(help.stdout).not.toContain('Fields also usable as columns');
  });

  it('an unknown name is exit 2, lists the fields too, and sends nothing', async () => {
    sandbox().clearRequests();
    const r = await run(['byok', 'ls', '--columns', 'id,disabled,bogus']);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'gwctl: unknown column "bogus" for byok ls; valid columns: id, provider, name, label, flags, sort_order, restrictions, created_at, workspace_id, disabled, is_byok_only, is_fallback, is_required, declared_zdr\n',
    });
    expect(sandbox().requests()).toHaveLength(0);
  });
});

describe('detail views: the fields of the resource as columns', () => {
  it('endpoints get --columns with the fields its derived columns read: one row of raw values, or labelled at a terminal', async () => {
    const id = sandbox().examples.private_endpoint;
    const e = ((await sandbox().get(`/private-endpoints/${id}`)).body as { data: Item }).data;
    const names = 'id,model_slug,model_name,provider_name,provider_slug,declared_zdr';
    const piped = await run(['endpoints', 'get', id, '--columns', names, '--header']);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(
      `${names.replaceAll(',', '\t')}\n${[e.id, e.model_slug, e.model_name, e.provider_name, e.provider_slug, e.declared_zdr].map(raw).join('\t')}\n`,
    );
    const tty = await run(['endpoints', 'get', id, '--columns', names], true);
    expect(tty.code).toBe(0);
    expect(tty.stdout.trimEnd().split('\n').map(cells)).toEqual([
      ['ID', e.id],
      ['Model slug', e.model_slug],
      ['Model name', e.model_name],
      ['Provider name', e.provider_name],
      ['Provider slug', e.provider_slug],
      ['Zero data retention', human(e.declared_zdr)],
    ]);
  });

  it('endpoints get without --columns shows what it showed before: the fields are not repeated', async () => {
    const id = sandbox().examples.private_endpoint;
    const r = await run(['endpoints', 'get', id]);
    expect(r.stdout.split('\n').map((l) => l.split('\t')[0])).toEqual([
      'id',
      'status',
      'model',
      'model_permaslug',
      'provider',
      'upstream_model_id',
      'base_url',
      'declared_zdr',
      'declared_region',
      'prompt_price',
      'completion_price',
      '',
    ]);
  });

  it('endpoints get of a draft: null fields are empty in a pipe and a dash at a terminal', async () => {
    const id = sandbox().examples.private_endpoint_draft;
    const piped = await run(['endpoints', 'get', id, '--columns', 'model_slug,model_name,base_url']);
    expect(piped.stdout).toBe('\t\t\n');
    const tty = await run(['endpoints', 'get', id, '--columns', 'model_slug,model_name'], true);
    expect(tty.stdout.trimEnd().split('\n').map(cells)).toEqual([
      ['Model slug', '-'],
      ['Model name', '-'],
    ]);
  });

  it('interns get --columns id,workspace_id,updated_at: raw in a pipe, a relative time at a terminal', async () => {
    const id = sandbox().examples.failed_intern;
    const i = (await sandbox().get(`/interns/${id}`)).body as Item;
    const piped = await run(['interns', 'get', id, '--columns', 'id,workspace_id,updated_at,last_failure_message']);
    expect(piped.stdout).toBe(`${[i.id, i.workspace_id, i.updated_at, i.last_failure_message].map(raw).join('\t')}\n`);
    const tty = await run(['interns', 'get', id, '--columns', 'id,updated_at'], true);
    const lines = tty.stdout.trimEnd().split('\n').map(cells);
    expect(lines[0]).toEqual(['ID', i.id]);
    expect(lines[1]![0]).toBe('Updated');
    expect(lines[1]![1]).toMatch(RELATIVE);
  });

  it('tools get --columns with its fields, piped and at a terminal', async () => {
    const name = sandbox().examples.tool;
    const t = ((await sandbox().get(`/tools/${encodeURIComponent(name)}`)).body as { data: Item }).data;
    const piped = await run(['tools', 'get', name, '--columns', 'id,docs_url,fallback_engine']);
    expect(piped.stdout).toBe(`${[t.id, t.docs_url, t.fallback_engine].map(raw).join('\t')}\n`);
    const tty = await run(['tools', 'get', name, '--columns', 'id,fallback_engine'], true);
    expect(tty.stdout.trimEnd().split('\n').map(cells)).toEqual([
      ['ID', t.id],
      ['Fallback engine', human(t.fallback_engine)],
    ]);
  });
});

describe('batches get: a detail view with columns', () => {
  it('--columns picks its fields, the counts one by one and the fields it does not show by default', async () => {
    const id = sandbox().examples.batches.completed;
    const b = (await sandbox().get(`/batches/${id}`)).body as Item & { request_counts: Item };
    const names = 'id,object,completion_window,status,completed,total,created_at';
    const piped = await run(['batches', 'get', id, '--columns', names, '--header']);
    expect(piped.code).toBe(0);
    const c = b.request_counts;
    const created = new Date((b.created_at as number) < 1e12 ? (b.created_at as number) * 1000 : (b.created_at as number)).toISOString();
    expect(piped.stdout).toBe(
      `${names.replaceAll(',', '\t')}\n${[b.id, b.object, b.completion_window, b.status, c.completed, c.total, created].map(raw).join('\t')}\n`,
    );
    const tty = await run(['batches', 'get', id, '--columns', 'id,object,completion_window,total,created_at'], true);
    const lines = tty.stdout.trimEnd().split('\n').map(cells);
    expect(lines.slice(0, 4)).toEqual([
      ['ID', b.id],
      ['Object', b.object],
      ['Completion window', b.completion_window],
      ['Total', String(c.total)],
    ]);
    expect(lines[4]![0]).toBe('Created');
    expect(lines[4]![1]).toMatch(RELATIVE);
  });

  it('without --columns, the detail is as before: neither the counts one by one nor object and completion_window', async () => {
    const r = await run(['batches', 'get', sandbox().examples.batches.completed]);
    expect(r.stdout.split('\n').map((l) => l.split('\t')[0])).toEqual([
      'id',
      'status',
      'model',
      'endpoint',
      'provider',
      'request_counts',
      'created_at',
      'finalized_at',
      'expires_at',
      'cost',
      'usage',
      'results',
      '',
    ]);
  });
});

describe('help names both kinds', () => {
  it("--help: the command's columns, then the fields also usable as columns", async () => {
    const r = await run(['byok', 'ls', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      [
        'Columns (for --columns): id, provider, name, label, flags, sort_order,',
        'restrictions, created_at.',
        'Fields also usable as columns: workspace_id, disabled, is_byok_only,',
        'is_fallback, is_required, declared_zdr.',
      ].join('\n'),
    );
    const e = await run(['endpoints', 'get', '--help']);
    expect(e.stdout).toContain('Fields also usable as columns: model_slug, model_name, provider_name,\nprovider_slug.');
  });

  it('help --json: columns holds every name --columns takes, field_columns the fields among them', async () => {
    const r = await run(['help', '--json']);
    const model = JSON.parse(r.stdout) as { commands: { path: string; columns: string[]; field_columns: string[] }[] };
    const byok = model.commands.find((c) => c.path === 'byok ls')!;
    expect(byok.field_columns).toEqual(['workspace_id', 'disabled', 'is_byok_only', 'is_fallback', 'is_required', 'declared_zdr']);
    expect(byok.columns).toEqual([
      'id',
      'provider',
      'name',
      'label',
      'flags',
      'sort_order',
      'restrictions',
      'created_at',
      ...byok.field_columns,
    ]);
    const secrets = model.commands.find((c) => c.path === 'vault secrets')!;
    expect(secrets.field_columns).toEqual([]);
  });
});
