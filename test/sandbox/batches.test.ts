// GET and DELETE /batches/{id}: one batch per status, results only when terminal, retention
// (410), deletion of terminal batches only (409 otherwise), the batch envelope, rate limit.
import { describe, expect, it } from 'vitest';
import { BATCH_STATUSES, TERMINAL_BATCH_STATUSES } from '../../src/api/schemas/batch.js';
import { startTestSandbox, useSandbox } from '../kit/sandbox.js';

const sandbox = useSandbox();
const terminal = new Set<string>(TERMINAL_BATCH_STATUSES);
const BATCH_FIELDS = [
  'id',
  'object',
  'completion_window',
  'endpoint',
  'model',
  'status',
  'created_at',
  'finalized_at',
  'request_counts',
  'error',
  'results',
  'usage',
];
const NOT_DELETABLE = 'Only completed, failed, expired, or cancelled batches can be deleted. Wait for the batch to finish and try again.';

describe('GET /batches/{id}', () => {
  for (const status of BATCH_STATUSES) {
    it(`answers the ${status} batch with ${terminal.has(status) ? 'results' : 'null results'}`, async () => {
      const sb = sandbox();
      const res = await sb.get(`/batches/${sb.examples.batches[status]}`, 'api');
      expect(res.status).toBe(200);
      const b = res.body;
      for (const field of BATCH_FIELDS) expect(b, field).toHaveProperty(field);
      expect(b).toMatchObject({ id: sb.examples.batches[status], object: 'batch', completion_window: '24h', status });
      expect(Number.isInteger(b.created_at)).toBe(true);
      expect(b.created_at).toBeLessThanOrEqual(Date.now() / 1000);
      expect(b.created_at).toBeGreaterThan(Date.now() / 1000 - 30 * 86400);
      expect(Object.keys(b.request_counts).sort()).toEqual(['completed', 'failed', 'total']);
      expect(typeof b.usage.cost).toBe('number');
      if (terminal.has(status)) {
        expect(Array.isArray(b.results)).toBe(true);
        expect(Number.isInteger(b.finalized_at)).toBe(true);
        expect(b.finalized_at).toBeGreaterThanOrEqual(b.created_at);
        expect(b.results).toHaveLength(b.request_counts.completed + b.request_counts.failed);
      } else {
        expect(b.results).toBeNull();
      }
    });
  }

  it('gives the failed batch its reason in error.message, and failed results their error', async () => {
    const sb = sandbox();
    const b = (await sb.get(`/batches/${sb.examples.batches.failed}`)).body;
    expect(b.error.message).toEqual(expect.any(String));
    const failed = b.results.filter((r: any) => r.error !== null);
    expect(failed.length).toBe(b.request_counts.failed);
    for (const r of failed) expect(Object.keys(r.error).sort()).toEqual(['error_type', 'message', 'param', 'type']);
    expect(failed[0].error.error_type).toBe('rate_limit_exceeded');
    const ok = (await sb.get(`/batches/${sb.examples.batches.completed}`)).body;
    expect(ok.error).toBeNull();
  });

  it('gives results the document shape: ChatCompletion bodies and usage with cost', async () => {
    const sb = sandbox();
    const b = (await sb.get(`/batches/${sb.examples.batches.completed}`)).body;
    const r = b.results[0];
    expect(Object.keys(r).sort()).toEqual(['custom_id', 'error', 'id', 'response']);
    expect(Object.keys(r.response).sort()).toEqual(['body', 'request_id', 'status_code']);
    const body = r.response.body;
    expect(body).toMatchObject({ object: 'chat.completion', model: b.model });
    for (const f of ['id', 'model', 'provider', 'service_tier', 'system_fingerprint']) expect(typeof body[f]).toBe('string');
    expect(typeof body.created).toBe('number');
    expect(body.debug.timings).toEqual({ epoch_ms: expect.any(Number), start_ms: expect.any(Number), event: expect.any(String) });
    expect(Object.keys(body.service_metadata).sort()).toEqual([
      'attempt',
      'endpoints',
      'generation_time',
      'is_byok',
      'region',
      'requested',
      'strategy',
      'summary',
    ]);
    const choice = body.choices[0];
    expect(Object.keys(choice).sort()).toEqual(['finish_reason', 'index', 'logprobs', 'message', 'native_finish_reason']);
    expect(Object.keys(choice.message).sort()).toEqual([
      'annotations',
      'content',
      'images',
      'reasoning',
      'reasoning_details',
      'refusal',
      'role',
      'tool_calls',
    ]);
    expect(Object.keys(body.usage).sort()).toEqual([
      'completion_tokens',
      'completion_tokens_details',
      'prompt_tokens',
      'prompt_tokens_details',
      'server_tool_use',
      'server_tool_use_details',
      'total_tokens',
    ]);
    const toolCall = b.results.flatMap((x: any) => x.response.body.choices[0].message.tool_calls)[0];
    expect(toolCall).toMatchObject({ type: 'function', index: 0, function: { name: expect.any(String), arguments: expect.any(String) } });
    const usage = b.usage;
    expect(usage).not.toHaveProperty('server_tool_use_details');
    for (const f of [
      'cache_creation',
      'cost',
      'cost_details',
      'is_byok',
      'iterations',
      'service_tier',
      'speed',
      'prompt_tokens',
      'completion_tokens',
      'total_tokens',
    ]) {
      expect(usage, f).toHaveProperty(f);
    }
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(Object.keys(usage.cost_details).sort()).toEqual([
      'upstream_inference_completions_cost',
      'upstream_inference_cost',
      'upstream_inference_prompt_cost',
    ]);
  });

  it('answers 410 for a batch created more than 30 days ago', async () => {
    const sb = sandbox();
    const res = await sb.get(`/batches/${sb.examples.batches.retention_expired}`);
    expect(res.status).toBe(410);
    expect(res.body).toEqual({ error: { code: 410, message: 'Batch results have expired.' } });
  });

  it('measures retention on the clock: 30 days after creation a batch answers 410', async () => {
    let now = Date.parse('2026-06-01T00:00:00Z');
    const sb = await startTestSandbox({ now: () => now });
    try {
      const b = (await sb.get(`/batches/${sb.examples.batches.completed}`)).body;
      expect(b.created_at).toBe(Math.floor((Date.parse('2026-06-01T00:00:00Z') - 26 * 3600_000) / 1000));
      now = b.created_at * 1000 + 30 * 86_400_000;
      expect((await sb.get(`/batches/${sb.examples.batches.completed}`)).status).toBe(200);
      now += 1000;
      expect((await sb.get(`/batches/${sb.examples.batches.completed}`)).status).toBe(410);
    } finally {
      await sb.close();
    }
  });

  it('answers 404 in the batch envelope for an unknown or empty id', async () => {
    const sb = sandbox();
    for (const id of ['batch_nope', '']) {
      const res = await sb.get(`/batches/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 404, message: 'Batch not found.' } });
    }
  });
});

describe('DELETE /batches/{id}', () => {
  it('deletes a terminal batch and reports the cleanup; the batch is gone after', async () => {
    const sb = sandbox();
    const id = sb.examples.batches.completed;
    const res = await sb.del(`/batches/${id}`, 'api');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      object: 'batch',
      deletion: { service: 'deleted', upstream: { provider: 'OpenAI', status: 'deleted' } },
    });
    expect((await sb.get(`/batches/${id}`)).status).toBe(404);
    expect((await sb.del(`/batches/${id}`)).body).toEqual({ error: { code: 404, message: 'Batch not found.' } });
    sb.reset();
    expect((await sb.get(`/batches/${id}`)).status).toBe(200);
  });

  it('reports unsupported upstream deletion for providers without it', async () => {
    const sb = sandbox();
    for (const status of ['failed', 'expired'] as const) {
      const res = await sb.del(`/batches/${sb.examples.batches[status]}`);
      expect(res.status).toBe(200);
      expect(res.body.deletion).toEqual({ service: 'deleted', upstream: { provider: expect.any(String), status: 'unsupported' } });
    }
  });

  for (const status of ['validating', 'in_progress', 'finalizing', 'cancelling'] as const) {
    it(`answers 409 for the ${status} batch and keeps it`, async () => {
      const sb = sandbox();
      const res = await sb.del(`/batches/${sb.examples.batches[status]}`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: { code: 409, message: NOT_DELETABLE } });
      expect((await sb.get(`/batches/${sb.examples.batches[status]}`)).body.status).toBe(status);
    });
  }

  it('still deletes a batch past retention (DELETE documents no 410)', async () => {
    const sb = sandbox();
    const id = sb.examples.batches.retention_expired;
    expect((await sb.del(`/batches/${id}`)).status).toBe(200);
    expect((await sb.get(`/batches/${id}`)).status).toBe(404);
  });
});

describe('batch rate limit', () => {
  it('answers 429 with Retry-After once a key passes the limit; other keys are counted apart', async () => {
    const sb = await startTestSandbox({ batchRateLimit: { requests: 2, windowMs: 60_000 } });
    try {
      const path = `/batches/${sb.examples.batches.completed}`;
      expect((await sb.get(path, 'api')).status).toBe(200);
      expect((await sb.get(path, 'api')).status).toBe(200);
      const limited = await sb.get(path, 'api');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ error: { code: 429, message: 'Rate limit exceeded.' } });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await sb.del(path, 'api')).status).toBe(429);
      expect((await sb.get(path, 'management')).status).toBe(200);
      // Other routes are not rate limited.
      expect((await sb.get('/interns?limit=1', 'api')).status).toBe(200);
    } finally {
      await sb.close();
    }
  });
});
