// The answer to the opening request given before the MCP SDK loads (src/cli/mcp/handshake.ts),
// held to the SDK's own: each request goes once to the early answer and once through gwctl's
// stdio path into the SDK's stdio entry and gwctl's server (lines.ts, stdio.ts, server.ts), and
// whenever the early answer answers, its line must be the SDK's, byte for byte. Then the hand-over
// (serve.ts): the SDK's side loads only when a line needs it and gets every line read, and a
// difference between its answer and the one sent is reported, never sent.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { describe, expect, it } from 'vitest';
import type { Deps } from '../../src/commands/context.js';
import { Rounds } from '../../src/cli/mcp/asking.js';
import { earlyAnswer } from '../../src/cli/mcp/handshake.js';
import { LineReader } from '../../src/cli/mcp/lines.js';
import { DISCOVER_REVISIONS, HANDSHAKE_REVISIONS } from '../../src/cli/mcp/revisions.generated.js';
import { serveMcp, type McpLoaders } from '../../src/cli/mcp/serve.js';
import { mcpServer, type McpOptions, type Served } from '../../src/cli/mcp/server.js';
import { LineTransport, type Differs, type Opening } from '../../src/cli/mcp/stdio.js';
import { until } from '../kit/spawn.js';

const root = path.resolve(import.meta.dirname, '..', '..');

const PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
const CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';

const served = (): Served => ({
  tools: [],
  deps: {} as Deps,
  audit: { file: '/dev/null', write: () => Promise.resolve() },
  noConfirm: false,
  rounds: new Rounds(),
  running: new Set(),
});

/** The server side of gwctl's stdio path, with the SDK from the first line, over memory. */
async function throughSdk(opening: (reader: LineReader) => Opening, lines: string[], differs: Differs = () => {}): Promise<string[]> {
  const stdin = new PassThrough();
  const out: string[] = [];
  const reader = new LineReader(stdin, (text) => Promise.resolve(void out.push(text)));
  const transport = new LineTransport(opening(reader), (text) => Promise.resolve(void out.push(text)), differs);
  reader.start();
  const handle = serveStdio(({ era }) => mcpServer(served(), era), { transport });
  for (const line of lines) stdin.write(`${line}\n`);
  await until(() => out.length >= lines.length, 5_000).catch(() => {});
  // A moment for anything more that would come (there should be nothing).
  await new Promise((resolve) => setTimeout(resolve, 20));
  await handle.close();
  return out;
}

/** The SDK's answer to a client's first line, as gwctl writes it. */
async function sdkAnswer(message: unknown): Promise<string | undefined> {
  const out = await throughSdk((reader) => ({ reader, held: [] }), [JSON.stringify(message)]);
  return out[0];
}

/** The early answer to the same line, as written, or undefined when it leaves it to the SDK. */
function early(message: unknown): string | undefined {
  const answer = earlyAnswer(JSON.parse(JSON.stringify(message)));
  return answer && `${JSON.stringify(answer.response)}\n`;
}

const initialize = (params: Record<string, unknown>, id: string | number = 0) => ({ jsonrpc: '2.0', id, method: 'initialize', params });
const discover = (meta: Record<string, unknown>, id: string | number = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'server/discover',
  params: { _meta: meta },
});
const client = { name: 'some-client', version: '1.0.0' };
const envelope = { [PROTOCOL_VERSION]: '2026-07-28', [CLIENT_INFO]: client, [CLIENT_CAPABILITIES]: {} };

describe('the revisions', () => {
  it('are the SDK’s (else run npm run registry)', () => {
    expect(() =>
      execFileSync(process.execPath, [path.join(root, 'scripts/gen-mcp-revisions.mjs'), '--check'], { stdio: 'pipe' }),
    ).not.toThrow();
    expect(HANDSHAKE_REVISIONS).toContain('2025-11-25');
    expect(DISCOVER_REVISIONS).toEqual(['2026-07-28']);
  });
});

describe('the early answer is the SDK’s', () => {
  // What the clients gwctl is tested with open with (the v2 and 1.x SDK clients, the conformance
  // suite, the Inspector), and the revisions a client may ask for: each is answered early.
  const answered: [string, unknown][] = [
    ...[...HANDSHAKE_REVISIONS, '2099-01-01', '2024-01-01', 'not a date'].map(
      (revision) =>
        [`initialize ${revision}`, initialize({ protocolVersion: revision, capabilities: {}, clientInfo: client })] as [string, unknown],
    ),
    [
      'the v1 client, with elicitation',
      initialize({ protocolVersion: '2025-11-25', capabilities: { elicitation: {} }, clientInfo: client }),
    ],
    [
      'every capability the check knows',
      initialize(
        {
          protocolVersion: '2025-06-18',
          capabilities: {
            roots: { listChanged: true },
            sampling: { context: {}, tools: {} },
            elicitation: { form: { applyDefaults: true }, url: {} },
            experimental: { x: { y: 1 } },
            extensions: { 'io.example/ext': {} },
          },
          clientInfo: { ...client, title: 'Some Client', websiteUrl: 'https://example.com', description: 'a client' },
        },
        'a string id',
      ),
    ],
    ['server/discover', discover(envelope)],
    [
      'server/discover without client info',
      discover({ [PROTOCOL_VERSION]: '2026-07-28', [CLIENT_CAPABILITIES]: { elicitation: { form: {} } } }),
    ],
  ];
  for (const [name, message] of answered) {
    it(`${name}: answered early, as the SDK answers`, async () => {
      const sent = early(message);
      expect(sent).toBeDefined();
      expect(sent).toBe(await sdkAnswer(message));
    });
  }

  // What the SDK refuses (an error), or serves otherwise than the handshake: each is left to it.
  const refused: [string, unknown][] = [
    ['no client info', initialize({ protocolVersion: '2025-11-25', capabilities: {} })],
    [
      'a client name that is a number',
      initialize({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 1, version: '1' } }),
    ],
    ['no capabilities', initialize({ protocolVersion: '2025-11-25', clientInfo: client })],
    [
      'roots.listChanged a string',
      initialize({ protocolVersion: '2025-11-25', capabilities: { roots: { listChanged: 'yes' } }, clientInfo: client }),
    ],
    ['a revision that is a number', initialize({ protocolVersion: 20251125, capabilities: {}, clientInfo: client })],
    [
      'an initialize with the 2026 envelope',
      initialize({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: client, _meta: envelope }),
    ],
    ['a fractional id', initialize({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: client }, 1.5)],
    ['JSON-RPC 1.0', { ...initialize({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: client }), jsonrpc: '1.0' }],
    ['a key JSON-RPC does not have', { ...initialize({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: client }), extra: 1 }],
    ['a discover of a revision not served', discover({ ...envelope, [PROTOCOL_VERSION]: '2027-01-01' })],
    ['a discover without client capabilities', discover({ [PROTOCOL_VERSION]: '2026-07-28', [CLIENT_INFO]: client })],
    ['a discover without the envelope', { jsonrpc: '2.0', id: 1, method: 'server/discover' }],
  ];
  for (const [name, message] of refused) {
    it(`${name}: left to the SDK, which refuses it`, async () => {
      expect(early(message)).toBeUndefined();
      expect(JSON.parse((await sdkAnswer(message)) ?? '{}')).toHaveProperty('error.code');
    });
  }
  for (const [name, message] of [
    ['a ping', { jsonrpc: '2.0', id: 1, method: 'ping' }],
    ['a notification', { jsonrpc: '2.0', method: 'notifications/initialized' }],
  ] as const) {
    it(`${name}: left to the SDK`, () => expect(early(message)).toBeUndefined());
  }

  it('on any opening request, answered early only as the SDK answers', async () => {
    const text = fc.string({ maxLength: 6 });
    const revision = fc.constantFrom(...HANDSHAKE_REVISIONS, ...DISCOVER_REVISIONS, '2099-01-01', '');
    // Mostly the revision a discover names, now and then one of the other era or none served.
    const discoverRevision = fc.constantFrom(
      ...DISCOVER_REVISIONS,
      ...DISCOVER_REVISIONS,
      ...DISCOVER_REVISIONS,
      '2025-11-25',
      '2099-01-01',
    );
    const odd = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant([]), fc.string({ maxLength: 3 }));
    // Mostly what a client sends, now and then a field missing or of another type.
    const maybe = <T>(value: fc.Arbitrary<T>) =>
      fc.oneof({ weight: 16, arbitrary: value }, { weight: 1, arbitrary: odd }, { weight: 1, arbitrary: fc.constant(undefined) });
    // Each capability: mostly shapes the SDK takes, some it does not (a wrong type, another's key).
    const capabilities = fc.record(
      {
        roots: maybe(fc.constantFrom({}, { listChanged: true }, { listChanged: 'yes' })),
        sampling: maybe(fc.constantFrom({}, { context: {} }, { tools: {} }, { tools: 1 })),
        elicitation: maybe(fc.constantFrom({}, { form: {} }, { url: {} }, { form: { applyDefaults: 'x' } })),
        // The deprecated tasks capability: left to the SDK, which refuses one that is not an object.
        tasks: fc.constantFrom(undefined, undefined, undefined, 1),
        experimental: maybe(fc.dictionary(fc.string({ maxLength: 2 }), fc.constantFrom({}, { a: 1 }, 1), { maxKeys: 2 })),
      },
      { requiredKeys: [] },
    );
    const info = fc.record({ name: maybe(text), version: maybe(text), title: maybe(text) }, { requiredKeys: ['name', 'version'] });
    const initializeParams = fc.record({ protocolVersion: maybe(revision), capabilities: maybe(capabilities), clientInfo: maybe(info) });
    const meta = fc.record({
      [PROTOCOL_VERSION]: maybe(discoverRevision),
      [CLIENT_INFO]: maybe(info),
      [CLIENT_CAPABILITIES]: maybe(capabilities),
    });
    const id = fc.oneof(
      { weight: 4, arbitrary: fc.integer() },
      { weight: 2, arbitrary: fc.string({ maxLength: 4 }) },
      { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    );
    const jsonrpc = fc.constantFrom('2.0', '2.0', '2.0', '1.0');
    const request = fc.oneof(
      fc.record({ jsonrpc, id, method: fc.constantFrom('initialize', 'initialize', 'server/discover'), params: initializeParams }),
      fc.record({
        jsonrpc,
        id,
        method: fc.constantFrom('server/discover', 'server/discover', 'initialize'),
        params: fc.record({ _meta: meta }),
      }),
    );
    let answeredEarly = 0;
    await fc.assert(
      fc.asyncProperty(request, async (message) => {
        const sent = early(message);
        if (sent === undefined) return;
        answeredEarly++;
        expect(sent).toBe(await sdkAnswer(message));
      }),
      { numRuns: 500 },
    );
    // Not a test that passes by answering nothing early. About one request in twenty is answered
    // (15-33 of 500 in eight runs, 10 in one CI run, where "more than 10" failed): at least 5,
    // half the fewest seen, still shows the comparison ran.
    expect(answeredEarly).toBeGreaterThanOrEqual(5);
  }, 60_000);
});

describe('the hand-over to the SDK', () => {
  const initializeLine = JSON.stringify(
    initialize({ protocolVersion: '2025-11-25', capabilities: { elicitation: {} }, clientInfo: client }),
  );

  /** serveMcp over memory, with a stand-in for the SDK's side that records what it was handed. */
  function opening() {
    const stdin = new PassThrough();
    const out: string[] = [];
    const handed: Opening[] = [];
    const deps = {
      io: { stdin, stdinIsTTY: false, out: (text: string) => Promise.resolve(void out.push(text)), err: () => Promise.resolve() },
      signal: new AbortController().signal,
      // The sandbox's keys serve every tool: nothing is read of a configuration.
      flags: { sandbox: true },
    } as unknown as Deps;
    const load: McpLoaders = {
      server: () =>
        Promise.resolve({
          serveOverStdio: (_opts: McpOptions, _deps: Deps, given: Opening) => Promise.resolve(void handed.push(given)),
          serveOverHttp: () => Promise.reject(new Error('not over HTTP')),
        }),
      http: () => Promise.reject(new Error('not over HTTP')),
    };
    const done = serveMcp({ confirm: true } as McpOptions, deps, load);
    return { stdin, out, handed, done };
  }

  it('answers initialize without the SDK, which loads with the next line and gets both', async () => {
    const run = opening();
    run.stdin.write(`${initializeLine}\n`);
    await until(() => run.out.length === 1);
    expect(run.out[0]).toBe(early(JSON.parse(initializeLine)));
    expect(run.handed).toEqual([]);
    run.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    await run.done;
    expect(run.handed).toHaveLength(1);
    const [given] = run.handed;
    expect(given?.held.map((line) => line.text)).toEqual([initializeLine, '{"jsonrpc":"2.0","method":"notifications/initialized"}']);
    expect(given?.answered?.id).toBe(0);
    run.stdin.destroy();
  });

  it('a client that leaves after the handshake ends the run without the SDK', async () => {
    const run = opening();
    run.stdin.end(`${initializeLine}\n`);
    await run.done;
    expect(run.out).toHaveLength(1);
    expect(run.handed).toEqual([]);
  });

  it('an opening the early answer leaves (a ping) goes to the SDK unanswered; -32700 needs no SDK', async () => {
    const run = opening();
    run.stdin.write('not json\n');
    await until(() => run.out.length === 1);
    expect(JSON.parse(run.out[0] ?? '')).toMatchObject({ id: null, error: { code: -32700 } });
    expect(run.handed).toEqual([]);
    run.stdin.write('{"jsonrpc":"2.0","id":7,"method":"ping"}\n');
    await run.done;
    expect(run.out).toHaveLength(1);
    expect(run.handed[0]?.answered).toBeUndefined();
    expect(run.handed[0]?.held.map((line) => line.text)).toEqual(['{"jsonrpc":"2.0","id":7,"method":"ping"}']);
    run.stdin.destroy();
  });

  it('the SDK answers the handed request too: its answer is held back, and compared', async () => {
    const message = JSON.parse(initializeLine) as unknown;
    const sent = earlyAnswer(message);
    if (!sent) throw new Error('initialize is answered early');
    const differences: unknown[] = [];
    const handOver =
      (answered: typeof sent) =>
      (reader: LineReader): Opening => ({ reader, held: [{ text: initializeLine, parsed: message }], answered });
    const ping = '{"jsonrpc":"2.0","id":8,"method":"ping"}';

    // The answer sent: nothing more is written for it, nothing reported; the next request is served.
    const same = await throughSdk(handOver(sent), [ping], (sdk) => differences.push(sdk));
    expect(same).toEqual(['{"result":{},"jsonrpc":"2.0","id":8}\n']);
    expect(differences).toEqual([]);

    // An answer the SDK would not give: reported (with the SDK's), still not written twice.
    const other = { ...sent, response: { ...sent.response, result: { ...sent.response.result, protocolVersion: '2024-11-05' } } };
    const differing = await throughSdk(handOver(other), [ping], (sdk) => differences.push(sdk));
    expect(differing).toEqual(['{"result":{},"jsonrpc":"2.0","id":8}\n']);
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatchObject({ id: 0, result: { protocolVersion: '2025-11-25' } });
  });
});
