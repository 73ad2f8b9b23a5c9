// Shared pieces of the resource schemas, and the two ways they are applied: strictly to a body
// a person wrote (a usage error, nothing sent) and leniently to what the server answered
// (unknown fields and values kept; only a body of the wrong shape altogether is an error).
import * as z from 'zod/mini';
import { responseError, usageError } from '../../core/errors.js';
import { sanitizeField } from '../../core/sanitize.js';
import { keepSentText } from '../../core/sent-json.js';

export const nullableString = z.nullable(z.string());

/** Times as ISO text and as numbers (a batch's), schemas of their own so api/fields.generated.ts knows a time from other values. */
export const timestamp = z.string();
export const epochTime = z.number();

/** A page of a list: its items, and whether more follow. */
export function pageOf<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({ data: z.array(item), has_more: z.boolean() });
}

/** Check user input; the message names what was wrong (`label`), the bad value and what is allowed. */
export function checkInput<S extends z.ZodMiniType>(schema: S, value: unknown, label: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const shown = typeof value === 'string' ? ` ${JSON.stringify(sanitizeField(value))}` : '';
  throw usageError(`invalid ${label}${shown}: ${issue?.message ?? 'not allowed'}`);
}

/** Check a response body; a wrong shape is an error that says where (exit 1). */
export function parseResponse<S extends z.ZodMiniType>(schema: S, body: unknown, what: string, status?: number): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) {
    // The checked copy prints what the server sent, as the body does.
    keepSentText(body, result.data);
    return result.data;
  }
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.map(String).join('.') : 'the body';
  throw responseError(
    `unexpected response for ${what}: ${sanitizeField(where)} ${issue?.code === 'invalid_type' ? `is not ${issue.expected}` : 'is not as documented'}`,
    status,
  );
}
