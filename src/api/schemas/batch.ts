import * as z from 'zod/mini';
import { epochTime, nullableString } from './common.js';

export const BATCH_STATUSES = [
  'validating',
  'in_progress',
  'finalizing',
  'completed',
  'failed',
  'expired',
  'cancelling',
  'cancelled',
] as const;
export const TERMINAL_BATCH_STATUSES = ['completed', 'failed', 'expired', 'cancelled'] as const;

export function isTerminalBatchStatus(status: string): boolean {
  return (TERMINAL_BATCH_STATUSES as readonly string[]).includes(status);
}

const tokens = z.optional(z.nullable(z.number()));

export const BatchResult = z.looseObject({
  id: z.optional(z.string()),
  custom_id: z.optional(z.string()),
  response: z.optional(
    z.nullable(
      z.looseObject({
        request_id: z.optional(z.string()),
        status_code: z.optional(z.number()),
        body: z.optional(z.nullable(z.looseObject({}))),
      }),
    ),
  ),
  error: z.optional(
    z.nullable(
      z.looseObject({ message: z.optional(nullableString), type: z.optional(nullableString), error_type: z.optional(nullableString) }),
    ),
  ),
});
export type BatchResult = z.infer<typeof BatchResult>;

export const BatchUsage = z.looseObject({
  prompt_tokens: tokens,
  completion_tokens: tokens,
  total_tokens: tokens,
  cost: z.optional(z.nullable(z.number())),
  is_byok: z.optional(z.boolean()),
  service_tier: z.optional(nullableString),
  speed: z.optional(nullableString),
});

export const Batch = z.looseObject({
  id: z.string(),
  object: z.optional(z.string()),
  completion_window: z.optional(z.string()),
  endpoint: z.optional(z.string()),
  model: z.optional(z.string()),
  provider: z.optional(nullableString),
  status: z.string(),
  created_at: z.optional(z.nullable(epochTime)),
  finalized_at: z.optional(z.nullable(epochTime)),
  expires_at: z.optional(z.nullable(epochTime)),
  request_counts: z.optional(
    z.looseObject({ completed: z.optional(z.number()), failed: z.optional(z.number()), total: z.optional(z.number()) }),
  ),
  error: z.optional(z.nullable(z.looseObject({ message: z.optional(nullableString), code: z.optional(z.unknown()) }))),
  results: z.optional(z.nullable(z.array(BatchResult))),
  usage: z.optional(z.nullable(BatchUsage)),
});
export type Batch = z.infer<typeof Batch>;

/** The document calls the service's own cleanup `deletion.service`; openapi.json calls it `deletion.openrouter`. */
export const BatchDeleted = z.looseObject({
  id: z.string(),
  object: z.optional(z.string()),
  deletion: z.looseObject({
    service: z.optional(z.string()),
    openrouter: z.optional(z.string()),
    upstream: z.optional(z.nullable(z.looseObject({ provider: z.optional(z.string()), status: z.optional(z.string()) }))),
  }),
});
export type BatchDeleted = z.infer<typeof BatchDeleted>;
