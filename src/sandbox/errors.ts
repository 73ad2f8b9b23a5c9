// Error bodies exactly as the document gives them, in three families: interns and vault
// (`{error: {code, message, metadata}}`, none on 401/403), batches (their own messages), and
// management (`{error: {code, message}}`, maybe beside endpoint fields). Status-only faults reuse them.

export type Family = 'interns' | 'batches' | 'management';

/** Thrown by handlers; the server turns it into the response. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

/** The document's table for interns and vault errors (messages from openapi.json's examples). */
export const INTERN_REASONS: Readonly<Record<number, { reason: string; retryable: boolean; message: string }>> = {
  400: { reason: 'invalid_body', retryable: false, message: 'Invalid request body' },
  404: { reason: 'not_found', retryable: false, message: 'Intern not found' },
  408: { reason: 'timeout', retryable: true, message: 'Operation timed out after 10s. Please try again later.' },
  409: { reason: 'intern_busy', retryable: true, message: 'The intern is not in a state that allows this operation' },
  413: { reason: 'payload_too_large', retryable: false, message: 'Request body exceeds 1048576 bytes' },
  415: { reason: 'unsupported_media_type', retryable: false, message: 'Request body must be sent as application/json' },
  500: { reason: 'internal_error', retryable: true, message: 'The request could not be completed' },
  502: { reason: 'upstream_unavailable', retryable: true, message: 'The intern service could not be reached, retry the request' },
};

const INTERN_PLAIN: Readonly<Record<number, string>> = {
  401: 'Invalid or missing API key',
  403: 'Forbidden',
};

export const BATCH_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Invalid request.',
  401: 'No auth credentials found.',
  404: 'Batch not found.',
  409: 'Only completed, failed, expired, or cancelled batches can be deleted. Wait for the batch to finish and try again.',
  410: 'Batch results have expired.',
  413: 'Request body too large.',
  429: 'Rate limit exceeded.',
  500: 'Internal server error.',
  502: 'Upstream batch-api is unavailable.',
  503: 'Batch service unavailable.',
};

export const MANAGEMENT_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Invalid request parameters',
  401: 'Missing Authentication header',
  403: 'Only management keys can perform this operation',
  404: 'Resource not found',
  405: 'Method not allowed',
  408: 'Operation timed out. Please try again later.',
  409: 'Resource conflict. Please try again later.',
  410: 'Gone',
  413: 'Request payload too large',
  415: 'Unsupported media type',
  429: 'Rate limit exceeded',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function genericMessage(status: number): string {
  return MANAGEMENT_MESSAGES[status] ?? `HTTP ${status}`;
}

/** The body a route of `family` answers with for `status`; `message` replaces the default text. */
export function errorBody(family: Family, status: number, message?: string): { error: Record<string, unknown> } {
  if (family === 'interns') {
    const known = INTERN_REASONS[status];
    if (known) {
      return { error: { code: status, message: message ?? known.message, metadata: { reason: known.reason, retryable: known.retryable } } };
    }
    return { error: { code: status, message: message ?? INTERN_PLAIN[status] ?? genericMessage(status) } };
  }
  if (family === 'batches') return { error: { code: status, message: message ?? BATCH_MESSAGES[status] ?? genericMessage(status) } };
  return { error: { code: status, message: message ?? genericMessage(status) } };
}
