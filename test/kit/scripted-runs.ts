// One test file's scripted server and its in-process runs: the server starts before the file's
// tests and closes after them; before each test its record is cleared and its script unset.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { gwctl, type InProcessResult } from './cli.js';
import { startServer, type Handler, type Reply, type ScriptedServer, type ServerOptions, type Seen } from './server.js';

export interface ScriptedRuns {
  readonly server: ScriptedServer;
  /** What the server answers; when unset, or when it returns undefined, the file's fallback answers. */
  script: ((req: Seen) => Reply | undefined) | undefined;
  /** gwctl in-process against the server, with the file's environment; `input` on stdin. */
  run(args: string[], input?: string): Promise<InProcessResult>;
}

export function scriptedRuns(options: { env: Record<string, string>; fallback: Reply | ((req: Seen) => Reply) }): ScriptedRuns {
  const { fallback } = options;
  let server: ScriptedServer | undefined;
  const scripted: ScriptedRuns = {
    get server() {
      if (!server) throw new Error('the scripted server starts in beforeAll');
      return server;
    },
    script: undefined,
    run: (args, input) =>
      gwctl([...args, '--base-url', scripted.server.baseUrl], { env: options.env, ...(input === undefined ? {} : { input }) }),
  };
  beforeAll(async () => {
    server = await startServer((req) => scripted.script?.(req) ?? (typeof fallback === 'function' ? fallback(req) : fallback));
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    scripted.script = undefined;
    server?.reset();
  });
  return scripted;
}

/**
 * One test file's scripted server, without runs of its own: started before the file's tests,
 * closed after them, its record cleared and its first script put back before each test. What it
 * returns stands for the server once started: read it inside hooks and tests only.
 */
export function serverForFile(handler?: Handler, options?: ServerOptions): ScriptedServer {
  let started: ScriptedServer | undefined;
  beforeAll(async () => {
    started = await startServer(handler, options);
  });
  afterAll(() => started?.close());
  beforeEach(() => started?.reset());
  return new Proxy({} as ScriptedServer, {
    get(_, key) {
      if (!started) throw new Error('the scripted server starts in beforeAll');
      return Reflect.get(started, key) as unknown;
    },
  });
}
