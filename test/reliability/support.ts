// A scripted HTTP server on 127.0.0.1 with full control over what goes back on the wire
// (any status, any headers or none, raw bytes, a cut-off message, a dropped connection), and a
// way to run gwctl as a child process that a test can signal or whose stdout it can close.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BIN } from '../helpers/gwctl.js';
import { receive, type SeenRequest } from '../helpers/server.js';

export interface Seen extends SeenRequest {
  at: number;
}

export interface Reply {
  status?: number;
  /** Sent as given; `content-type` defaults to application/json for objects, text/plain for strings. Null leaves a header out. */
  headers?: Record<string, string | null>;
  /** An object is sent as JSON; a string or Buffer as it is. */
  body?: unknown;
  /** Wait this long (after reading the request) before answering. */
  delayMs?: number;
  /** Close the connection after reading the request, without answering. */
  drop?: boolean;
  /** Write these bytes to the socket as the whole answer, then close it. */
  raw?: string | Buffer;
  /** With raw: leave the connection open afterwards (a body that never finishes). */
  keepOpen?: boolean;
}

export type Handler = (req: Seen, index: number) => Reply | Promise<Reply>;

export interface Scripted {
  url: string;
  baseUrl: string;
  port: number;
  requests: Seen[];
  /** Replace the handler (per test). */
  handle(handler: Handler): void;
  reset(): void;
  close(): Promise<void>;
}

export interface TlsFiles {
  key: string;
  cert: string;
}

export async function startScripted(handler: Handler = () => ({ status: 500 }), tls?: TlsFiles): Promise<Scripted> {
  const requests: Seen[] = [];
  let current = handler;
  const sockets = new Set<Socket>();
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    void receive(req).then(async (request) => {
      const seen: Seen = { ...request, at: Date.now() };
      requests.push(seen);
      const reply = await current(seen, requests.length - 1);
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (res.destroyed || req.socket.destroyed) return;
      if (reply.drop) {
        req.socket.destroy();
        return;
      }
      if (reply.raw !== undefined) {
        if (reply.keepOpen) req.socket.write(reply.raw);
        else req.socket.end(reply.raw);
        return;
      }
      const isObject = reply.body !== undefined && typeof reply.body !== 'string' && !Buffer.isBuffer(reply.body);
      const payload: string | Buffer =
        reply.body === undefined ? '' : isObject ? JSON.stringify(reply.body) : (reply.body as string | Buffer);
      res.statusCode = reply.status ?? 200;
      const headers: Record<string, string | null> = {
        'content-type': isObject ? 'application/json' : 'text/plain',
        ...reply.headers,
      };
      for (const [name, value] of Object.entries(headers)) if (value !== null) res.setHeader(name, value);
      res.end(payload);
    });
  };
  const server = tls ? https.createServer({ key: tls.key, cert: tls.cert }, onRequest) : http.createServer(onRequest);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  return {
    url,
    baseUrl: `${url}/api/v1`,
    port,
    requests,
    handle(next) {
      current = next;
    },
    reset() {
      requests.length = 0;
      current = handler;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The error envelope the API sends. */
export function envelope(status: number, message: string, metadata?: { reason?: string; retryable?: boolean }) {
  return { error: { code: status, message, ...(metadata ? { metadata } : {}) } };
}

export interface Child {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (or signal) once the process has ended and its pipes closed. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'gwctl-reliability-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/** A fresh config folder under one scratch folder removed when the test process exits. */
export function configDir(): string {
  return mkdtempSync(path.join(scratch, 'cfg-'));
}

export function childEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: scratch,
    GWCTL_CONFIG_DIR: configDir(),
  };
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/** gwctl as a child the test can signal, read from and close the stdout of. */
export function startGwctl(args: readonly string[], env: Record<string, string | undefined> = {}): Child {
  const began = Date.now();
  const child = spawn(process.execPath, [BIN, ...args], { env: childEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdin.end();
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, ms: Date.now() - began });
    });
  });
  return { child, stdout: () => stdout, stderr: () => stderr, done };
}

export interface Timed {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs gwctl to the end and says how long it took. */
export async function timedRun(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<Timed> {
  const run = startGwctl(args, env);
  const { code, signal, ms } = await run.done;
  return { code, signal, ms, stdout: run.stdout(), stderr: run.stderr() };
}

/** Polls until `check` holds (or fails the test after `ms`). */
export async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** No stack frames, no Node error prefixes. */
export function expectNoCrash(text: string): void {
  if (/^\s+at /m.test(text) || /^(\w*Error|Uncaught|node:internal)/m.test(text)) {
    throw new Error(`looks like a crash report:\n${text}`);
  }
}
