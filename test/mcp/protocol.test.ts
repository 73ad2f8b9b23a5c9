// `gwctl mcp` at the protocol level, the built gwctl as a child process against the sandbox on
// 127.0.0.1: both eras (the 2025 handshake and the stateless 2026-07-28 revision) with the v2
// SDK's client and the 1.x one, over stdio and HTTP; the bounds on what a client may send; and
// what happens when the client goes away.
import http from 'node:http';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as Client1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as Http1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { useSandbox } from '../kit/sandbox.js';
import { spawn } from 'node:child_process';
import { gwctlCommand, spawnGwctl, tempConfigDir, testEnv, until, type Child } from '../kit/spawn.js';

const sandbox = useSandbox();
const MODERN = { versionNegotiation: { mode: { pin: '2026-07-28' } } } as const;

const open: { close(): Promise<void> }[] = [];
const children: Child[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close().catch(() => {});
  for (const server of children.splice(0)) {
    server.child.kill('SIGKILL');
    await server.done;
  }
});

type Era = 'legacy' | 'modern';

function newClient(era: Era): Client {
  return new Client({ name: 'gwctl-test', version: '1' }, era === 'modern' ? MODERN : {});
}

async function overStdio(era: Era, args: string[] = []): Promise<Client> {
  const [command, ...lead] = gwctlCommand();
  const transport = new StdioClientTransport({ command, args: [...lead, 'mcp', ...args], env: testEnv(sandbox().env(), tempConfigDir()) });
  const client = newClient(era);
  await client.connect(transport);
  open.push(client);
  return client;
}

async function httpServer(): Promise<string> {
  const server = spawnGwctl(['mcp', '--http', '--json'], { env: sandbox().env(), timeoutMs: 60_000 });
  children.push(server);
  await until(() => server.stdout().includes('\n'), 15_000);
  return (JSON.parse(server.stdout()) as { url: string }).url;
}

describe('both eras', () => {
  for (const era of ['legacy', 'modern'] as const) {
    it(`${era} over stdio: the revision is the era's, and a read tool answers`, async () => {
      const client = await overStdio(era);
      expect(client.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('interns_get');
      const result = await client.callTool({ name: 'interns_get', arguments: { id: sandbox().examples.intern } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ id: sandbox().examples.intern });
    });

    it(`${era} over HTTP: the revision is the era's, and a read tool answers`, async () => {
      const url = await httpServer();
      const client = newClient(era);
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      open.push(client);
      expect(client.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
      const result = await client.callTool({ name: 'interns_get', arguments: { id: sandbox().examples.intern } });
      expect(result.structuredContent).toMatchObject({ id: sandbox().examples.intern });
    });
  }

  it('the 1.x client over HTTP still works', async () => {
    const url = await httpServer();
    const client = new Client1({ name: 'gwctl-test', version: '1' });
    await client.connect(new Http1(new URL(url)));
    open.push(client);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });
});

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

describe('bounds on what a client sends over stdio', () => {
  it('a message over 4 MiB is refused with an error naming its id; a line that is not JSON is -32700; the server goes on', async () => {
    const [command, ...lead] = gwctlCommand();
    const child = spawn(command, [...lead, 'mcp'], { env: testEnv(sandbox().env(), tempConfigDir()) });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    const answers = (): { id: unknown; error?: { code: number; message: string }; result?: unknown }[] =>
      out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { id: unknown });
    try {
      child.stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
      await until(() => answers().length === 1, 15_000);
      // A ping of 10 MB: refused, with its id, found while the line was skipped.
      child.stdin.write(`{"jsonrpc":"2.0","method":"ping","params":{"pad":"${'x'.repeat(10 * 1024 * 1024)}"},"id":7}\n`);
      await until(() => answers().length === 2, 15_000);
      expect(answers()[1]).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32600, message: 'message larger than 4 MiB refused' } });
      child.stdin.write('this is not json\n');
      await until(() => answers().length === 3);
      expect(answers()[2]).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON' } });
      child.stdin.write('{"jsonrpc":"2.0","id":8}\n');
      await until(() => answers().length === 4);
      expect(answers()[3]).toMatchObject({ id: 8, error: { code: -32600 } });
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' })}\n`);
      await until(() => answers().length === 5);
      expect(answers()[4]).toEqual({ jsonrpc: '2.0', id: 9, result: {} });
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('the opening, answered before the SDK loads', () => {
  const ENVELOPE = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const openings = {
    legacy: {
      opening: INITIALIZE,
      then: [
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ],
    },
    modern: {
      opening: { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: ENVELOPE } },
      then: [{ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: ENVELOPE } }],
    },
  };
  for (const [era, { opening, then }] of Object.entries(openings)) {
    it(`${era}: one answer to the opening, the SDK's own (nothing said on stderr), and the SDK serves what follows`, async () => {
      const [command, ...lead] = gwctlCommand();
      const child = spawn(command, [...lead, 'mcp'], { env: testEnv(sandbox().env(), tempConfigDir()) });
      const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
      const answers = (): { id: unknown; result?: Record<string, unknown> }[] =>
        out
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { id: unknown });
      try {
        child.stdin.write(`${JSON.stringify(opening)}\n`);
        await until(() => answers().length === 1, 15_000);
        expect(answers()[0]).toMatchObject({ id: 1, result: { capabilities: { tools: {} } } });
        for (const message of then) child.stdin.write(`${JSON.stringify(message)}\n`);
        await until(() => answers().length === 2, 15_000);
        expect(answers()[1]?.id).toBe(2);
        expect((answers()[1]?.result?.tools as { name: string }[]).map((t) => t.name)).toContain('interns_get');
        child.stdin.end();
        expect(await exited).toBe(0);
        // The SDK answered the opening too: held back (one answer with id 1), and no difference reported.
        expect(answers().map((a) => a.id)).toEqual([1, 2]);
        expect(err).toBe('');
      } finally {
        child.kill('SIGKILL');
      }
    });
  }
});

describe('bounds on what a client sends over HTTP', () => {
  it('a body over 4 MiB is 413, a body that is not JSON is -32700, and the server goes on', async () => {
    const url = await httpServer();
    const post = async (body: string): Promise<{ status: number; body: unknown }> => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body,
      });
      return { status: response.status, body: await response.json() };
    };
    expect(await post(`{"jsonrpc":"2.0","id":3,"method":"ping","params":{"pad":"${'x'.repeat(5 * 1024 * 1024)}"}}`)).toEqual({
      status: 413,
      body: { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'message larger than 4 MiB refused' } },
    });
    expect(await post('not json')).toEqual({
      status: 400,
      body: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the body is not JSON' } },
    });
    const client = newClient('modern');
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    open.push(client);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });
});

describe('when the client goes away', () => {
  it('closed stdin cancels a call in flight (interns_wait for 24 h) and ends the server within a second; nothing more is sent', async () => {
    const sb = sandbox();
    const [command, ...lead] = gwctlCommand();
    const child = spawn(command, [...lead, 'mcp'], { env: testEnv(sb.env(), tempConfigDir()) });
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const path = `/api/v1/interns/${sb.examples.intern}`;
    const reads = (): number => sb.requests().filter((r) => r.path === path).length;
    child.stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    const wait = {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'interns_wait', arguments: { ids: [sb.examples.intern], for: ['status=stopped'], interval: '0.1s', timeout: '24h' } },
    };
    child.stdin.write(`${JSON.stringify(wait)}\n`);
    await until(() => reads() >= 3, 15_000);
    const closedAt = Date.now();
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(Date.now() - closedAt).toBeLessThan(1000);
    const after = reads();
    await new Promise((r) => setTimeout(r, 500));
    expect(reads()).toBe(after);
  });
});

describe('HTTP sessions of the 2025 handshake', () => {
  it('a closed session cancels its call in flight (interns_wait for 24 h): nothing more is sent', async () => {
    const sb = sandbox();
    const url = await httpServer();
    const transport = new StreamableHTTPClientTransport(new URL(url));
    const client = newClient('legacy');
    await client.connect(transport);
    const path = `/api/v1/interns/${sb.examples.intern}`;
    const reads = (): number => sb.requests().filter((r) => r.path === path).length;
    const waiting = client.callTool({
      name: 'interns_wait',
      arguments: { ids: [sb.examples.intern], for: ['status=stopped'], interval: '0.1s', timeout: '24h' },
    });
    waiting.catch(() => {});
    await until(() => reads() >= 3, 15_000);
    await transport.terminateSession();
    await new Promise((r) => setTimeout(r, 300));
    const after = reads();
    await new Promise((r) => setTimeout(r, 700));
    expect(reads()).toBe(after);
    await client.close().catch(() => {});
  });

  it('at most 64 live at once: the 65th closes the one idle longest, whose id is then unknown (404)', async () => {
    const url = await httpServer();
    const initialize = (session?: string): Promise<{ status: number; session: string | undefined }> =>
      new Promise((resolve, reject) => {
        const req = http.request(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' } : {}),
          },
        });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, session: res.headers['mcp-session-id'] as string | undefined }));
        });
        req.on('error', reject);
        req.end(JSON.stringify(session ? { jsonrpc: '2.0', id: 2, method: 'ping' } : INITIALIZE));
      });
    const first = await initialize();
    expect(first.status).toBe(200);
    expect((await initialize(first.session)).status).toBe(200);
    const more: (string | undefined)[] = [];
    for (let i = 0; i < 63; i++) more.push((await initialize()).session);
    // 64 sessions; the first is used again, so the one idle longest is the second.
    expect((await initialize(first.session)).status).toBe(200);
    expect((await initialize(more[0])).status).toBe(200);
    expect((await initialize(first.session)).status).toBe(200);
    expect((await initialize()).status).toBe(200);
    expect((await initialize(more[1])).status).toBe(404);
    expect((await initialize(more[0])).status).toBe(200);
    expect((await initialize(first.session)).status).toBe(200);
  }, 60_000);
});

describe('at a terminal', () => {
  it('says on stderr that it waits for an MCP client on stdin', async () => {
    const r = await gwctl(['mcp'], { stdinIsTTY: true, env: sandbox().env() });
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: 'gwctl: waiting for an MCP client on stdin (Ctrl-C to stop)\n' });
  });

  it('says nothing when stdin is not a terminal', async () => {
    const r = await gwctl(['mcp'], { env: sandbox().env() });
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });
});
