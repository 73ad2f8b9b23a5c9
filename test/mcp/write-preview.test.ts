// A write tool's preview in-process (src/cli/mcp/writes.ts): the targets of the input and what
// each read says, from the fleet core with the call's own dependencies, against a scripted
// gateway through gwctl's real client. No command runs: the dependencies given print nothing (a
// command's --dry-run prints its rows), and the gateway sees one GET per id and nothing else.
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { callWrite } from '../../src/cli/mcp/writes.js';
import { toolsOf } from '../../src/cli/mcp/tools.js';
import { commands } from '../../src/cli/registry.js';
import type { Deps } from '../../src/commands/context.js';
import { createIo } from '../../src/core/io.js';
import { nobodyToAsk } from '../../src/core/prompter.js';
import { internBody, internId } from '../kit/bodies.js';
import { envelope, type Seen } from '../kit/server.js';
import { serverForFile } from '../kit/scripted-runs.js';

const gateway = serverForFile((req: Seen) => {
  const n = [1, 2].find((i) => req.path === `/api/v1/interns/${internId(i)}`);
  if (req.method === 'GET' && n !== undefined) return { body: internBody(n) };
  if (req.method === 'GET') return { status: 404, body: envelope(404, 'Intern not found.') };
  return { status: 500, body: envelope(500, 'a preview sends no write') };
});

const suspend = toolsOf(commands.values(), { allowDestructive: true }).find((t) => t.name === 'interns_suspend')!;

/** The call's dependencies: the real client, memory for output, and a printer that nothing may use. */
function callDeps(signal: AbortSignal): Deps {
  const client = new ApiClient({
    baseUrl: gateway.baseUrl,
    keys: async (kind) => ({ value: kind === 'management' ? 'sk-mgmt-preview-0123456789abcdef' : 'sk-api-preview-0123456789abcdef' }),
    timeoutMs: 10_000,
    retries: 0,
    userAgent: 'gwctl-test',
    signal,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => Date.now(),
  });
  const sink = new PassThrough().resume();
  const io = createIo({
    streams: { stdin: Readable.from([]), stdout: sink, stderr: sink },
    env: {},
    colorFlag: false,
    onStdoutClosed: () => {},
  });
  const printer = new Proxy(
    {},
    {
      get: (_, name) => {
        throw new Error(`the preview printed (printer.${String(name)}): a command ran`);
      },
    },
  );
  return {
    io,
    api: () => Promise.resolve(client),
    signal,
    interrupted: signal,
    prompter: nobodyToAsk('nobody'),
    printer,
  } as unknown as Deps;
}

describe('a write tool preview through the fleet core', () => {
  it('ids: one GET each, the expected outcome of each, nothing printed, nothing sent but reads', async () => {
    const signal = new AbortController().signal;
    const commandDeps = callDeps(signal);
    const ids = [internId(1), internId(2), internId(9)];
    const outcome = await callWrite(suspend, { ids }, { deps: commandDeps, signal, keys: [], commandDeps });
    expect(outcome.result.isError).toBeUndefined();
    const preview = outcome.result.structuredContent as { count: number; targets: { id: string; expected_outcome: string }[] };
    expect(preview.count).toBe(2);
    expect(preview.targets.map((t) => [t.id, t.expected_outcome])).toEqual([
      [internId(1), 'done'],
      [internId(2), 'done'],
      [internId(9), 'failed'],
    ]);
    expect(gateway.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual(ids.map((id) => `GET /api/v1/interns/${id}`).sort());
  });

  it("the input's mistakes are the command's, refused before anything is read", async () => {
    const signal = new AbortController().signal;
    const commandDeps = callDeps(signal);
    const outcome = await callWrite(
      suspend,
      { ids: [internId(1)], status: ['running'] },
      { deps: commandDeps, signal, keys: [], commandDeps },
    );
    expect(outcome.result.structuredContent).toMatchObject({ error: { message: 'give intern ids or status, not both', exit_code: 2 } });
    expect(gateway.requests).toEqual([]);
  });
});
