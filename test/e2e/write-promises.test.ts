// The seventh release's "A write succeeds when the answer says so", as a script and an agent meet
// it: the built gwctl against a scripted gateway on 127.0.0.1 that answers a 2xx which did not
// make the change. One target (exit 1), several (that target failed, exit 8), `gwctl api` on the
// operation's route, and the MCP tool; then a second signal in a fleet, which still reports.
import { describe, expect, it } from 'vitest';
import { internBody } from '../kit/bodies.js';
import { closeMcpClientsAfterEach, gatewayEnv, mcpChild } from '../kit/mcp-client.js';
import { serverForFile } from '../kit/scripted-runs.js';
import type { Reply, Seen } from '../kit/server.js';
import { runGwctl, spawnGwctl, until } from '../kit/spawn.js';

const KEY = 'sk-api-promises-0123456789abcdef';
const id = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const server = serverForFile();
const env = { GWCTL_API_KEY: KEY, GWCTL_MANAGEMENT_KEY: KEY };
const gw = (args: string[]) => runGwctl([...args, '--base-url', server.baseUrl], { env });
const posts = (): Seen[] => server.requests.filter((r) => r.method !== 'GET');
const internOf = (req: Seen): string => req.path.split('/')[4]!;
closeMcpClientsAfterEach();

describe('interns suspend succeeds only on {"suspended": true}', () => {
  it('one id: {"suspended": false} is exit 1 with what the server said, nothing on stdout', async () => {
    server.handle(() => ({ body: { suspended: false } }));
    expect(await gw(['interns', 'suspend', id(1), '--yes'])).toMatchObject({
      code: 1,
      stdout: '',
      stderr:
        `gwctl: HTTP 200: intern ${id(1)} was not suspended: the answer does not say "suspended": true; the server answered {"suspended":false} ` +
        `(reason: unexpected_answer); check with: gwctl interns get ${id(1)}\n`,
    });
  });

  it('several: that target failed with exit code 1, the summary says so, exit 8', async () => {
    server.handle((req) => ({ body: { suspended: internOf(req) !== id(2) } }));
    const r = await gw(['interns', 'suspend', id(1), id(2), id(3), '--yes', '--json']);
    expect(r.code).toBe(8);
    const body = JSON.parse(r.stdout) as { data: { id: string; ok: boolean; exit_code: number }[]; summary: Record<string, number> };
    expect(body.data.map(({ id: target, ok, exit_code }) => [target, ok, exit_code])).toEqual([
      [id(1), true, 0],
      [id(2), false, 1],
      [id(3), true, 0],
    ]);
    expect(body.summary).toMatchObject({ requested: 3, succeeded: 2, failed: 1 });
  });

  it('gwctl api POST on the route: asks as the command does (no terminal: --yes needed, nothing sent), and checks the answer', async () => {
    server.handle(() => ({ body: { suspended: false } }));
    const refused = await gw(['api', '-X', 'POST', `interns/${id(1)}/suspend`]);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toContain('pass --yes');
    expect(posts()).toEqual([]);
    const sent = await gw(['api', '-X', 'POST', `interns/${id(1)}/suspend`, '--yes']);
    expect(sent.code).toBe(1);
    expect(sent.stdout).toBe('{\n  "suspended": false\n}\n');
    expect(sent.stderr).toContain(`gwctl: HTTP 200: intern ${id(1)} was not suspended`);
  });

  it('the MCP tool: the target failed, the result is an error', async () => {
    server.handle((req) => ({ body: req.method === 'GET' ? internBody(1, { id: id(1) }) : { suspended: false } }));
    const { client } = await mcpChild('legacy', ['--allow-destructive', '--no-confirm'], gatewayEnv(server.baseUrl));
    await client.listTools();
    const result = (await client.callTool({ name: 'interns_suspend', arguments: { ids: [id(1)], yes: true } })) as {
      isError?: boolean;
      structuredContent: Record<string, unknown>;
    };
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ changed: false, results: [{ id: id(1), outcome: 'failed' }] });
  });
});

describe('batches delete succeeds only on a deletion of the batch asked for that is deleted', () => {
  const deletion =
    (body: object): (() => Reply) =>
    () => ({ body });
  it.each([
    [
      'service failed',
      { id: 'batch_a', object: 'batch', deletion: { service: 'failed' } },
      'its deletion.service is "failed", not "deleted"',
    ],
    [
      'service pending',
      { id: 'batch_a', object: 'batch', deletion: { service: 'pending' } },
      'its deletion.service is "pending", not "deleted"',
    ],
    ['another batch', { id: 'batch_OTHER', object: 'batch', deletion: { service: 'deleted' } }, 'the answer is for batch batch_OTHER'],
  ])('%s: exit 1, the batch not deleted', async (_label, body, why) => {
    server.handle(deletion(body));
    const r = await gw(['batches', 'delete', 'batch_a', '--yes']);
    expect(r).toMatchObject({ code: 1, stdout: '' });
    expect(r.stderr).toContain(`gwctl: HTTP 200: batch batch_a was not deleted: ${why}; the server answered`);
  });

  it('deletion.openrouter (the public description) deleted is a success', async () => {
    server.handle(deletion({ id: 'batch_a', object: 'batch', deletion: { openrouter: 'deleted' } }));
    expect((await gw(['batches', 'delete', 'batch_a', '--yes'])).code).toBe(0);
  });
});

describe('a second signal in a fleet shortens the wait and still reports each target', () => {
  it.each([
    ['SIGINT', 'SIGINT', 130, 'interrupted'],
    ['SIGINT', 'SIGTERM', 130, 'interrupted'],
  ] as const)('%s then %s: in flight unknown, the rest untouched, exit %i within a second', async (first, second, exit, word) => {
    server.handle(() => ({ delayMs: 10_000, body: { suspended: true } }));
    const ids = [1, 2, 3, 4].map(id);
    const run = spawnGwctl(['interns', 'suspend', ...ids, '--yes', '--concurrency', '2', '--base-url', server.baseUrl], { env });
    await until(() => server.requests.length >= 2);
    run.child.kill(first);
    await new Promise((r) => setTimeout(r, 100));
    const sent = Date.now();
    run.child.kill(second);
    const { code } = await run.done;
    expect(Date.now() - sent).toBeLessThan(1_000);
    expect(code).toBe(exit);
    expect(run.stdout().trimEnd().split('\n')).toEqual([
      ...ids.slice(0, 2).map((i) => `${i}\t${word} before its answer came, so its outcome is unknown\t${exit}`),
      ...ids.slice(2).map((i) => `${i}\tnot attempted: ${word}\t${exit}`),
    ]);
    expect(run.stderr()).toBe(`gwctl: ${word}: 0 of 4 interns done, 2 untouched\n`);
  });
});
