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
