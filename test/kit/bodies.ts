// Response bodies as the API schemas describe them. Test data is declared with these types, so a
// change to a schema that the data no longer fits fails the type check, not a run in production.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as z from 'zod/mini';
import type { Batch, BatchDeleted } from '../../src/api/schemas/batch.js';
import type { BudgetList } from '../../src/api/schemas/budget.js';
import type { ByokCredential, ByokList } from '../../src/api/schemas/byok.js';
import type { Intern, InternList } from '../../src/api/schemas/intern.js';
import type { PresetResponse } from '../../src/api/schemas/preset.js';
import type { PrivateEndpointResponse } from '../../src/api/schemas/private-endpoint.js';
import type { ToolResponse } from '../../src/api/schemas/tool.js';
import type { VaultSecret, VaultSecretList } from '../../src/api/schemas/vault.js';

export type BatchBody = Batch;
export type BatchDeletedBody = BatchDeleted;
export type BudgetListBody = z.infer<typeof BudgetList>;
export type ByokCredentialBody = ByokCredential;
export type ByokListBody = z.infer<typeof ByokList>;
export type InternBody = Intern;
export type InternListBody = InternList;
export type PresetResponseBody = z.infer<typeof PresetResponse>;
export type PrivateEndpointBody = z.infer<typeof PrivateEndpointResponse>;
export type ToolBody = z.infer<typeof ToolResponse>;
export type VaultSecretBody = VaultSecret;
export type VaultSecretListBody = z.infer<typeof VaultSecretList>;

/** The API's error envelope. */
export interface ErrorBody {
  error: { code: number | string; message: string; metadata?: { reason?: string; retryable?: boolean } };
}

interface Fixtures {
  'private-endpoint': PrivateEndpointBody;
  tool: ToolBody;
  budgets: BudgetListBody;
}

/** A JSON body from test/fixtures, parsed fresh for each use, typed as its schema says. */
export function fixture<K extends keyof Fixtures>(name: K): Fixtures[K] {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'fixtures', `${name}.json`), 'utf8')) as Fixtures[K];
}

/** The UUID of test intern `n`: its last group is `n`, so lists sort and read in number order. */
export function internId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** Test intern `n` as the API sends it, every field present; `fields` sets what a test cares about. */
export function internBody(n: number, fields: Partial<InternBody> = {}): InternBody {
  return {
    id: internId(n),
    name: `intern-${n}`,
    description: null,
    instructions: null,
    model: null,
    status: 'running',
    hostname: null,
    progress: null,
    last_failure_message: null,
    vault_id: null,
    attached_vault_id: null,
    workspace_id: '89f9f5b2-3f89-4eaf-83ca-5ceae149e8bb',
    created_at: '2026-09-10T08:30:00.000Z',
    updated_at: '2026-09-30T08:30:00.000Z',
    ...fields,
  };
}

/** Test batch `batch_abc123` as the API sends it, in progress with no results; `fields` sets what a test cares about. */
export function batchBody(fields: Partial<BatchBody> = {}): BatchBody {
  return {
    id: 'batch_abc123',
    object: 'batch',
    endpoint: '/api/v1/chat/completions',
    model: 'openai/gpt-4o-mini',
    provider: 'OpenAI',
    completion_window: '24h',
    status: 'in_progress',
    created_at: 1704067200,
    expires_at: 1704153600,
    finalized_at: null,
    error: null,
    request_counts: { completed: 1, failed: 0, total: 2 },
    results: null,
    usage: null,
    ...fields,
  };
}
