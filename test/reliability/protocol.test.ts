// Answers that are not HTTP/1.1 responses, from a raw TCP server on 127.0.0.1: an unexpected
// 101 or other 1xx, a garbled status line, HTTP/0.9, bad headers, a body cut short or reset.
// Each is one line in the reader's terms (no library code such as ERR_ASSERTION) with the
// contract's exit code: 1 for an answer that cannot be read, 7 for a lost connection.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { expectNoCrash } from '../kit/spawn.js';

const KEY = 'sk-api-protocol-0123456789abcdef';
const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

let answer: (socket: net.Socket) => void = (s) => s.end();
let connections = 0;
let server: net.Server;
let port = 0;

beforeAll(async () => {
  server = net.createServer((socket) => {
    connections++;
    socket.on('error', () => {});
    socket.once('data', () => answer(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function get(reply: (socket: net.Socket) => void, retries = '0') {
  answer = reply;
  connections = 0;
  const r = await gwctl(['interns', 'get', INTERN, '--base-url', `http://127.0.0.1:${port}/api/v1`, '--retries', retries], {
    env: { GWCTL_API_KEY: KEY },
  });
  expectNoCrash(r.stderr);
  expect(r.stdout).toBe('');
  return r;
}

describe('answers that are not HTTP/1.1 responses: exit 1, not retried', () => {
  const where = () => `127.0.0.1:${port}`;
  it.each([
    [
      '101 Switching Protocols to a request that asked for no upgrade',
      (s: net.Socket) => s.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'),
      'the server answered with an unexpected informational status (1xx, such as 101 Switching Protocols) instead of a response',
    ],
    [
      '101 followed by the connection closing',
      (s: net.Socket) => s.end('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'),
      'the server answered with an unexpected informational status (1xx, such as 101 Switching Protocols) instead of a response',
    ],
    [
      '100 Continue and nothing after it',
      (s: net.Socket) => s.end('HTTP/1.1 100 Continue\r\n\r\n'),
      'the server sent an informational status (1xx) and then closed the connection without a response',
    ],
    [
      'a garbled status line',
      (s: net.Socket) => s.end('garbage here\r\n\r\n'),
      'the answer does not begin with an HTTP/1.1 status line (not an HTTP/1.1 server?)',
    ],
    [
      'an HTTP/0.9 answer (a body with no status line)',
      (s: net.Socket) => s.end('{"data":[]}'),
      'the answer does not begin with an HTTP/1.1 status line (not an HTTP/1.1 server?)',
    ],
    [
      'a header line without a colon',
      (s: net.Socket) => s.end('HTTP/1.1 200 OK\r\nbad header line\r\n\r\n'),
      'the answer is not valid HTTP/1.1 (invalid header token)',
    ],
    [
      'a chunked body with a bad chunk size',
      (s: net.Socket) => s.end('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n'),
      'HTTP 200: the answer is not valid HTTP/1.1 (invalid character in chunk size)',
    ],
  ])('%s', async (_name, reply, message) => {
    const r = await get(reply, '2');
    expect(r.stderr).toBe(`gwctl: ${message} (${where()})\n`);
    expect(r.code).toBe(1);
    expect(connections).toBe(1);
  });
});

describe('connections lost: exit 7', () => {
  it('a reset in the middle of the body says so, with the status that had arrived', async () => {
    const r = await get((s) => {
      s.write('HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\n{"data":');
      setTimeout(() => s.resetAndDestroy(), 20);
    });
    expect(r.stderr).toBe(`gwctl: connection reset by the server before the response was complete (127.0.0.1:${port})\n`);
    expect(r.code).toBe(7);
  });

  it('a close in the middle of the body', async () => {
    const r = await get((s) => s.end('HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\n{"data":'));
    expect(r.stderr).toBe(`gwctl: connection closed by the server before the response was complete (127.0.0.1:${port})\n`);
    expect(r.code).toBe(7);
  });

  it('a close before any answer', async () => {
    const r = await get((s) => s.end());
    expect(r.stderr).toBe(`gwctl: connection closed by the server (127.0.0.1:${port})\n`);
    expect(r.code).toBe(7);
  });
});
