// `gwctl mcp`'s write tools (the contract's "Agents: a person confirms, and the results say what
// happened"): the built gwctl over stdio, driven by the MCP SDK's v2 client (test/kit/mcp-client.ts)
// in the 2025 era and in both eras, which answers the elicitation as a person would (accept,
// decline, cancel, a wrong count) or cannot answer it at all. Each case checks the sandbox's state
// afterwards and the audit log's lines. The preview and the write go through the fleet core: a
// preview sends only the reads of its targets, and the write keeps the call's concurrency.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internBody, internId } from '../kit/bodies.js';
import {
  accept as acceptByForm,
  closeMcpClientsAfterEach,
  gatewayEnv,
  mcpChild,
  type Answer,
  type McpChild,
  type ToolAnswer,
} from '../kit/mcp-client.js';
import { useSandbox } from '../kit/sandbox.js';
import { envelope, startServer, type ScriptedServer } from '../kit/server.js';
import { tempConfigDir } from '../kit/spawn.js';

const sandbox = useSandbox();
closeMcpClientsAfterEach();

/** `gwctl mcp --allow-destructive ARGS` as a child in the 2025 era; `answer` is the person (none: a client without elicitation). */
function connect(args: string[], env: Record<string, string>, answer?: Answer, auditLog?: string): Promise<McpChild> {
  return mcpChild('legacy', ['--allow-destructive', ...(auditLog ? ['--audit-log', auditLog] : []), ...args], env, answer);
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  return (await client.callTool({ name, arguments: args })) as ToolAnswer;
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
    expect(asked[0]!.message).toContain(`"${name}" (id "${intern}")`);
    expect(asked[0]).toMatchObject({ requestedSchema: { properties: { confirm: { type: 'boolean' } }, required: ['confirm'] } });
    expect((await sb.get(`/interns/${intern}`)).body.status).not.toBe('running');
    const [intent, outcome] = audit();
    expect(intent).toMatchObject({ event: 'intent', preview: false, confirmation: 'accepted', targets: [intern] });
    expect(outcome).toMatchObject({ event: 'outcome', preview: false, confirmation: 'accepted', outcome: { changed: true } });
    expect(outcome!.call_id).toBe(intent!.call_id);
  });

  for (const [label, answer, said] of [
    ['declined', () => ({ action: 'decline' }), 'declined'],
    ['cancelled', () => ({ action: 'cancel' }), 'declined'],
    ['accepted without the box ticked', () => ({ action: 'accept', content: { confirm: false } }), 'declined'],
    ['answered with a confirm of the wrong type', () => ({ action: 'accept', content: { confirm: 'yes' } }), 'mismatch'],
  ] as [string, Answer, string][]) {
    it(`with yes, ${label}: nothing changes; a tool error with reason declined, exit_code 3, and why (${said})`, async () => {
      const sb = sandbox();
      const { intern } = sb.examples;
      const { client, audit } = await connect([], sb.env(), answer);
      const result = await call(client, 'interns_suspend', { ids: [intern], yes: true });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ error: { reason: 'declined', exit_code: 3, confirmation: said, changed: false } });
      expect((await sb.get(`/interns/${intern}`)).body.status).toBe('running');
      expect(sb.requests().filter((r) => r.method === 'POST')).toEqual([]);
      expect(audit()).toEqual([
        expect.objectContaining({ preview: false, confirmation: said, outcome: expect.objectContaining({ changed: false }) }),
      ]);
    });
  }

  it('batches_delete asks for the typed count: a wrong one changes nothing, the right one (spaces ignored) deletes', async () => {
    const sb = sandbox();
    const batch = sb.examples.batches.completed!;
    let typed = '2';
    const { client, asked } = await connect([], sb.env(), () => ({ action: 'accept', content: { confirm: typed } }));
    const wrong = await call(client, 'batches_delete', { ids: [batch], yes: true });
    expect(wrong.structuredContent).toMatchObject({ error: { reason: 'declined', exit_code: 3, confirmation: 'mismatch' } });
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
    const call = client.callTool(
      { name: 'interns_suspend', arguments: { ids, yes: true, concurrency: '1' } },
      { signal: controller.signal },
    );
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

// The same person in both eras: elicitation/create in the 2025 handshake, input-required rounds
// in 2026-07-28 (the client answers each round's form and sends the sealed state back).
describe('gwctl mcp write tools in both eras', () => {
  type Person = 'accept' | 'decline' | 'cancel' | 'wrong count' | 'none';

  function connectIn(era: 'legacy' | 'modern', person: Person): Promise<McpChild> {
    const answers: Record<Person, Answer | undefined> = {
      accept: acceptByForm,
      decline: () => ({ action: 'decline' }),
      cancel: () => ({ action: 'cancel' }),
      'wrong count': () => ({ action: 'accept', content: { confirm: '7' } }),
      none: undefined,
    };
    return mcpChild(era, ['--allow-destructive'], sandbox().env(), answers[person]);
  }

  for (const era of ['legacy', 'modern'] as const) {
    it(`${era}: accepted, the intern is suspended and the batch (typed count) deleted`, async () => {
      const sb = sandbox();
      const { client, asked } = await connectIn(era, 'accept');
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
        const { client } = await connectIn(era, person);
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
      const { client } = await connectIn(era, 'accept');
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
      const { client } = await connectIn(era, 'none');
      const result = await client.callTool({ name: 'interns_suspend', arguments: { ids: [sb.examples.intern], yes: true } });
      expect(result.structuredContent).toMatchObject({ error: { reason: 'confirmation_unavailable', exit_code: 2 } });
      expect((await sb.get(`/interns/${sb.examples.intern}`)).body.status).toBe('running');
    });
  }
});

// The preview is the targets of the input and what each read says (no command's dry run around
// them); the write is the fleet core's, on the targets the preview found, at the call's pace.
describe('write tools through the fleet core', () => {
  const interns = [1, 2, 3, 4, 5, 6].map((n) => internBody(n, n > 4 ? { status: 'stopped' } : {}));
  let gateway: ScriptedServer;
  beforeAll(async () => {
    gateway = await startServer((req) => {
      if (req.method === 'GET' && req.path === '/api/v1/interns')
        return { body: { data: interns.filter((i) => i.status === req.query.get('status')), has_more: false } };
      const intern = interns.find((i) => req.path.startsWith(`/api/v1/interns/${i.id}`));
      if (!intern) return { status: 404, body: envelope(404, 'Intern not found.') };
      // Slow enough that two suspensions at once would overlap.
      return req.method === 'POST' ? { delayMs: 150, body: { suspended: true } } : { body: intern };
    });
  });
  afterAll(() => gateway.close());
  const env = (): Record<string, string> => gatewayEnv(gateway.baseUrl);
  const seen = (): string[] => gateway.requests.map((r) => `${r.method} ${r.url}`);

  it('a preview of ids reads each of them once and sends nothing else', async () => {
    gateway.reset();
    const { client } = await connect([], env(), accept);
    const ids = [internId(1), internId(2), internId(9)];
    const preview = await call(client, 'interns_suspend', { ids });
    expect(preview.structuredContent).toEqual({
      preview: true,
      changed: false,
      count: 2,
      targets: [
        { id: internId(1), name: 'intern-1', status: 'running', expected_outcome: 'done' },
        { id: internId(2), name: 'intern-2', status: 'running', expected_outcome: 'done' },
        { id: internId(9), expected_outcome: 'failed', reason: 'HTTP 404: Intern not found.' },
      ],
    });
    expect(seen().sort()).toEqual(ids.map((id) => `GET /api/v1/interns/${id}`).sort());
  });

  it('a preview by status reads the list once, each target known from it without a read of its own', async () => {
    gateway.reset();
    const { client } = await connect([], env(), accept);
    const preview = await call(client, 'interns_suspend', { status: ['stopped'] });
    expect(preview.structuredContent).toMatchObject({ count: 2, targets: [{ id: internId(5) }, { id: internId(6) }] });
    expect(seen()).toHaveLength(1);
    expect(seen()[0]).toMatch(/^GET \/api\/v1\/interns\?.*status=stopped/);
  });

  it('the write keeps the concurrency given: one suspension at a time with concurrency 1', async () => {
    gateway.reset();
    const { client, audit } = await connect(['--no-confirm'], env());
    const ids = [1, 2, 3, 4].map(internId);
    const result = await call(client, 'interns_suspend', { ids, yes: true, concurrency: '1' });
    expect(result.structuredContent).toMatchObject({ changed: true, summary: { done: 4, failed: 0, skipped: 0 } });
    const posts = gateway.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual(ids.map((id) => `/api/v1/interns/${id}/suspend`));
    // Each sent only once the one before it was answered.
    for (let i = 1; i < posts.length; i++) expect(posts[i]!.at - posts[i - 1]!.at).toBeGreaterThanOrEqual(140);
    expect(audit().map((l) => [l.event, l.targets ?? null])).toEqual([
      ['intent', ids],
      ['outcome', null],
    ]);
  });
});
