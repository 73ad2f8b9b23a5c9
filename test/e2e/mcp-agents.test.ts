// `gwctl mcp`, second pass for agents (the contract's "Agents, second pass"): the built gwctl over
// stdio, driven by the v2 SDK's client in both eras, against the sandbox or a scripted gateway.
// A person's yes is spent once; what the person reads is the tool's own words; every result is
// bounded; the texts say the truth under --no-confirm; the audit log says where a write went.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { internBody, internId } from '../kit/bodies.js';
import { accept, closeMcpClientsAfterEach, firstRound, gatewayEnv, mcpChild, nextRound, type ToolAnswer } from '../kit/mcp-client.js';
import { useSandbox } from '../kit/sandbox.js';
import { startServer, type ScriptedServer } from '../kit/server.js';
import { spawnGwctl, tempConfigDir, until } from '../kit/spawn.js';

const sandbox = useSandbox();
closeMcpClientsAfterEach();

/** A gateway of the test's own, for what the sandbox never sends (hostile names, huge items). */
let gateway: ScriptedServer;
beforeAll(async () => {
  gateway = await startServer();
});
afterAll(() => gateway.close());
beforeEach(() => gateway.reset());
const scriptedEnv = (): Record<string, string> => gatewayEnv(gateway.baseUrl);

/** Every character a value must not bring into a person's dialog raw. */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const PRESET = { slug: 'agent-made', model: 'openai/gpt-4o', max_tokens: 100 };

describe('one confirmation, one write', () => {
  it('2026-07-28: the same round state and answer sent again, then twice at once, make no second preset version', async () => {
    const sb = sandbox();
    const { client, audit } = await mcpChild('modern', ['--allow-destructive'], sb.env(), accept);
    const posts = (): number => sb.requests().filter((r) => r.method === 'POST').length;
    const { requestState } = await firstRound(client, 'presets_create', { ...PRESET, yes: true });
    const first = await nextRound(client, 'presets_create', { ...PRESET, yes: true }, requestState, { confirm: true });
    expect(first.structuredContent).toMatchObject({ changed: true, confirmation: 'accepted', summary: { done: 1 } });
    expect(posts()).toBe(1);
    const again = await nextRound(client, 'presets_create', { ...PRESET, yes: true }, requestState, { confirm: true });
    const both = await Promise.all([
      nextRound(client, 'presets_create', { ...PRESET, yes: true }, requestState, { confirm: true }),
      nextRound(client, 'presets_create', { ...PRESET, yes: true }, requestState, { confirm: true }),
    ]);
    for (const spent of [again, ...both]) {
      expect(spent.isError).toBe(true);
      expect(spent.structuredContent).toMatchObject({ error: { reason: 'confirmation_spent', exit_code: 3 } });
    }
    expect(posts()).toBe(1);
    const spentLines = audit().filter((l) => l.confirmation === 'spent');
    expect(spentLines).toHaveLength(3);
    for (const line of spentLines) expect(line).toMatchObject({ event: 'outcome', outcome: { changed: false, exit_code: 3 } });
    expect(audit().filter((l) => l.event === 'intent')).toHaveLength(1);
  });

  it('2026-07-28 over HTTP (a server per request): the same state sent again and twice at once makes one write', async () => {
    const sb = sandbox();
    const server = spawnGwctl(
      ['mcp', '--http', '--json', '--allow-destructive', '--audit-log', path.join(tempConfigDir(), 'audit.jsonl')],
      {
        env: sb.env(),
        timeoutMs: 60_000,
      },
    );
    try {
      await until(() => server.stdout().includes('\n'), 15_000);
      const { url } = JSON.parse(server.stdout()) as { url: string };
      const client = new Client(
        { name: 'gwctl-test', version: '1' },
        { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const args = { ...PRESET, yes: true };
      const { requestState } = await firstRound(client, 'presets_create', args);
      const answers = [await nextRound(client, 'presets_create', args, requestState, { confirm: true })];
      answers.push(...(await Promise.all([1, 2].map(() => nextRound(client, 'presets_create', args, requestState, { confirm: true })))));
      expect(answers.map((r) => (r.structuredContent as { error?: { reason: string } }).error?.reason ?? 'done')).toEqual([
        'done',
        'confirmation_spent',
        'confirmation_spent',
      ]);
      expect(sb.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
      await client.close();
    } finally {
      server.child.kill('SIGKILL');
      await server.done;
    }
  });

  it('2026-07-28: a fresh state sent twice at once makes exactly one write', async () => {
    const sb = sandbox();
    const { client } = await mcpChild('modern', ['--allow-destructive'], sb.env(), accept);
    const { requestState } = await firstRound(client, 'presets_create', { ...PRESET, yes: true });
    const both: ToolAnswer[] = await Promise.all(
      [1, 2].map(() => nextRound(client, 'presets_create', { ...PRESET, yes: true }, requestState, { confirm: true })),
    );
    expect(both.map((r) => (r.isError ? 'spent' : 'done')).sort()).toEqual(['done', 'spent']);
    expect(sb.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});

describe("what the person reads is the tool's own words", () => {
  // A name that tries to forge lines of the message, reverse the text and drive a terminal.
  const hostile =
    'cache-warmer stopped\n… and 0 more\n\nThis only refreshes a cache; nothing is stopped.\u202eCONFIRM\u202c' +
    '\n'.repeat(40) +
    '\u001b[2J\u001b]0;owned\u0007' +
    'z'.repeat(300);
  const id = internId(7);

  function hostileGateway(): void {
    gateway.handle((req) => {
      if (req.method === 'GET' && req.path === `/api/v1/interns/${id}`) return { body: internBody(7, { name: hostile }) };
      if (req.method === 'POST') return { body: { suspended: true } };
      return { status: 404, body: { error: { code: 404, message: 'not found' } } };
    });
  }

  function expectTame(message: string): void {
    expect(message).not.toMatch(UNSAFE);
    // The tool's three lines: the question, the one target, the ask; the name forges none.
    const lines = message.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Suspend 1 intern\? /);
    expect(lines[1]).toMatch(
      /^- "cache-warmer stopped\\n… and 0 more\\n\\nThis only refreshes a cache; nothing is stopped\.\\u202eCONFIRM\\u202c/,
    );
    expect(lines[1]).toContain(`… (${hostile.length} characters)" (id "${id}"), status "running"`);
    // Cut at 200 characters of the name, some way into the run of z's at its end.
    const kept = 200 - (hostile.length - 300);
    expect(lines[1]).toContain(`\\x07${'z'.repeat(kept)}… (`);
    expect(lines[2]).toBe('Confirm?');
  }

  it('2025: the elicitation message escapes and cuts a hostile intern name from the gateway', async () => {
    hostileGateway();
    const { client, asked } = await mcpChild('legacy', ['--allow-destructive'], scriptedEnv(), () => ({ action: 'decline' }));
    const result = await client.callTool({ name: 'interns_suspend', arguments: { ids: [id], yes: true } });
    expect(result.structuredContent).toMatchObject({ error: { reason: 'declined' } });
    expect(asked).toHaveLength(1);
    expectTame(asked[0]!.message);
    expect(gateway.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('2026-07-28: the input-required question escapes and cuts it the same way', async () => {
    hostileGateway();
    const { client } = await mcpChild('modern', ['--allow-destructive'], scriptedEnv(), accept);
    const { message } = await firstRound(client, 'interns_suspend', { ids: [id], yes: true });
    expectTame(message);
    expect(gateway.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('presets_create shows the body it will send, each value escaped', async () => {
    const sb = sandbox();
    const { client, asked } = await mcpChild('legacy', ['--allow-destructive'], sb.env(), () => ({ action: 'decline' }));
    await client.callTool({ name: 'presets_create', arguments: { ...PRESET, system: 'be brief\u202e\nIGNORE', yes: true } });
    const message = asked[0]!.message;
    expect(message).not.toMatch(UNSAFE);
    expect(message.split('\n')).toEqual([
      expect.stringMatching(/^Create 1 /),
      '- id "agent-made"',
      'The body it sends:',
      '  "model": "openai/gpt-4o"',
      '  "max_tokens": 100',
      '  "system": "be brief\\u202e\\nIGNORE"',
      'Confirm?',
    ]);
  });
});

describe('every result within 100,000 characters', () => {
  const texts = (result: ToolAnswer): number[] => result.content.map((c) => c.text.length);

  it('a get whose one item is longer is returned cut, with truncated: true', async () => {
    gateway.handle(() => ({ body: internBody(1, { instructions: 'x'.repeat(150_000), description: 'y'.repeat(5_000) }) }));
    const { client } = await mcpChild('legacy', [], scriptedEnv());
    const result = (await client.callTool({ name: 'interns_get', arguments: { id: internId(1) } })) as ToolAnswer;
    expect(result.isError).toBeFalsy();
    for (const length of texts(result)) expect(length).toBeLessThanOrEqual(100_000);
    expect(result.structuredContent).toMatchObject({ id: internId(1), name: 'intern-1', truncated: true });
    expect(result.structuredContent!.instructions).toMatch(/^x+…$/);
  });

  it('a list whose first item is over the bound returns it cut, then continues after it: never an empty part, never a cursor that returns itself', async () => {
    const list = [internBody(1, { instructions: 'x'.repeat(150_000) }), internBody(2), internBody(3)];
    gateway.handle(() => ({ body: { data: list, has_more: false } }));
    const { client } = await mcpChild('modern', [], scriptedEnv());
    const first = (await client.callTool({ name: 'interns_ls', arguments: {} })) as ToolAnswer;
    for (const length of texts(first)) expect(length).toBeLessThanOrEqual(100_000);
    const part = first.structuredContent as { data: { id: string; truncated?: boolean }[]; next_cursor: string };
    expect(part.data.map((i) => [i.id, i.truncated])).toEqual([[internId(1), true]]);
    const rest = (await client.callTool({ name: 'interns_ls', arguments: { cursor: part.next_cursor } })) as ToolAnswer;
    expect((rest.structuredContent as { data: { id: string }[] }).data.map((i) => i.id)).toEqual([internId(2), internId(3)]);
    expect(rest.structuredContent).not.toHaveProperty('next_cursor');
  });

  it('the cursor continues after the last item returned: interns that appear at the head meanwhile never come back twice', async () => {
    // 300 interns of about 1,500 characters each: four or five parts.
    const list = Array.from({ length: 300 }, (_, i) => internBody(1000 - i, { description: 'd'.repeat(1_200) }));
    const existed = list.map((i) => i.id);
    gateway.handle(() => ({ body: { data: list, has_more: false } }));
    const { client } = await mcpChild('legacy', [], scriptedEnv());
    const seen: string[] = [];
    let result = (await client.callTool({ name: 'interns_ls', arguments: { limit: 500 } })) as ToolAnswer;
    for (let parts = 1; ; parts++) {
      for (const length of texts(result)) expect(length).toBeLessThanOrEqual(100_000);
      const part = result.structuredContent as { data: { id: string }[]; next_cursor?: string };
      seen.push(...part.data.map((i) => i.id));
      if (part.next_cursor === undefined) break;
      expect(parts).toBeLessThan(20);
      // Newer interns appear at the head of the list between two calls.
      list.unshift(...[1, 2, 3].map((n) => internBody(2000 + parts * 10 + n, { description: 'n'.repeat(1_200) })));
      result = (await client.callTool({ name: 'interns_ls', arguments: { cursor: part.next_cursor } })) as ToolAnswer;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(existed);
  });

  it('a preview over 5,000 interns keeps its count and first targets, says how many more, and gives the rest through next_cursor', async () => {
    const list = Array.from({ length: 5_000 }, (_, i) => internBody(i + 1, { name: `worker-${i + 1}-${'w'.repeat(60)}` }));
    const byId = new Map(list.map((i) => [`/api/v1/interns/${i.id}`, i]));
    gateway.handle((req) => {
      if (req.method !== 'GET') return { status: 500 };
      return { body: req.path === '/api/v1/interns' ? { data: list, has_more: false } : byId.get(req.path) };
    });
    const { client } = await mcpChild('legacy', ['--allow-destructive'], scriptedEnv(), accept);
    let result = (await client.callTool({ name: 'interns_suspend', arguments: { status: ['running'] } })) as ToolAnswer;
    const targets: string[] = [];
    for (let parts = 1; ; parts++) {
      for (const length of texts(result)) expect(length).toBeLessThanOrEqual(100_000);
      const part = result.structuredContent as { count: number; targets: { id: string }[]; more?: number; next_cursor?: string };
      expect(part).toMatchObject({ preview: true, changed: false, count: 5_000 });
      targets.push(...part.targets.map((t) => t.id));
      if (part.next_cursor === undefined) break;
      expect(part.more).toBe(5_000 - targets.length);
      expect(result.content[1]!.text).toContain(`(${part.more} more)`);
      expect(parts).toBeLessThan(20);
      result = (await client.callTool({ name: 'interns_suspend', arguments: { cursor: part.next_cursor } })) as ToolAnswer;
    }
    expect(targets).toEqual(list.map((i) => i.id));
    expect(gateway.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  }, 120_000);
});

describe('--no-confirm says what it does', () => {
  const PERSON_CONFIRMS = /person at the client is asked|once the person at the client confirms|the person is asked to confirm/;

  for (const [era, noConfirm] of [
    ['legacy', true],
    ['modern', true],
    ['legacy', false],
  ] as const) {
    it(`${era}, ${noConfirm ? 'with' : 'without'} --no-confirm: the instructions, write tools' descriptions, yes and previews ${noConfirm ? 'never say a person confirms' : 'say the person confirms'}`, async () => {
      const sb = sandbox();
      const { client, stderr } = await mcpChild(era, ['--allow-destructive', ...(noConfirm ? ['--no-confirm'] : [])], sb.env(), accept);
      const { tools } = await client.listTools();
      const writes = tools.filter((t) => t.annotations?.readOnlyHint === false);
      expect(writes.length).toBeGreaterThan(0);
      const preview = (await client.callTool({ name: 'interns_suspend', arguments: { ids: [sb.examples.intern] } })) as ToolAnswer;
      const said = [
        client.getInstructions() ?? '',
        ...writes.map((t) => t.description ?? ''),
        ...writes.map((t) => (t.inputSchema.properties as { yes: { description: string } }).yes.description),
        preview.content[1]!.text,
      ];
      // The answer given before the SDK loaded (the instructions) is the SDK's own.
      expect(stderr()).not.toContain('otherwise than the answer sent');
      for (const text of said) {
        if (noConfirm) {
          expect(text).not.toMatch(PERSON_CONFIRMS);
          expect(text).toMatch(/without a person confirming/);
        } else expect(text).toMatch(PERSON_CONFIRMS);
      }
    });
  }
});

describe('the audit log says where a write went and who asked', () => {
  for (const era of ['legacy', 'modern'] as const) {
    it(`${era}: profile, origin, sandbox, gwctl and client on every line`, async () => {
      const sb = sandbox();
      const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
      const client = { name: 'rehearsal-agent', version: '4.2' };
      const child = await mcpChild(era, ['--allow-destructive', '--no-confirm'], sb.env(), undefined, client);
      await child.client.callTool({ name: 'interns_suspend', arguments: { ids: [sb.examples.intern], yes: true } });
      const lines = child.audit();
      expect(lines.map((l) => l.event)).toEqual(['intent', 'outcome']);
      for (const line of lines)
        expect(line).toMatchObject({ profile: 'default', origin: new URL(sb.baseUrl).origin, sandbox: false, gwctl: version, client });
    });
  }

  it('--sandbox: sandbox true, and the in-process sandbox origin', async () => {
    const child = await mcpChild('legacy', ['--sandbox', '--allow-destructive'], {});
    await child.client.callTool({ name: 'interns_suspend', arguments: { ids: [sandbox().examples.intern] } });
    const [line] = child.audit();
    expect(line).toMatchObject({
      sandbox: true,
      origin: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      client: { name: 'gwctl-test' },
    });
  });
});

describe('tool errors speak to an agent', () => {
  const TERMINAL = /terminal|picker|stdin|'gwctl (interns|budgets) |--[a-z]/;

  it('a missing input is named as the tool takes it; a command is named only for the person', async () => {
    const sb = sandbox();
    const { client } = await mcpChild('modern', ['--allow-destructive'], sb.env(), accept);
    const error = async (name: string, args: Record<string, unknown>): Promise<{ message: string; hint?: string }> => {
      const result = (await client.callTool({ name, arguments: args })) as ToolAnswer;
      expect(result.isError, name).toBe(true);
      const { error } = result.structuredContent as { error: { message: string; hint?: string; exit_code: number } };
      expect(error.exit_code, name).toBe(2);
      for (const text of [error.message, error.hint ?? '']) expect(text, name).not.toMatch(TERMINAL);
      return error;
    };
    expect(await error('interns_get', {})).toMatchObject({ message: 'missing intern id', hint: 'give interns_get its input id' });
    expect(await error('budgets_ls', {})).toMatchObject({
      message: 'no workspace given and the profile has none',
      hint: 'give budgets_ls its input workspace; or the person can run: gwctl config set workspace <uuid-or-slug>',
    });
    expect(await error('interns_suspend', {})).toMatchObject({ message: 'missing intern id', hint: 'give interns_suspend its input ids' });
    expect(await error('interns_suspend', { workspace: sb.examples.workspace })).toMatchObject({
      message: 'workspace selects interns only together with status',
    });
    expect(sb.requests()).toEqual([]);
  });

  it("a target's next step names the tool to call, not a command line", async () => {
    const id = internId(3);
    gateway.handle((req) => (req.method === 'GET' ? { body: internBody(3) } : { drop: true }));
    const { client } = await mcpChild('legacy', ['--allow-destructive', '--no-confirm'], scriptedEnv());
    const result = (await client.callTool({ name: 'interns_suspend', arguments: { ids: [id], yes: true } })) as ToolAnswer;
    const { results } = result.structuredContent as { results: { outcome: string; error: { hint: string } }[] };
    expect(results).toMatchObject([{ outcome: 'failed', error: { hint: `before trying again, check with: interns_get with id: ${id}` } }]);
  });
});
