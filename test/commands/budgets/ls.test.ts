// budgets ls against a scripted server: the checks of every management read, the workspace
// checked (or percent-encoded) before sending, and retries of a 500.
import { describe, expect, it } from 'vitest';
import { managementRead } from '../../kit/management-read.js';
import { sandboxRuns } from '../../kit/sandbox.js';

const read = managementRead({
  name: 'budgets ls',
  args: ['budgets', 'ls', 'production'],
  path: '/api/v1/workspaces/production/budgets',
  fixture: 'budgets',
  rows: [
    // Raw values: the amount as the API sent it, an empty interval for null.
    '770e8400-e29b-41d4-a716-446655440000\tmonthly\t100\ttrue\t550e8400-e29b-41d4-a716-446655440000\t2025-08-24T15:45:00.000Z',
    '770e8400-e29b-41d4-a716-446655440001\tdaily\t12.5\ttrue\t550e8400-e29b-41d4-a716-446655440000\t2025-08-25T00:00:00.000Z',
    '770e8400-e29b-41d4-a716-446655440002\t\t5000\ttrue\t550e8400-e29b-41d4-a716-446655440000\t2025-08-24T10:30:00.000Z',
    '',
  ].join('\n'),
});
const { run } = read;

describe('budgets ls: input checked before sending', () => {
  it.each([
    [['budgets', 'ls', ''], 'gwctl: missing workspace\n'],
    [['budgets', 'ls', '..'], 'gwctl: ".." cannot be sent as the id in a URL path: "." and ".." would address another route\n'],
    [
      ['budgets', 'ls'],
      "gwctl: no workspace given and the profile has none; pass one, as in 'gwctl budgets ls <workspace>', or run 'gwctl config set workspace <uuid-or-slug>'\n",
    ],
  ])('%j exits 2 and sends nothing', async (args, stderr) => {
    await read.refused(args, stderr);
  });

  it.each([
    [['budgets', 'ls', 'a/b'], '/api/v1/workspaces/a%2Fb/budgets'],
    [['budgets', 'ls', 'ünï code'], '/api/v1/workspaces/%C3%BCn%C3%AF%20code/budgets'],
  ])('%j: a value the document does not rule out is sent, percent-encoded, for the API to judge', async (args, path) => {
    read.server.reset();
    await run(args);
    expect(read.server.requests.map((r) => r.url)).toEqual([path]);
  });
});

describe('budgets ls: responses', () => {
  it('retries a 500 and says how many attempts were made', async () => {
    const fail = { status: 500, headers: { 'retry-after': '0' }, body: { error: { code: 500, message: 'Internal Server Error' } } };
    read.queue(fail, fail, fail);
    const before = read.server.requests.length;
    const r = await run(['budgets', 'ls', 'production', '--retries', '2']);
    expect(r).toMatchObject({ code: 7, stdout: '', stderr: 'gwctl: HTTP 500: Internal Server Error (after 3 attempts)\n' });
    expect(read.server.requests.length - before).toBe(3);
  });

  it('treats a 500 the API marks not retryable as a plain failure (exit 1), tried once', async () => {
    const body = { error: { code: 500, message: 'configuration error', metadata: { reason: 'configuration_error', retryable: false } } };
    read.queue({ status: 500, body });
    const before = read.server.requests.length;
    const r = await run(['budgets', 'ls', 'production']);
    expect(r).toMatchObject({ code: 1, stderr: 'gwctl: HTTP 500: configuration error (reason: configuration_error, retryable: false)\n' });
    expect(read.server.requests.length - before).toBe(1);
  });
});

describe('budgets ls against the sandbox', () => {
  const sandboxed = sandboxRuns();

  it('--json is the body the API serves, by slug', async () => {
    const { workspace_slug } = sandboxed.sandbox().examples;
    await sandboxed.expectServed(['budgets', 'ls', workspace_slug], `/workspaces/${workspace_slug}/budgets`);
  });

  it('--json is the body the API serves, by uuid', async () => {
    const { workspace } = sandboxed.sandbox().examples;
    await sandboxed.expectServed(['budgets', 'ls', workspace], `/workspaces/${workspace}/budgets`);
  });
});
