// `gwctl mcp`'s entry, free of the MCP SDK: over stdio it reads from the start of the run and
// answers the client's opening request, when that is the handshake (`initialize`, or the
// 2026-07-28 `server/discover`), before the SDK has loaded (handshake.ts), then loads the SDK's
// side (server.ts) when a line needs it and hands it everything read, the answered request first.
// A client that leaves after the handshake never waits for the SDK to load. Over HTTP (--http)
// the SDK's side serves from the start.
import type { Readable } from 'node:stream';
import type { Deps } from '../../commands/context.js';
import { rejectOnAbort } from '../../core/abort.js';
import { commands } from '../registry.js';
import { earlyAnswer } from './handshake.js';
import { instructionsFor } from './identity.js';
import { toolsLeftOut } from './keys.js';
import { LineReader } from './lines.js';
import type { HttpLoader, McpOptions, serveOverHttp, serveOverStdio } from './server.js';
import type { Opening } from './stdio.js';

/** The SDK's side and the HTTP side, each loaded only when needed (given by the lazy seam). */
export interface McpLoaders {
  server: () => Promise<{ serveOverStdio: typeof serveOverStdio; serveOverHttp: typeof serveOverHttp }>;
  http: HttpLoader;
}

export async function serveMcp(opts: McpOptions, deps: Deps, load: McpLoaders): Promise<void> {
  if (!opts.confirm) deps.io.err('gwctl: write tools act on yes: true without asking the person at the client (--no-confirm)\n');
  const leftOut = toolsLeftOut(commands.values(), deps, opts);
  if (opts.http) return (await load.server()).serveOverHttp(opts, deps, load.http, leftOut);
  const opening = await openStdio(deps, instructionsFor(!opts.confirm, leftOut));
  // A client that left after the handshake: nothing more to serve.
  if (opening) await (await load.server()).serveOverStdio(opts, deps, opening, leftOut);
}

/**
 * Reads stdin until a line needs the SDK, answering the opening request when it can; undefined
 * when the client went away first with nothing left to answer.
 */
async function openStdio(deps: Deps, instructions: string): Promise<Opening | undefined> {
  const { io, signal } = deps;
  if (io.stdinIsTTY) io.err('gwctl: waiting for an MCP client on stdin (Ctrl-C to stop)\n');
  const reader = new LineReader(io.stdin as Readable, (text) => io.out(text));
  const opening: Opening = { reader, held: [] };
  let needed: () => void = () => {};
  const needsSdk = new Promise<void>((resolve) => (needed = resolve));
  reader.onLine = (line) => {
    const answer = opening.held.length === 0 ? earlyAnswer(line.parsed, instructions) : undefined;
    // Every line is held for the SDK, the answered one too: it learns the client from it.
    opening.held.push(line);
    if (!answer) return needed();
    opening.answered = answer;
    reader.send(answer.response);
  };
  reader.start();
  try {
    await Promise.race([needsSdk, reader.ended, rejectOnAbort(signal)]);
  } catch (error) {
    reader.stop();
    throw error;
  }
  const unanswered = opening.held.length - (opening.answered ? 1 : 0);
  return unanswered > 0 ? opening : undefined;
}
