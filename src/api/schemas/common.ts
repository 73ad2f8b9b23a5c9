// Shared pieces of the resource schemas, and how they are applied to what the server answered:
// leniently (unknown fields and values kept; only a body of the wrong shape altogether is an
// error). A body a person wrote is checked by its own schema's module (preset.ts).
import * as z from 'zod/mini';
import { responseError } from '../../core/errors.js';
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
