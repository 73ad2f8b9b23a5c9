// Shared pieces of the resource schemas, and the two ways they are applied: strictly to what
// a person typed (a usage error, nothing sent) and leniently to what the server answered
// (unknown fields and values kept; only a body of the wrong shape altogether is an error).
import * as z from 'zod/mini';
import { responseError, usageError } from '../../core/errors.js';
import { UUID } from '../../core/patterns.js';
import { sanitizeField } from '../../core/sanitize.js';


export const uuidInput = z.string().check(z.regex(UUID, 'must be a UUID such as 7c9e6679-7425-40de-944b-e07fc1f90ae7'));
export const nonEmptyInput = z.string().check(z.minLength(1, 'must not be empty'));

export const nullableString = z.nullable(z.string());
export const timestamp = z.string();

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
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.map(String).join('.') : 'the body';
  throw responseError(
    `unexpected response for ${what}: ${sanitizeField(where)} ${issue?.code === 'invalid_type' ? `is not ${issue.expected}` : 'is not as documented'}`,
    status,
  );
}

/** An integer option in a range, as typed on the command line. */
export function intInRange(min: number, max: number | undefined, flag: string): z.ZodMiniType<number> {
  const allowed = max === undefined ? `an integer of at least ${min}` : `an integer from ${min} to ${max}`;
  return z.pipe(
    z.string().check(z.regex(/^\d+$/, `${flag} must be ${allowed}`)),
    z.pipe(
      z.transform((text: string) => Number(text)),
      z.number().check(z.gte(min, `${flag} must be ${allowed}`), ...(max === undefined ? [] : [z.lte(max, `${flag} must be ${allowed}`)])),
    ),
  );
}
