// The document's Limits table in one place, so every handler and every test cites the same
// numbers. Where the project already names a limit (src/api/schemas), it is reused, so the
// client and the sandbox cannot drift apart.
import { BYOK_PAGE, INTERN_PAGE, MAX_STATUS_FILTERS, SECRET_OFFSET, SECRET_PAGE } from '../api/vocabulary.js';

export const LIMITS = {
  /** GET /interns page size: 1 to 500, default 50. */
  internPage: INTERN_PAGE,
  /** GET /interns status filter: at most 8 after repeats are collapsed. */
  statusFilters: MAX_STATUS_FILTERS,
  /** Vault secrets page size: 1 to 100, default 100. */
  secretPage: SECRET_PAGE,
  /** Vault secrets offset: 0 to 10000, default 0. */
  secretOffset: { min: SECRET_OFFSET.min, max: SECRET_OFFSET.max, default: 0 },
  /** GET /byok page size: 1 to 100. The document gives no default; openapi.json says 50. */
  byokPage: { min: BYOK_PAGE.min, max: BYOK_PAGE.max, default: 50 },
  /** GET /byok offset: >= 0, no upper bound. */
  byokOffset: { min: 0, default: 0 },
  /** Request body size on interns routes (413 above it). */
  internBodyBytes: 1_048_576,
  /** Routes with no documented limit still refuse absurd bodies (413), so a runaway test cannot exhaust memory. */
  otherBodyBytes: 16 * 1_048_576,
  /** Interns routes (and the private-endpoint read, whose value is not shown) give up with 408 after this. */
  operationTimeoutMs: 10_000,
  /** Batch results are deleted this long after creation; GET answers 410 afterwards. */
  batchRetentionMs: 30 * 24 * 3600 * 1000,
} as const;

/** Batch routes are rate limited (429); the document does not show the numbers, so these are the sandbox's. */
export interface RateLimit {
  requests: number;
  windowMs: number;
}

export const DEFAULT_BATCH_RATE_LIMIT: RateLimit = { requests: 600, windowMs: 60_000 };
