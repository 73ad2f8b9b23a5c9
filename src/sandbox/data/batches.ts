// Batches: one per status, a failed one with error.message, and one created more than 30 days
// before the sandbox started (its GET answers 410). Times are unix seconds, as in openapi.json's
// example; they are placed relative to the start, because retention runs on the real clock.
// Results are full ChatCompletion bodies, every field of the document present at least once.
import { BATCH_STATUSES, isTerminalBatchStatus } from '../../api/schemas/batch.js';
import { Rng, rngFor } from '../prng.js';
import { DAY, HOUR, MINUTE } from './time.js';

export type BatchStatus = (typeof BATCH_STATUSES)[number];
export type BatchExampleKey = BatchStatus | 'retention_expired';
/** Every example batch: one per status, then the one past retention. */
export const BATCH_EXAMPLE_KEYS: readonly BatchExampleKey[] = [...BATCH_STATUSES, 'retention_expired'];
/** Ids of batches that are not examples of one status: `moving` is examples.moving_batch. */
export type BatchKey = BatchExampleKey | 'moving';

export interface Seed {
  key: BatchKey;
  status: BatchStatus;
  provider: string | null;
  model: string;
  /** Created this long before the sandbox started. */
  ageMs: number;
  /** Finalised this long after creation (terminal statuses only). */
  tookMs: number;
  total: number;
  completed: number;
  failed: number;
  error?: string;
}

/** A batch's seed: its key, status, provider and model, its age, how long it took (terminal statuses only), and its request counts. */
export function batchSeed(
  [key, status]: [BatchKey, BatchStatus],
  provider: string,
  model: string,
  [ageMs, tookMs]: [number, number],
  [total, completed, failed]: [number, number, number],
  error?: string,
): Seed {
  return { key, status, provider, model, ageMs, tookMs, total, completed, failed, error };
}

const SEEDS: readonly Seed[] = [
  batchSeed(['validating', 'validating'], 'OpenAI', 'openai/gpt-4o-mini', [5 * MINUTE, 0], [4, 0, 0]),
  batchSeed(['in_progress', 'in_progress'], 'Anthropic', 'anthropic/claude-4.6-sonnet', [40 * MINUTE, 0], [6, 3, 0]),
  batchSeed(['finalizing', 'finalizing'], 'OpenAI', 'openai/gpt-4o-mini', [3 * HOUR, 0], [3, 3, 0]),
  batchSeed(['completed', 'completed'], 'OpenAI', 'openai/gpt-4o-mini', [26 * HOUR, 50 * MINUTE], [3, 3, 0]),
  batchSeed(
    ['failed', 'failed'],
    'Mistral',
    'mistralai/mistral-large-2',
    [2 * DAY, 12 * MINUTE],
    [3, 1, 2],
    '2 of 3 requests failed: the upstream rate limit was exceeded',
  ),
  batchSeed(['expired', 'expired'], 'Google', 'google/gemini-3-pro', [3 * DAY, DAY], [5, 2, 0]),
  batchSeed(['cancelling', 'cancelling'], 'Anthropic', 'anthropic/claude-4.6-sonnet', [6 * HOUR, 0], [4, 1, 0]),
  batchSeed(['cancelled', 'cancelled'], 'OpenAI', 'openai/gpt-4o', [8 * DAY, 3 * HOUR], [4, 2, 0]),
  batchSeed(['retention_expired', 'completed'], 'Anthropic', 'anthropic/claude-4.6-sonnet', [31 * DAY, 2 * HOUR], [2, 2, 0]),
];

/** Providers whose batch API can delete stored files; the others answer `unsupported`. */
export const UPSTREAM_DELETES: ReadonlySet<string> = new Set(['OpenAI', 'Anthropic']);

export type Batch = Record<string, unknown> & {
  id: string;
  status: BatchStatus;
  provider: string | null;
  created_at: number;
};

export function batchIdFor(seed: number, key: BatchKey): string {
  return `batch_${rngFor(seed, `batch-id:${key}`).hex(24)}`;
}

/** Every seeded batch, keyed by id, as of a sandbox started at `startedMs`. */
export function seedBatches(seed: number, startedMs: number): Map<string, Batch> {
  const out = new Map<string, Batch>();
  for (const s of SEEDS) {
    const built = buildBatch(seed, s, startedMs);
    out.set(built.record.id, built.record);
  }
  return out;
}

/** A batch record from its seed; `outcomes` says which of its requests fail (by default the seeded counts'), results as of those counts. */
export function buildBatch(seed: number, s: Seed, startedMs: number, outcomes?: readonly boolean[]) {
  const id = batchIdFor(seed, s.key);
  const r = rngFor(seed, `batch:${s.key}`);
  const createdMs = Math.floor((startedMs - s.ageMs) / 1000) * 1000;
  const created = createdMs / 1000;
  const terminal = isTerminalBatchStatus(s.status);
  const fails = outcomes ?? Array.from({ length: s.completed + s.failed }, (_, k) => k >= s.completed);
  const results = fails.map((failed, k) => (failed ? failedResult(r, id, k) : successResult(r, s, id, k, created)));
  const isByok = s.provider !== null && s.key === 'expired';
  const usageAfter = results.map((_, n) => batchUsage(results.slice(0, n), isByok));
  usageAfter.push(batchUsage(results, isByok));
  // The per-result usage was only kept to add up; it is not a field of BatchResult.
  for (const res of results) delete res.usage;
  const done = s.completed + s.failed;
  const record: Batch = {
    id,
    object: 'batch',
    completion_window: '24h',
    endpoint: '/api/v1/chat/completions',
    model: s.model,
    provider: s.provider,
    status: s.status,
    created_at: created,
    expires_at: created + 86_400,
    finalized_at: terminal ? created + Math.round(s.tookMs / 1000) : null,
    request_counts: { completed: s.completed, failed: s.failed, total: s.total },
    error: s.error === undefined ? null : { message: s.error, code: 429 },
    results: terminal ? results.slice(0, done) : null,
    usage: usageAfter[done],
  };
  // Every result the batch will have, in the order its requests finish; its usage after the first n, for n from 0 to the total.
  return { record, results, usageAfter };
}

interface ResultUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  reasoning_tokens: number;
  cached_tokens: number;
  web_search_requests: number;
  cost: number;
}

export type Result = Record<string, unknown> & { usage?: ResultUsage };

function successResult(r: Rng, s: Seed, batchId: string, k: number, created: number): Result {
  const prompt = r.int(12, 400);
  const completion = r.int(8, 600);
  const reasoning = Math.floor(completion / 4);
  const cached = k === 0 ? 0 : Math.floor(prompt / 2);
  const searches = k === 1 ? 1 : 0;
  const cost = Number(((prompt * 0.15 + completion * 0.6) / 1_000_000 + searches * 0.004).toFixed(8));
  const requestId = `req_${r.hex(20)}`;
  const usage = {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    completion_tokens_details: { audio_tokens: 0, image_tokens: 0, reasoning_tokens: reasoning },
    prompt_tokens_details: {
      audio_tokens: 0,
      cache_write_tokens: k === 0 ? prompt : 0,
      cached_tokens: cached,
      file_tokens: 0,
      video_tokens: 0,
    },
    server_tool_use: { tool_calls_executed: searches, tool_calls_requested: searches, web_search_requests: searches },
    server_tool_use_details: { tool_calls_executed: searches, tool_calls_requested: searches, web_search_requests: searches },
  };
  const body: Record<string, unknown> = {
    id: `gen-${r.hex(24)}`,
    model: s.model,
    provider: s.provider ?? 'OpenAI',
    service_tier: 'standard',
    system_fingerprint: `fp_${r.hex(10)}`,
    created: created + 60 + k * 7,
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        finish_reason: k === 2 ? 'tool_calls' : 'stop',
        native_finish_reason: k === 2 ? 'tool_calls' : 'stop',
        logprobs: {
          content: [
            {
              token: 'Hello',
              logprob: -0.0123,
              bytes: [72, 101, 108, 108, 111],
              top_logprobs: [
                { token: 'Hello', logprob: -0.0123, bytes: [72, 101, 108, 108, 111] },
                { token: 'Hi', logprob: -4.71, bytes: [72, 105] },
              ],
            },
          ],
          refusal: null,
        },
        message: {
          role: 'assistant',
          content: k === 2 ? '' : `Answer ${k + 1}: the summary you asked for is attached.`,
          refusal: '',
          reasoning: 'The request asks for a short summary; keep it to one sentence.',
          reasoning_details: [{ type: 'reasoning.summary', summary: 'Summarised the input in one sentence.' }],
          annotations:
            k === 1
              ? [
                  {
                    type: 'file',
                    file: {
                      name: 'report.pdf',
                      hash: `sha256:${r.hex(64)}`,
                      content: [{ type: 'text', text: 'Quarterly report, page 1' }],
                    },
                  },
                ]
              : [],
          images: k === 1 ? [{ type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }] : [],
          tool_calls:
            k === 2
              ? [
                  {
                    id: `call_${r.hex(12)}`,
                    index: 0,
                    type: 'function',
                    function: { name: 'lookup_order', arguments: '{"order_id":"A-1042"}' },
                  },
                ]
              : [],
        },
      },
    ],
    usage,
    service_metadata: {
      attempt: 1,
      endpoints: {
        available: [
          { model: s.model, provider: s.provider ?? 'OpenAI', selected: true },
          { model: s.model, provider: 'Azure', selected: false },
        ],
        total: 2,
      },
      generation_time: r.int(300, 9000),
      is_byok: false,
      region: 'us',
      requested: s.model,
      strategy: 'price',
      summary: `Routed to ${s.provider ?? 'OpenAI'} (lowest price of 2 endpoints)`,
    },
  };
  if (k === 0) {
    body.debug = {
      echo_upstream_body: { model: s.model, max_tokens: 256, messages: [{ role: 'user', content: 'Summarise the attached text.' }] },
      timings: { epoch_ms: created * 1000 + 60_000, start_ms: 12, event: 'upstream_response' },
    };
  }
  return {
    id: `${batchId}-result-${k}`,
    custom_id: `request-${k + 1}`,
    response: { request_id: requestId, status_code: 200, body },
    error: null,
    usage: {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
      reasoning_tokens: reasoning,
      cached_tokens: cached,
      web_search_requests: searches,
      cost,
    },
  };
}

function failedResult(r: Rng, batchId: string, k: number): Result {
  return {
    id: `${batchId}-result-${k}`,
    custom_id: `request-${k + 1}`,
    response: { request_id: `req_${r.hex(20)}`, status_code: 429, body: null },
    error: {
      message: 'Rate limit exceeded upstream; the request was not retried',
      param: 'model',
      type: 'rate_limit_error',
      error_type: 'rate_limit_exceeded',
    },
  };
}

/** The batch's aggregate: all completion usage fields but server_tool_use_details, plus cost and iterations. */
function batchUsage(results: Result[], isByok: boolean): Record<string, unknown> {
  const sum = (pick: (u: ResultUsage) => number): number => results.reduce((acc, res) => acc + (res.usage ? pick(res.usage) : 0), 0);
  const prompt = sum((u) => u.prompt_tokens);
  const completion = sum((u) => u.completion_tokens);
  const cost = Number(sum((u) => u.cost).toFixed(8));
  const searches = sum((u) => u.web_search_requests);
  const promptCost = Number(((prompt * 0.15) / 1_000_000).toFixed(8));
  const completionCost = Number(((completion * 0.6) / 1_000_000).toFixed(8));
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    completion_tokens_details: { audio_tokens: 0, image_tokens: 0, reasoning_tokens: sum((u) => u.reasoning_tokens) },
    prompt_tokens_details: {
      audio_tokens: 0,
      cache_write_tokens: 0,
      cached_tokens: sum((u) => u.cached_tokens),
      file_tokens: 0,
      video_tokens: 0,
    },
    server_tool_use: { tool_calls_executed: searches, tool_calls_requested: searches, web_search_requests: searches },
    cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: Math.floor(prompt / 10) },
    cost,
    cost_details: {
      upstream_inference_completions_cost: completionCost,
      upstream_inference_prompt_cost: promptCost,
      upstream_inference_cost: isByok ? Number((promptCost + completionCost).toFixed(8)) : null,
    },
    is_byok: isByok,
    iterations: results.length
      ? [
          {
            type: 'message',
            input_tokens: prompt,
            output_tokens: completion,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 0,
            cache_creation: null,
          },
        ]
      : [],
    service_tier: 'standard',
    speed: 'standard',
  };
}
