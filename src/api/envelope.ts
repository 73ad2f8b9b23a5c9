// The API's error envelope, read leniently: `{error: {code, message, metadata?: {reason, retryable}}}`
// where `code` may be an integer or a string, and anything may be missing or malformed.
import { isObject } from '../core/patterns.js';
import { oneLine, sanitizeField } from '../core/sanitize.js';

export interface ErrorEnvelope {
  code?: number | string;
  message?: string;
  reason?: string;
  retryable?: boolean;
}

export function readErrorEnvelope(res: { text: string }): ErrorEnvelope {
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    return {};
  }
  const error = isObject(body) && isObject(body.error) ? body.error : undefined;
  if (!error) return {};
  const out: ErrorEnvelope = {};
  if (typeof error.code === 'number' || typeof error.code === 'string') out.code = error.code;
  if (typeof error.message === 'string' && error.message.trim() !== '') {
    // One line, nothing that can steer a terminal, and no room for a server to flood it.
    const flat = sanitizeField(oneLine(error.message));
    out.message = flat.length > 500 ? `${flat.slice(0, 500)}…` : flat;
  }
  const metadata = isObject(error.metadata) ? error.metadata : undefined;
  if (metadata) {
    if (typeof metadata.reason === 'string') out.reason = sanitizeField(metadata.reason);
    if (typeof metadata.retryable === 'boolean') out.retryable = metadata.retryable;
  }
  return out;
}
