// The confirmation seam (src/cli/mcp/asking.ts) from the protocol side, with the v2 SDK's real
// client in both eras: a write tool of this test's own (a list of things it removes once the
// person confirms) served by gwctl's MCP server in-process over the SDK's in-memory transport
// through the same stdio entry `gwctl mcp` uses. The person answers accept, decline or cancel;
// a client without elicitation gets `unavailable`; in 2026-07-28 a round's state is sealed, so a
// forged, altered or expired one changes nothing.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deps } from '../../src/commands/context.js';
import { Rounds, type Confirm, type ConfirmAnswer } from '../../src/cli/mcp/asking.js';
import type { CallContext, CallOutcome } from '../../src/cli/mcp/call.js';
import { mcpServer, type Served } from '../../src/cli/mcp/server.js';
import type { GwctlTool } from '../../src/cli/mcp/tools.js';

type Era = 'legacy' | 'modern';
type Answer = 'accept' | 'decline' | 'cancel';

/** The things on the gateway of this test, and the ones removed. */
class Things {
  present = ['t1', 't2', 't3'];
  removed: string[] = [];
  /** Every answer the tool got from confirm. */
  answers: ConfirmAnswer[] = [];
  /** What spending an answer a second time, within the call that spent it, said. */
  spentAgain: boolean[] = [];
}

const TOOL: GwctlTool = {
  name: 'things_remove',
  write: false,
  spec: {} as GwctlTool['spec'],
  definition: { name: 'things_remove', description: 'Removes every thing', inputSchema: { type: 'object', properties: {} } },
};

/** The write: previews the things present now, asks, and removes exactly the ones the person was shown. */
function removing(things: Things) {
  return async (_tool: GwctlTool, _input: Record<string, unknown>, ctx: CallContext): Promise<CallOutcome> => {
    const confirm = ctx.confirm as Confirm;
    const answer = await confirm({
      message: `Remove ${things.present.length} things?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Remove' } }, required: ['confirm'] },
      state: { ids: [...things.present] },
    });
    const { spend, ...seen } = answer as ConfirmAnswer & { spend?: () => boolean };
    things.answers.push(seen as ConfirmAnswer);
    // A yes allows one write: the tool spends it just before it acts.
    const spent = answer.action === 'accept' && answer.content?.confirm === true && !spend!();
    if (answer.action === 'accept' && answer.content?.confirm === true && !spent) {
      things.spentAgain.push(spend!());
      const { ids } = answer.state as { ids: string[] };
      things.removed.push(...ids);
      things.present = things.present.filter((id) => !ids.includes(id));
    }
    const body = { action: answer.action, removed: things.removed, ...(spent ? { spent } : {}) };
    return { result: { content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body }, exitCode: 0, keys: [] };
  };
}

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function connect(era: Era, things: Things, person: Answer | 'none', rounds = new Rounds(), onAsked?: () => void): Promise<Client> {
  const served: Served = {
    tools: [TOOL],
    deps: {} as Deps,
    audit: { file: '/dev/null', write: () => Promise.resolve() },
    noConfirm: false,
    rounds,
    running: new Set(),
    call: removing(things),
  };
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveStdio(({ era: served_era }) => mcpServer(served, served_era), { transport: serverSide });
  const client = new Client(
    { name: 'gwctl-test', version: '1' },
    {
      capabilities: person === 'none' ? {} : { elicitation: { form: {} } },
      ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
    },
  );
  if (person !== 'none') {
    client.setRequestHandler('elicitation/create', (request) => {
      onAsked?.();
      expect(request.params.message).toMatch(/^Remove \d things\?$/);
      return person === 'accept' ? { action: 'accept', content: { confirm: true } } : { action: person };
    });
  }
  await client.connect(clientSide);
  closing.push(async () => {
    await client.close();
    await handle.close();
  });
  return client;
}

for (const era of ['legacy', 'modern'] as const) {
  describe(`confirm, ${era} era`, () => {
    it('accepted: the write acts on exactly the things the person was shown', async () => {
      const things = new Things();
      // A thing that appears while the person reads the question is not among those shown.
      const client = await connect(era, things, 'accept', undefined, () => things.present.push('t4'));
      const result = await client.callTool({ name: 'things_remove', arguments: {} });
      expect(result.structuredContent).toEqual({ action: 'accept', removed: ['t1', 't2', 't3'] });
      expect(things.present).toEqual(['t4']);
      expect(things.answers).toEqual([{ action: 'accept', content: { confirm: true }, state: { ids: ['t1', 't2', 't3'] } }]);
      // A yes allows one write: spent once, it cannot be spent again.
      expect(things.spentAgain).toEqual([false]);
    });

    for (const answer of ['decline', 'cancel'] as const) {
      it(`${answer === 'decline' ? 'declined' : 'cancelled'}: nothing is removed`, async () => {
        const things = new Things();
        const client = await connect(era, things, answer);
        const result = await client.callTool({ name: 'things_remove', arguments: {} });
        expect(result.structuredContent).toEqual({ action: answer, removed: [] });
        expect(things.present).toEqual(['t1', 't2', 't3']);
        expect(things.answers).toEqual([{ action: answer, state: { ids: ['t1', 't2', 't3'] } }]);
      });
    }

    it('a client that did not declare elicitation: unavailable, nobody asked, nothing removed', async () => {
      const things = new Things();
      const client = await connect(era, things, 'none');
      const result = await client.callTool({ name: 'things_remove', arguments: {} });
      expect(result.structuredContent).toEqual({ action: 'unavailable', removed: [] });
      expect(things.answers).toEqual([{ action: 'unavailable' }]);
    });
  });
}

describe('the state of a 2026-07-28 round', () => {
  /** The first round by hand: the input-required result, as a client that answers itself would get it. */
  async function firstRound(client: Client): Promise<{ requestState: string }> {
    const result = (await client.request({ method: 'tools/call', params: { name: 'things_remove', arguments: {} } }, {
      allowInputRequired: true,
    } as never)) as unknown as {
      resultType: string;
      requestState: string;
      inputRequests: Record<string, { method: string; params: { message: string } }>;
    };
    expect(result.resultType).toBe('input_required');
    expect(result.inputRequests.confirm).toMatchObject({ method: 'elicitation/create', params: { message: 'Remove 3 things?' } });
    return result;
  }

  async function secondRound(
    client: Client,
    requestState: string,
    args: Record<string, unknown> = {},
  ): Promise<{ isError?: boolean; structuredContent?: unknown }> {
    return (await client.request({
      method: 'tools/call',
      params: {
        name: 'things_remove',
        arguments: args,
        inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
        requestState,
      },
    })) as never;
  }

  function manualClient(things: Things, rounds?: Rounds): Promise<Client> {
    return connect('modern', things, 'accept', rounds);
  }

  it('sent back as sealed, the answer acts on the sealed targets', async () => {
    const things = new Things();
    const client = await manualClient(things);
    const { requestState } = await firstRound(client);
    things.present.push('t4');
    expect((await secondRound(client, requestState)).structuredContent).toEqual({ action: 'accept', removed: ['t1', 't2', 't3'] });
  });

  it('a yes allows one write: the same state and answer sent again, or twice at once, find it spent', async () => {
    const things = new Things();
    const client = await manualClient(things);
    const { requestState } = await firstRound(client);
    expect((await secondRound(client, requestState)).structuredContent).toEqual({ action: 'accept', removed: ['t1', 't2', 't3'] });
    things.present.push('t1', 't2', 't3');
    expect((await secondRound(client, requestState)).structuredContent).toEqual({
      action: 'accept',
      removed: ['t1', 't2', 't3'],
      spent: true,
    });
    // A fresh state, sent twice at once: exactly one of the two calls acts.
    const fresh = await firstRound(client);
    const both = await Promise.all([secondRound(client, fresh.requestState), secondRound(client, fresh.requestState)]);
    expect(both.map((r) => (r.structuredContent as { spent?: boolean }).spent ?? false).sort()).toEqual([false, true]);
    expect(things.removed).toEqual(['t1', 't2', 't3', 't1', 't2', 't3']);
  });

  it('a state sealed by another run does not verify, so its yes cannot be spent there', async () => {
    const things = new Things();
    const { requestState } = await firstRound(await manualClient(things));
    const result = await secondRound(await manualClient(things, new Rounds()), requestState);
    expect(result.structuredContent).toMatchObject({ error: { reason: 'invalid_confirmation_state' } });
    expect(things.removed).toEqual([]);
  });

  it('altered (another target put in), forged, for other arguments, or expired: a tool error, nothing removed', async () => {
    const things = new Things();
    const client = await manualClient(things);
    const { requestState } = await firstRound(client);
    const [prefix, body, mac] = requestState.split('.') as [string, string, string];
    const sealed = JSON.parse(Buffer.from(body, 'base64url').toString()) as { p: { state: { ids: string[] } } };
    sealed.p.state.ids.push('t9');
    const altered = `${prefix}.${Buffer.from(JSON.stringify(sealed)).toString('base64url')}.${mac}`;
    for (const state of [altered, 'v1.e30.AAAA', 'not a state']) {
      const result = await secondRound(client, state);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ error: { reason: 'invalid_confirmation_state', exit_code: 2 } });
    }
    const other = await secondRound(client, requestState, { yes: true });
    expect(other.structuredContent).toMatchObject({ error: { reason: 'invalid_confirmation_state' } });

    const expiring = new Things();
    const hurried = await manualClient(expiring, new Rounds(-1));
    const stale = await firstRound(hurried);
    expect((await secondRound(hurried, stale.requestState)).structuredContent).toMatchObject({
      error: { reason: 'invalid_confirmation_state' },
    });
    expect([...things.removed, ...expiring.removed]).toEqual([]);
    expect(things.answers).toEqual([]);
  });
});
