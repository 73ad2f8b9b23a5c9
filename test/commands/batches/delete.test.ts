// batches delete against a scripted server: refused before sending without --yes, the report
// of what was deleted, and a batch that cannot be deleted yet.
import { describe, expect, it } from 'vitest';
import type { BatchDeletedBody } from '../../kit/bodies.js';
import { scriptedRuns } from '../../kit/scripted-runs.js';
import { envelope } from '../../kit/server.js';
import { sandboxRuns } from '../../kit/sandbox.js';

const KEY = 'sk-mgmt-test-0123456789abcdef';

const scripted = scriptedRuns({ env: { GWCTL_MANAGEMENT_KEY: KEY }, fallback: { status: 404, body: envelope(404, 'Batch not found.') } });
const run = scripted.run;

describe('batches delete', () => {
  it('without a terminal and without --yes refuses with exit 2 and sends nothing', async () => {
    const r = await run(['batches', 'delete', 'batch_abc123']);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'gwctl: refusing to act without confirmation: stdin is not a terminal, so nobody can be asked; pass --yes to act without asking\n',
    });
    expect(scripted.server.requests).toHaveLength(0);
  });

  it("with --yes deletes and reports the service's and the upstream's deletion status", async () => {
    const report: BatchDeletedBody = {
      id: 'batch_abc123',
      object: 'batch',
      deletion: { service: 'deleted', upstream: { provider: 'OpenAI', status: 'unsupported' } },
    };
    scripted.script = () => ({ body: report });
    const r = await run(['batches', 'delete', 'batch_abc123', '--yes']);
    expect(r).toMatchObject({
      code: 0,
      stderr: '',
      stdout: 'id\tbatch_abc123\nservice\tdeleted\nupstream_provider\tOpenAI\nupstream_status\tunsupported\n',
    });
    expect(scripted.server.requests.map((q) => q.method)).toEqual(['DELETE']);
    const json = await run(['batches', 'delete', 'batch_abc123', '--yes', '--json']);
    expect(JSON.parse(json.stdout)).toEqual(report);
  });

  it("accepts openapi.json's deletion.openrouter name", async () => {
    scripted.script = () => ({
      body: { id: 'b', object: 'batch', deletion: { openrouter: 'deleted', upstream: { provider: 'OpenAI', status: 'not_applicable' } } },
    });
    const r = await run(['batches', 'delete', 'b', '--yes']);
    expect(r.stdout).toBe('id\tb\nservice\tdeleted\nupstream_provider\tOpenAI\nupstream_status\tnot_applicable\n');
  });

  it('a batch still running is exit 6 with the API message, not retried', async () => {
    const message = 'Only completed, failed, expired, or cancelled batches can be deleted. Wait for the batch to finish and try again.';
    scripted.script = () => ({ status: 409, body: { error: { code: 409, message } } });
    const r = await run(['batches', 'delete', 'batch_abc123', '--yes']);
    expect(r).toMatchObject({ code: 6, stdout: '', stderr: `gwctl: HTTP 409: ${message}\n` });
    expect(scripted.server.requests).toHaveLength(1);
  });
});

describe('batches delete against the sandbox', () => {
  const sandboxed = sandboxRuns();

  it('removes a finished batch; a running one is exit 6; an expired one is exit 5', async () => {
    const { batches } = sandboxed.sandbox().examples;
    const done = await sandboxed.run(['batches', 'delete', batches.completed!, '--yes']);
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/^id\t.*\nservice\tdeleted\n/);
    expect((await sandboxed.run(['batches', 'get', batches.completed!])).code).toBe(5);
    const running = await sandboxed.run(['batches', 'delete', batches.in_progress!, '--yes']);
    expect(running.code).toBe(6);
    expect(running.stderr).toMatch(/^gwctl: HTTP 409: /);
    const expired = await sandboxed.run(['batches', 'get', batches.retention_expired!]);
    expect(expired.code).toBe(5);
    expect(expired.stderr).toMatch(/^gwctl: HTTP 410: /);
  });
});
