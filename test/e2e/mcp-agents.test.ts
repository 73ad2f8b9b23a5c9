// `gwctl mcp`, second pass for agents (the contract's "Agents, second pass"): the built gwctl over
// stdio, driven by the v2 SDK's client in both eras, against the sandbox or a scripted gateway.
// A person's yes is spent once; what the person reads is the tool's own words; every result is
// bounded; the texts say the truth under --no-confirm; the audit log says where a write went.
import { describe, expect, it } from 'vitest';
import { accept, closeMcpClientsAfterEach, firstRound, mcpChild, nextRound, type ToolAnswer } from '../kit/mcp-client.js';
import { useSandbox } from '../kit/sandbox.js';

const sandbox = useSandbox();
closeMcpClientsAfterEach();

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
