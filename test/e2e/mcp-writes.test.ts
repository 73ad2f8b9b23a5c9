// `gwctl mcp`'s write tools (the contract's "Agents: a person confirms, and the results say what
// happened"): the built gwctl over stdio, driven by the MCP SDK's 1.x Client in the 2025 era and
// the v2 Client in both eras, which
// answers the elicitation as a person would (accept, decline, cancel, a wrong count) or cannot
// answer it at all. Each case checks the sandbox's state afterwards and the audit log's lines.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type CallToolResult, type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { Client as V2Client } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../kit/sandbox.js';
import { auditLines } from '../kit/mcp-client.js';
import { gwctlCommand, tempConfigDir, testEnv } from '../kit/spawn.js';

const sandbox = useSandbox();

const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

type Answer = (request: ElicitRequest['params']) => ElicitResult | Promise<ElicitResult>;

interface Connected {
  client: Client;
  stderr: () => string;
  asked: ElicitRequest['params'][];
  audit: () => Record<string, unknown>[];
}

/** `gwctl mcp --allow-destructive ARGS` as a child; `answer` is the person (none: a client without elicitation). */
async function connect(args: string[], env: Record<string, string>, answer?: Answer, auditLog?: string): Promise<Connected> {
  const configDir = tempConfigDir();
  const log = auditLog ?? path.join(configDir, 'mcp-audit.jsonl');
  const [command, ...lead] = gwctlCommand();
  const transport = new StdioClientTransport({
    command,
    args: [...lead, 'mcp', '--allow-destructive', '--audit-log', log, ...args],
    env: testEnv(env, configDir),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'gwctl-test', version: '1' }, { capabilities: answer ? { elicitation: { form: {} } } : {} });
  const asked: ElicitRequest['params'][] = [];
  if (answer)
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params);
      return answer(request.params);
    });
  await client.connect(transport);
  open.push(client);
  return { client, stderr: () => stderr, asked, audit: () => auditLines(log) };
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

const accept: Answer = () => ({ action: 'accept', content: { confirm: true } });

describe('gwctl mcp write tools', () => {
  it('without yes: a preview that says nothing changed, the target named by the API, one audit line', async () => {
    const sb = sandbox();
    const { intern } = sb.examples;
    const before = (await sb.get(`/interns/${intern}`)).body;
    const { client, audit } = await connect([], sb.env(), accept);
    const result = await call(client, 'interns_suspend', { ids: [intern] });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      preview: true,
      changed: false,
      count: 1,
      targets: [{ id: intern, name: before.name, status: before.status, expected_outcome: 'done' }],
    });
    expect((result.content[1] as { text: string }).text).toMatch(/^Preview: nothing was changed\. 1 intern would be affected/);
    expect((await sb.get(`/interns/${intern}`)).body.status).toBe(before.status);
    expect(sb.requests().filter((r) => r.method === 'POST')).toEqual([]);
    expect(audit()).toEqual([
      expect.objectContaining({
        event: 'outcome',
        tool: 'interns_suspend',
        preview: true,
        confirmation: null,
        call_id: expect.any(String),
      }),
    ]);
  });

  it('with yes, accepted: the person is asked (action, count, name and id), then the intern is suspended; intent then outcome in the log', async () => {
    const sb = sandbox();
    const { intern } = sb.examples;
    const { name } = (await sb.get(`/interns/${intern}`)).body as { name: string };
    const { client, asked, audit } = await connect([], sb.env(), accept);
    const result = await call(client, 'interns_suspend', { ids: [intern], yes: true });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      preview: false,
      changed: true,
      confirmation: 'accepted',
      results: [{ id: intern, outcome: 'done' }],
      summary: { done: 1, failed: 0, skipped: 0 },
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.message).toContain('Suspend 1 intern?');
    expect(asked[0]!.message).toContain(`${name} (${intern})`);
    expect(asked[0]).toMatchObject({ requestedSchema: { properties: { confirm: { type: 'boolean' } }, required: ['confirm'] } });
    expect((await sb.get(`/interns/${intern}`)).body.status).not.toBe('running');
    const [intent, outcome] = audit();
    expect(intent).toMatchObject({ event: 'intent', preview: false, confirmation: 'accepted', targets: [intern] });
    expect(outcome).toMatchObject({ event: 'outcome', preview: false, confirmation: 'accepted', outcome: { changed: true } });
    expect(outcome!.call_id).toBe(intent!.call_id);
  });

  for (const [label, answer] of [
    ['declined', () => ({ action: 'decline' })],
    ['cancelled', () => ({ action: 'cancel' })],
    ['accepted without the box ticked', () => ({ action: 'accept', content: { confirm: false } })],
    ['answered with a confirm of the wrong type', () => ({ action: 'accept', content: { confirm: 'yes' } })],
  ] as [string, Answer][]) {
    it(`with yes, ${label}: nothing changes; a tool error with reason declined and exit_code 3`, async () => {
      const sb = sandbox();
      const { intern } = sb.examples;
      const { client, audit } = await connect([], sb.env(), answer);
      const result = await call(client, 'interns_suspend', { ids: [intern], yes: true });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ error: { reason: 'declined', exit_code: 3 } });
      expect((await sb.get(`/interns/${intern}`)).body.status).toBe('running');
      expect(sb.requests().filter((r) => r.method === 'POST')).toEqual([]);
      expect(audit()).toEqual([
        expect.objectContaining({ preview: false, confirmation: 'declined', outcome: expect.objectContaining({ changed: false }) }),
      ]);
    });
  }

  it('batches_delete asks for the typed count: a wrong one changes nothing, the right one (spaces ignored) deletes', async () => {
    const sb = sandbox();
    const batch = sb.examples.batches.completed!;
    let typed = '2';
    const { client, asked } = await connect([], sb.env(), () => ({ action: 'accept', content: { confirm: typed } }));
    const wrong = await call(client, 'batches_delete', { ids: [batch], yes: true });
    expect(wrong.structuredContent).toMatchObject({ error: { reason: 'declined', exit_code: 3 } });
    expect((await sb.get(`/batches/${batch}`)).status).toBe(200);
    expect(asked[0]).toMatchObject({ requestedSchema: { properties: { confirm: { type: 'string' } }, required: ['confirm'] } });
    typed = ' 1 ';
    const right = await call(client, 'batches_delete', { ids: [batch], yes: true });
    expect(right.structuredContent).toMatchObject({ changed: true, results: [{ id: batch, outcome: 'done' }] });
    expect((await sb.get(`/batches/${batch}`)).status).toBe(404);
  });

  it('the write acts on exactly the targets the person saw: one that matches only since then is left out, reported skipped', async () => {
    const sb = sandbox();
    const { intern } = sb.examples;
    const stopped = async (): Promise<string[]> =>
      ((await sb.get('/interns?status=stopped&limit=500')).body.data as { id: string }[]).map((i) => i.id);
    const shown = await stopped();
    const { client, asked } = await connect([], sb.env(), async () => {
      // While the person reads the form, another intern stops.
      await sb.post(`/interns/${intern}/suspend`);
      return { action: 'accept', content: { confirm: true } };
    });
    const result = await call(client, 'interns_suspend', { status: ['stopped'], yes: true });
    expect(asked).toHaveLength(1);
    expect((await stopped()).length).toBe(shown.length + 1);
    const { results } = result.structuredContent as { results: { id: string; outcome: string }[] };
    expect(results.map((r) => r.id).sort()).toEqual([...shown, intern].sort());
    expect(results.find((r) => r.id === intern)).toMatchObject({ outcome: 'skipped' });
    const suspends = sb.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/suspend'));
    // The newcomer's one suspension is the test's own; gwctl sent one for each intern shown.
    expect(suspends.filter((r) => r.path === `/api/v1/interns/${intern}/suspend`)).toHaveLength(1);
    expect(suspends).toHaveLength(shown.length + 1);
  });

  it('a batch that does not exist is said so in the preview: expected to fail with its reason, not counted', async () => {
    const sb = sandbox();
    const { client } = await connect([], sb.env(), accept);
    const result = await call(client, 'batches_delete', { ids: ['batch_nonexistent'] });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      preview: true,
      changed: false,
      count: 0,
      targets: [{ id: 'batch_nonexistent', expected_outcome: 'failed', reason: 'HTTP 404: Batch not found.' }],
    });
  });

  it('with yes and only targets that would fail: nobody is asked, nothing is sent, each is skipped with its reason, one audit line', async () => {
    const sb = sandbox();
    const { client, asked, audit } = await connect([], sb.env(), accept);
    const result = await call(client, 'batches_delete', { ids: ['batch_nonexistent'], yes: true });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      preview: false,
      changed: false,
      confirmation: 'not_asked',
      results: [
        {
          id: 'batch_nonexistent',
          outcome: 'skipped',
          error: { message: 'not attempted: the preview found it would fail: HTTP 404: Batch not found.' },
        },
      ],
      summary: { done: 0, failed: 0, skipped: 1 },
    });
    expect(asked).toEqual([]);
    expect(sb.requests().filter((r) => r.method !== 'GET')).toEqual([]);
    expect(audit()).toEqual([
      expect.objectContaining({
        event: 'outcome',
        preview: false,
        confirmation: 'not_asked',
        outcome: expect.objectContaining({ changed: false }),
      }),
    ]);
  });

  it('the preview says per target what would happen; the person confirms and types the count of only those expected to act', async () => {
    const sb = sandbox();
    const { completed, in_progress } = sb.examples.batches;
    const { client, asked } = await connect([], sb.env(), () => ({ action: 'accept', content: { confirm: '1' } }));
    const ids = [completed!, in_progress!, 'batch_nonexistent'];
    const preview = await call(client, 'batches_delete', { ids });
    const notTerminal = 'HTTP 409: status in_progress is not terminal';
    expect(preview.structuredContent).toEqual({
      preview: true,
      changed: false,
      count: 1,
      targets: [
        { id: completed, status: 'completed', expected_outcome: 'done' },
        { id: in_progress, status: 'in_progress', expected_outcome: 'failed', reason: notTerminal },
        { id: 'batch_nonexistent', expected_outcome: 'failed', reason: 'HTTP 404: Batch not found.' },
      ],
    });
    expect((preview.content[1] as { text: string }).text).toContain(`batch ${in_progress} would fail (${notTerminal}); it is left out.`);
    expect(sb.requests().filter((r) => r.method !== 'GET')).toEqual([]);
    const result = await call(client, 'batches_delete', { ids, yes: true });
    expect(asked[0]!.message).toMatch(/^Delete 1 batch\? /);
    expect(asked[0]!.message).toContain('2 more batches would fail and are left out.');
    expect(asked[0]!.message).toContain('type the number of batches to delete: 1.');
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      preview: false,
      changed: true,
      confirmation: 'accepted',
      results: [
        { id: completed, outcome: 'done' },
        { id: in_progress, outcome: 'skipped', error: { message: `not attempted: the preview found it would fail: ${notTerminal}` } },
        {
          id: 'batch_nonexistent',
          outcome: 'skipped',
          error: { message: 'not attempted: the preview found it would fail: HTTP 404: Batch not found.' },
        },
      ],
      summary: { done: 1, failed: 0, skipped: 2 },
    });
    expect(
      sb
        .requests()
        .filter((r) => r.method === 'DELETE')
        .map((r) => r.path),
    ).toEqual([`/api/v1/batches/${completed}`]);
  });

  it('a client without elicitation: nothing changes; confirmation_unavailable, exit_code 2, naming --no-confirm', async () => {
    const sb = sandbox();
    const { intern } = sb.examples;
    const { client, audit } = await connect([], sb.env());
    const result = await call(client, 'interns_suspend', { ids: [intern], yes: true });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      error: {
        reason: 'confirmation_unavailable',
        exit_code: 2,
        hint: expect.stringContaining('gwctl mcp --allow-destructive --no-confirm'),
      },
    });
    expect((await sb.get(`/interns/${intern}`)).body.status).toBe('running');
    expect(audit()).toEqual([expect.objectContaining({ confirmation: 'unavailable' })]);
  });

  it('--no-confirm: said on stderr at start; yes: true acts without asking, confirmation not_asked', async () => {
    const sb = sandbox();
    const { intern } = sb.examples;
    const { client, stderr, audit } = await connect(['--no-confirm'], sb.env());
    const result = await call(client, 'interns_suspend', { ids: [intern], yes: true });
    expect(result.structuredContent).toMatchObject({
      changed: true,
      confirmation: 'not_asked',
      summary: { done: 1, failed: 0, skipped: 0 },
    });
    expect(stderr()).toContain('without asking the person at the client (--no-confirm)');
    expect((await sb.get(`/interns/${intern}`)).body.status).not.toBe('running');
    expect(audit().map((l) => [l.event, l.confirmation])).toEqual([
      ['intent', 'not_asked'],
      ['outcome', 'not_asked'],
    ]);
  });

  it('one result shape for many targets: a failure is isError with the per-target results', async () => {
    const sb = sandbox();
    const { intern, busy_intern } = sb.examples;
    const { client } = await connect(['--no-confirm'], sb.env());
    const result = await call(client, 'interns_suspend', { ids: [intern, busy_intern], yes: true });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      preview: false,
      changed: true,
      results: [
        { id: intern, outcome: 'done' },
        { id: busy_intern, outcome: 'failed', error: { status: 409 } },
      ],
      summary: { done: 1, failed: 1, skipped: 0 },
    });
  });

  it('a cancelled fleet starts nothing new and keeps the result of each target in the audit log', async () => {
    const sb = sandbox();
    const ids = ((await sb.get('/interns?status=running&limit=12')).body.data as { id: string }[]).map((i) => i.id);
    sb.fault({ match: 'POST /interns', delay_ms: 400 });
    const { client, audit } = await connect(['--no-confirm'], sb.env());
    const controller = new AbortController();
    const call = client.callTool({ name: 'interns_suspend', arguments: { ids, yes: true, concurrency: '1' } }, undefined, {
      signal: controller.signal,
    });
    // One at a time: a second suspension received means the first is done.
    for (let i = 0; i < 100 && sb.requests().filter((r) => r.method === 'POST').length < 2; i++)
      await new Promise((r) => setTimeout(r, 50));
    controller.abort();
    await expect(call).rejects.toThrow();
    let outcome: Record<string, unknown> | undefined;
    for (let i = 0; i < 50 && !outcome; i++) {
      outcome = audit().find((l) => l.event === 'outcome');
      if (!outcome) await new Promise((r) => setTimeout(r, 100));
    }
    const { results, summary } = outcome!.outcome as { results: { outcome: string }[]; summary: { done: number; skipped: number } };
    expect(results).toHaveLength(ids.length);
    expect(summary.done).toBeGreaterThan(0);
    expect(summary.skipped).toBeGreaterThan(0);
    expect(sb.requests().filter((r) => r.method === 'POST')).toHaveLength(summary.done);
  });

  it('a refused key: the failure is logged as changed: false', async () => {
    const sb = sandbox();
    sb.fault({ match: `POST /interns/${sb.examples.intern}/suspend`, status: 403 });
    const { client, audit } = await connect(['--no-confirm'], sb.env());
    const result = await call(client, 'interns_suspend', { ids: [sb.examples.intern], yes: true });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      changed: false,
      results: [{ outcome: 'failed', error: { status: 403, exit_code: 4 } }],
    });
    expect(audit().at(-1)).toMatchObject({ event: 'outcome', outcome: { changed: false } });
    expect((await sb.get(`/interns/${sb.examples.intern}`)).body.status).toBe('running');
  });

  it('an audit log that cannot be written: the write is not sent', async () => {
    const sb = sandbox();
    const dir = path.join(tempConfigDir(), 'log-is-a-folder');
    mkdirSync(dir, { recursive: true });
    const { client } = await connect(['--no-confirm'], sb.env(), undefined, dir);
    const result = await call(client, 'interns_suspend', { ids: [sb.examples.intern], yes: true });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ error: { message: expect.stringContaining('cannot write the audit log') } });
    expect(sb.requests().filter((r) => r.method === 'POST')).toEqual([]);
    expect((await sb.get(`/interns/${sb.examples.intern}`)).body.status).toBe('running');
  });

  it('bad input: yes as a string is a tool error, nothing asked or changed', async () => {
    const sb = sandbox();
    const { client, asked } = await connect([], sb.env(), accept);
    const result = await call(client, 'interns_suspend', { ids: [sb.examples.intern], yes: 'true' });
    expect(result.structuredContent).toMatchObject({ error: { exit_code: 2, message: 'invalid yes: expected true or false' } });
    expect(asked).toEqual([]);
    expect(sb.requests().filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('presets_create previews the body it would send, then creates it once confirmed', async () => {
    const sb = sandbox();
    const { client } = await connect([], sb.env(), accept);
    const preview = await call(client, 'presets_create', { slug: 'agent-made', model: 'openai/gpt-4o', max_tokens: 100 });
    expect(preview.structuredContent).toEqual({
      preview: true,
      changed: false,
      count: 1,
      targets: [{ id: 'agent-made' }],
      body: { model: 'openai/gpt-4o', max_tokens: 100 },
    });
    expect((await sb.get('/presets/agent-made')).status).toBe(404);
    const made = await call(client, 'presets_create', { slug: 'agent-made', model: 'openai/gpt-4o', max_tokens: 100, yes: true });
    expect(made.structuredContent).toMatchObject({ changed: true, results: [{ id: 'agent-made', outcome: 'done' }] });
  });
});

// The same person, through the v2 SDK's client in both eras: elicitation/create in the 2025
// handshake, input-required rounds in 2026-07-28 (the client answers each round's form and sends
// the sealed state back).
describe('gwctl mcp write tools with the v2 client, in both eras', () => {
  type Person = 'accept' | 'decline' | 'cancel' | 'wrong count' | 'none';

  async function connectV2(era: 'legacy' | 'modern', person: Person): Promise<{ client: V2Client; asked: string[] }> {
    const [command, ...lead] = gwctlCommand();
    const configDir = tempConfigDir();
    const transport = new V2Stdio({
      command,
      args: [...lead, 'mcp', '--allow-destructive'],
      env: testEnv(sandbox().env(), configDir),
      stderr: 'pipe',
    });
    const client = new V2Client(
      { name: 'gwctl-test', version: '1' },
      {
        capabilities: person === 'none' ? {} : { elicitation: { form: {} } },
        ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
      },
    );
    const asked: string[] = [];
    if (person !== 'none')
      client.setRequestHandler('elicitation/create', (request) => {
        asked.push(request.params.message);
        if (person === 'accept') {
          const form = 'requestedSchema' in request.params ? request.params.requestedSchema : undefined;
          const typed = (form as { properties: { confirm: { type: string } } } | undefined)?.properties.confirm.type;
          return { action: 'accept', content: { confirm: typed === 'string' ? '1' : true } };
        }
        if (person === 'wrong count') return { action: 'accept', content: { confirm: '7' } };
        return { action: person };
      });
    await client.connect(transport);
    v2open.push(client);
    return { client, asked };
  }

  const v2open: V2Client[] = [];
  afterEach(async () => {
    for (const client of v2open.splice(0)) await client.close();
  });

  for (const era of ['legacy', 'modern'] as const) {
    it(`${era}: accepted, the intern is suspended and the batch (typed count) deleted`, async () => {
      const sb = sandbox();
      const { client, asked } = await connectV2(era, 'accept');
      const suspended = await client.callTool({ name: 'interns_suspend', arguments: { ids: [sb.examples.intern], yes: true } });
      expect(suspended.structuredContent).toMatchObject({ changed: true, confirmation: 'accepted', summary: { done: 1 } });
      const batch = sb.examples.batches.completed!;
      const deleted = await client.callTool({ name: 'batches_delete', arguments: { ids: [batch], yes: true } });
      expect(deleted.structuredContent).toMatchObject({ changed: true, results: [{ id: batch, outcome: 'done' }] });
      expect(asked).toHaveLength(2);
      expect((await sb.get(`/interns/${sb.examples.intern}`)).body.status).not.toBe('running');
      expect((await sb.get(`/batches/${batch}`)).status).toBe(404);
    });

    for (const person of ['decline', 'cancel', 'wrong count'] as const) {
      it(`${era}: ${person}: nothing changes, reason declined, exit_code 3`, async () => {
        const sb = sandbox();
        const batch = sb.examples.batches.completed!;
        const { client } = await connectV2(era, person);
        const result = await client.callTool({ name: 'batches_delete', arguments: { ids: [batch], yes: true } });
        expect(result.structuredContent).toMatchObject({ error: { reason: 'declined', exit_code: 3 } });
        expect((await sb.get(`/batches/${batch}`)).status).toBe(200);
      });
    }

    // The preview is read once, when the person is asked. A later 2026-07-28 round acts on the
    // targets sealed in its state; only a 2025 call, in which the person answered, reads the
    // selector once more (to report what matches only since then).
    it(`${era}: the targets are read when the person is asked${era === 'modern' ? ', never again in the later round' : ', and the selector once more after the answer'}`, async () => {
      const sb = sandbox();
      const before = sb.requests().length;
      const { client } = await connectV2(era, 'accept');
      const batch = sb.examples.batches.completed!;
      const deleted = await client.callTool({ name: 'batches_delete', arguments: { ids: [batch, 'batch_nonexistent'], yes: true } });
      expect(deleted.structuredContent).toMatchObject({
        changed: true,
        results: [
          { id: batch, outcome: 'done' },
          {
            id: 'batch_nonexistent',
            outcome: 'skipped',
            error: { message: 'not attempted: the preview found it would fail: HTTP 404: Batch not found.' },
          },
        ],
        summary: { done: 1, failed: 0, skipped: 1 },
      });
      const suspended = await client.callTool({
        name: 'interns_suspend',
        arguments: { status: ['stopped'], yes: true },
      });
      expect(suspended.structuredContent).toMatchObject({ changed: true, confirmation: 'accepted', summary: { failed: 0, skipped: 0 } });
      const reads = sb
        .requests()
        .slice(before)
        .filter((r) => r.method === 'GET')
        .map((r) => r.path.replace(/\?.*/, ''));
      const selectorReads = era === 'modern' ? 1 : 2;
      expect(reads.filter((path) => path.startsWith('/api/v1/batches/'))).toHaveLength(2);
      expect(reads.filter((path) => path === '/api/v1/interns')).toHaveLength(selectorReads);
    });

    it(`${era}: a client without elicitation: confirmation_unavailable, exit_code 2, nothing changes`, async () => {
      const sb = sandbox();
      const { client } = await connectV2(era, 'none');
      const result = await client.callTool({ name: 'interns_suspend', arguments: { ids: [sb.examples.intern], yes: true } });
      expect(result.structuredContent).toMatchObject({ error: { reason: 'confirmation_unavailable', exit_code: 2 } });
      expect((await sb.get(`/interns/${sb.examples.intern}`)).body.status).toBe('running');
    });
  }
});
