// Batches, suspend and presets against a scripted server: bodies, confirmations refused
// before sending, --wait, and each documented error status.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withEnvKeyHint } from '../kit/hints.js';
import { gwctl } from '../kit/cli.js';
import { tempConfigDir } from '../kit/spawn.js';
import type { BatchBody, BatchDeletedBody, PresetResponseBody } from '../kit/bodies.js';
import { startServer, type Reply, type Seen, type ScriptedServer } from '../kit/server.js';

const KEY = 'sk-mgmt-test-0123456789abcdef';
const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

function batch(status: string, counts = { completed: 2, failed: 0, total: 2 }): BatchBody {
  const terminal = ['completed', 'failed', 'expired', 'cancelled'].includes(status);
  return {
    id: 'batch_abc123',
    object: 'batch',
    endpoint: '/api/v1/chat/completions',
    model: 'openai/gpt-4o-mini',
    provider: 'OpenAI',
    completion_window: '24h',
    status,
    created_at: 1704067200,
    expires_at: 1704153600,
    finalized_at: terminal ? 1704067500 : null,
    error: status === 'failed' ? { message: 'input file invalid' } : null,
    request_counts: counts,
    results: terminal
      ? [
          {
            id: 'r1',
            custom_id: 'req-1',
            response: {
              request_id: 'q1',
              status_code: 200,
              body: { id: 'c1', choices: [{ index: 0, finish_reason: 'stop' }], usage: { total_tokens: 30 } },
            },
            error: null,
          },
          {
            id: 'r2',
            custom_id: 'req-2',
            response: { request_id: 'q2', status_code: 429, body: null },
            error: { message: 'slow down', type: 'rate_limit', error_type: 'rate_limit_exceeded', param: '' },
          },
        ]
      : null,
    usage: { prompt_tokens: 20, completion_tokens: 40, total_tokens: 60, cost: 0.0012 },
  };
}

const preset = (version: number, config: Record<string, unknown>, system: string): PresetResponseBody => ({
  data: {
    id: '650e8400-e29b-41d4-a716-446655440001',
    name: 'support-bot',
    slug: 'support-bot',
    description: null,
    status: 'active',
    status_updated_at: null,
    workspace_id: '750e8400-e29b-41d4-a716-446655440002',
    creator_user_id: 'user_1',
    designated_version_id: '550e8400-e29b-41d4-a716-446655440000',
    designated_version: {
      id: '550e8400-e29b-41d4-a716-446655440000',
      preset_id: '650e8400-e29b-41d4-a716-446655440001',
      version,
      config,
      system_prompt: system,
      creator_id: 'user_1',
      created_at: '2026-04-20T10:00:00Z',
      updated_at: '2026-04-20T10:00:00Z',
    },
    created_at: '2026-04-20T10:00:00Z',
    updated_at: '2026-04-20T10:00:00Z',
  },
});

let script: ((req: Seen) => Reply | undefined) | undefined;
let server: ScriptedServer;

beforeAll(async () => {
  server = await startServer((req) => script?.(req) ?? { status: 404, body: { error: { code: 404, message: 'Batch not found.' } } });
});
afterAll(() => server.close());
beforeEach(() => {
  script = undefined;
  server.reset();
});

const run = (args: string[], input?: string) =>
  gwctl([...args, '--base-url', server.baseUrl], { env: { GWCTL_MANAGEMENT_KEY: KEY }, ...(input === undefined ? {} : { input }) });

describe('batches get', () => {
  it('prints the batch body under --json and its fields with results when piped', async () => {
    script = () => ({ body: batch('completed') });
    const json = await run(['batches', 'get', 'batch_abc123', '--json']);
    expect(json).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(json.stdout)).toEqual(batch('completed'));
    const rows = await run(['batches', 'get', 'batch_abc123', '--results']);
    expect(rows.code).toBe(0);
    expect(rows.stdout).toBe(
      [
        // API field names and raw values, as piped rows carry them.
        'id\tbatch_abc123',
        'status\tcompleted',
        'model\topenai/gpt-4o-mini',
        'endpoint\t/api/v1/chat/completions',
        'provider\tOpenAI',
        'request_counts\t{"completed":2,"failed":0,"total":2}',
        'created_at\t2024-01-01T00:00:00.000Z',
        'finalized_at\t2024-01-01T00:05:00.000Z',
        'expires_at\t2024-01-02T00:00:00.000Z',
        'cost\t0.0012',
        'usage\t{"prompt_tokens":20,"completion_tokens":40,"total_tokens":60,"cost":0.0012}',
        'results\t2',
        'result\treq-1\t200\tstop\t30\t',
        'result\treq-2\t429\t\t\trate_limit_exceeded',
        '',
      ].join('\n'),
    );
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v1/batches/batch_abc123',
      'GET /api/v1/batches/batch_abc123',
    ]);
  });

  it("shows a failed batch's error message", async () => {
    script = () => ({ body: batch('failed') });
    const r = await run(['batches', 'get', 'batch_abc123']);
    expect(r.stdout).toContain('status\tfailed\nerror\tinput file invalid\n');
  });

  it('--wait polls until a terminal status and exits with the outcome', async () => {
    const states = ['validating', 'in_progress', 'completed'];
    script = () => ({ body: batch(states.shift() ?? 'completed') });
    const r = await run(['batches', 'get', 'batch_abc123', '--wait', '--interval', '0.05', '--json']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout).status).toBe('completed');
    expect(server.requests).toHaveLength(3);
  });

  it('--wait on a batch that fails ends with exit 1 and says why', async () => {
    const states = ['in_progress', 'failed'];
    script = () => ({ body: batch(states.shift() ?? 'failed') });
    const r = await run(['batches', 'get', 'batch_abc123', '--wait', '--interval', '0.05']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('gwctl: batch batch_abc123 ended failed: input file invalid\n');
    expect(r.stdout).toContain('status\tfailed\n');
  });

  it.each([
    [401, 'No auth credentials found.', 4],
    [404, 'Batch not found.', 5],
    [410, 'Batch results have expired.', 5],
    [429, 'Rate limit exceeded.', 7],
    [500, 'Internal server error.', 7],
    [502, 'Upstream batch-api is unavailable.', 7],
  ])('maps HTTP %i to its exit code', async (status, message, exit) => {
    script = () => ({ status, body: { error: { code: status, message } } });
    const r = await run(['batches', 'get', 'batch_abc123', '--retries', '0']);
    expect(r).toMatchObject({
      code: exit,
      stdout: '',
      stderr: `gwctl: HTTP ${status}: ${withEnvKeyHint(status, message, 'management')}\n`,
    });
  });

  it('refuses a bad id or interval before sending', async () => {
    expect(await run(['batches', 'get', ''])).toMatchObject({ code: 2, stderr: 'gwctl: missing batch id\n' });
    expect(await run(['batches', 'get', 'x', '--wait', '--interval', '0'])).toMatchObject({ code: 2 });
    expect(server.requests).toHaveLength(0);
  });
});

describe('batches delete', () => {
  it('without a terminal and without --yes refuses with exit 2 and sends nothing', async () => {
    const r = await run(['batches', 'delete', 'batch_abc123']);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'gwctl: refusing to act without confirmation; pass --yes (there is no terminal to ask on, or --no-input / CI is set)\n',
    });
    expect(server.requests).toHaveLength(0);
  });

  it("with --yes deletes and reports the service's and the upstream's deletion status", async () => {
    const report: BatchDeletedBody = {
      id: 'batch_abc123',
      object: 'batch',
      deletion: { service: 'deleted', upstream: { provider: 'OpenAI', status: 'unsupported' } },
    };
    script = () => ({ body: report });
    const r = await run(['batches', 'delete', 'batch_abc123', '--yes']);
    expect(r).toMatchObject({
      code: 0,
      stderr: '',
      stdout: 'id\tbatch_abc123\nservice\tdeleted\nupstream_provider\tOpenAI\nupstream_status\tunsupported\n',
    });
    expect(server.requests.map((q) => q.method)).toEqual(['DELETE']);
    const json = await run(['batches', 'delete', 'batch_abc123', '--yes', '--json']);
    expect(JSON.parse(json.stdout)).toEqual(report);
  });

  it("accepts openapi.json's deletion.openrouter name", async () => {
    script = () => ({
      body: { id: 'b', object: 'batch', deletion: { openrouter: 'deleted', upstream: { provider: 'OpenAI', status: 'not_applicable' } } },
    });
    const r = await run(['batches', 'delete', 'b', '--yes']);
    expect(r.stdout).toBe('id\tb\nservice\tdeleted\nupstream_provider\tOpenAI\nupstream_status\tnot_applicable\n');
  });

  it('a batch still running is exit 6 with the API message, not retried', async () => {
    const message = 'Only completed, failed, expired, or cancelled batches can be deleted. Wait for the batch to finish and try again.';
    script = () => ({ status: 409, body: { error: { code: 409, message } } });
    const r = await run(['batches', 'delete', 'batch_abc123', '--yes']);
    expect(r).toMatchObject({ code: 6, stdout: '', stderr: `gwctl: HTTP 409: ${message}\n` });
    expect(server.requests).toHaveLength(1);
  });
});

describe('interns suspend', () => {
  it('without a terminal and without --yes refuses with exit 2 and sends nothing', async () => {
    const r = await run(['interns', 'suspend', INTERN]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('pass --yes');
    expect(server.requests).toHaveLength(0);
  });

  it('without an id and without a terminal is a usage error', async () => {
    const r = await run(['interns', 'suspend', '--yes']);
    expect(r).toMatchObject({
      code: 2,
      stderr: "gwctl: missing intern id; give ids, - to read them from stdin, or --status, as in 'gwctl interns suspend <id>'\n",
    });
  });

  it('with --yes posts no body and prints the result', async () => {
    script = () => ({ body: { suspended: true } });
    const r = await run(['interns', 'suspend', INTERN, '--yes']);
    expect(r).toMatchObject({ code: 0, stderr: '', stdout: `${INTERN}\tsuspended\n` });
    const [req] = server.requests;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe(`/api/v1/interns/${INTERN}/suspend`);
    expect(req!.body).toBe('');
    expect(req!.headers['content-type']).toBeUndefined();
    const json = await run(['interns', 'suspend', INTERN, '--yes', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({ suspended: true });
  });

  it('retries a busy intern (409 intern_busy, retryable) and then succeeds', async () => {
    let calls = 0;
    script = () =>
      ++calls < 3
        ? {
            status: 409,
            headers: { 'retry-after': '0' },
            body: { error: { code: 409, message: 'busy', metadata: { reason: 'intern_busy', retryable: true } } },
          }
        : { body: { suspended: true } };
    const r = await run(['interns', 'suspend', INTERN, '--yes']);
    expect(r).toMatchObject({ code: 0, stdout: `${INTERN}\tsuspended\n` });
    expect(server.requests).toHaveLength(3);
  });

  it.each([
    [400, 'invalid_body', false, 2],
    [404, 'not_found', false, 5],
    [409, 'intern_busy', false, 6],
    [413, 'payload_too_large', false, 2],
    [415, 'unsupported_media_type', false, 2],
    [502, 'upstream_unavailable', false, 1],
  ])('maps HTTP %i (%s) to its exit code', async (status, reason, retryable, exit) => {
    script = () => ({ status, body: { error: { code: status, message: `m${status}`, metadata: { reason, retryable } } } });
    const r = await run(['interns', 'suspend', INTERN, '--yes']);
    expect(r).toMatchObject({ code: exit, stderr: `gwctl: HTTP ${status}: m${status} (reason: ${reason}, retryable: ${retryable})\n` });
  });
});

describe('presets create', () => {
  it('builds the body from a file with flags laid over it, and shows the new version', async () => {
    const dir = tempConfigDir();
    const file = path.join(dir, 'body.json');
    writeFileSync(
      file,
      JSON.stringify({ model: 'openai/gpt-4o', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }], speed: 'fast' }),
    );
    script = (req) => {
      const sent = JSON.parse(req.body) as Record<string, unknown>;
      return { body: preset(2, { model: sent.model, max_tokens: sent.max_tokens, temperature: sent.temperature }, String(sent.system)) };
    };
    const r = await run(['presets', 'create', 'support-bot', '--file', file, '--temperature', '0.2', '--system', 'Be brief.']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const [req] = server.requests;
    expect(req!.path).toBe('/api/v1/presets/support-bot/messages');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req!.body)).toEqual({
      model: 'openai/gpt-4o',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'hi' }],
      speed: 'fast',
      temperature: 0.2,
      system: 'Be brief.',
    });
    expect(r.stdout).toBe(
      [
        'slug\tsupport-bot',
        'name\tsupport-bot',
        'id\t650e8400-e29b-41d4-a716-446655440001',
        'status\tactive',
        'version\t2',
        'designated_version_id\t550e8400-e29b-41d4-a716-446655440000',
        'workspace_id\t750e8400-e29b-41d4-a716-446655440002',
        'model\topenai/gpt-4o',
        'max_tokens\t100',
        'temperature\t0.2',
        'system_prompt\tBe brief.',
        '',
      ].join('\n'),
    );
  });

  it('reads the body from stdin with --file -, and --dry-run sends nothing', async () => {
    const r = await run(
      ['presets', 'create', 'support-bot', '--file', '-', '--dry-run'],
      JSON.stringify({ model: 'm', messages: [], stream: true }),
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ model: 'm', messages: [], stream: true });
    expect(r.stderr).toBe(
      'Dry run: nothing sent. The service will ignore: messages, stream.\n' +
        'A new version of support-bot would hold only: model.\n' +
        'Fields not given are not carried over from the current version.\n',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('on a terminal, says before sending what the new version will hold and that nothing else is carried over', async () => {
    script = () => ({ body: preset(3, { temperature: 0.2 }, '') });
    const r = await gwctl(['presets', 'create', 'support-triage', '--temperature', '0.2', '--base-url', server.baseUrl], {
      env: { GWCTL_MANAGEMENT_KEY: KEY },
      stderrIsTTY: true,
      columns: 80,
    });
    expect(r).toMatchObject({
      code: 0,
      stderr:
        'The new version of support-triage will hold only:\n' +
        '  temperature  0.2\n' +
        'Fields not given are not carried over from the current version.\n',
    });
    expect(server.requests).toHaveLength(1);
    // Piped stderr (a script) gets no preview; --dry-run says it in two lines, the body on stdout.
    server.reset();
    expect((await run(['presets', 'create', 'support-triage', '--temperature', '0.2'])).stderr).toBe('');
    const dry = await run(['presets', 'create', 'support-triage', '--file', '-', '--dry-run'], JSON.stringify({ messages: [] }));
    expect(dry).toMatchObject({
      code: 0,
      stdout: '{\n  "messages": []\n}\n',
      stderr:
        'Dry run: nothing sent. The service will ignore: messages.\n' +
        'A new version of support-triage would hold no settings.\n' +
        'Fields not given are not carried over from the current version.\n',
    });
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    [{ model: 'm', fallbacks: [{ model: 'a' }, { model: 'b' }, { model: 'c' }, { model: 'd' }] }, 'fallbacks take at most 3 entries'],
    [{ model: 'm', fallbacks: [{ model: 'a', temperature: 1 }] }, 'each fallback accepts only "model"'],
    [{ model: 'm', fallbacks: [{ model: 'a' }], models: ['b'] }, 'fallbacks cannot be combined with models'],
    [{ model: 'm', session_id: 'x'.repeat(257) }, 'session_id must be at most 256 characters'],
    [{ model: 'm', user: 'u'.repeat(257) }, 'user must be at most 256 characters'],
    [{ model: 'm', speed: 'turbo' }, 'speed must be "fast" or "standard"'],
    [{ model: 'm', stop_server_tools_when: [] }, 'stop_server_tools_when needs at least 1 condition'],
    [{ model: 'm', stop_server_tools_when: [{ type: 'never' }] }, 'each stop_server_tools_when entry must be one of'],
    [{ model: 'm', cache_control: { type: 'persistent' } }, 'cache_control.type must be "ephemeral"'],
    [[1, 2], 'the preset body must be a JSON object'],
  ])('refuses %j with exit 2 before sending', async (body, message) => {
    const r = await run(['presets', 'create', 'support-bot', '--file', '-'], JSON.stringify(body));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
    expect(r.stderr.split('\n')).toHaveLength(2);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a bad slug, bad JSON and an empty request before sending', async () => {
    expect((await run(['presets', 'create', 'a/b', '--model', 'm'])).code).toBe(2);
    expect(await run(['presets', 'create', 'x', '--file', '-'], '{oops')).toMatchObject({ code: 2 });
    expect(await run(['presets', 'create', 'x'])).toMatchObject({
      code: 2,
      stderr:
        'gwctl: nothing to store; give --file PATH (or --file - for stdin), or at least one of --model, --max-tokens, --temperature, --system\n',
    });
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    [400, 2],
    [401, 4],
    [403, 4],
    [404, 5],
    [409, 6],
    [500, 7],
  ])('maps HTTP %i to its exit code, sending once', async (status, exit) => {
    script = () => ({ status, body: { error: { code: status, message: `m${status}` } } });
    const r = await run(['presets', 'create', 'support-bot', '--model', 'm']);
    expect(r).toMatchObject({
      code: exit,
      stderr: `gwctl: HTTP ${status}: ${withEnvKeyHint(status, `m${status}`, 'management')}${status === 500 ? ' (after 4 attempts)' : ''}\n`,
    });
  });
});
