// zod's compiler (`z.compile`): a parser generated for one schema, several times faster on many
// items, which hands any input it refuses to zod's own parser, so a wrong shape reads the same.
// Loaded only once one schema has checked enough items to pay for it (commands/shared/fetch.ts).
import { compile } from 'zod/mini';
import type * as z from 'zod/mini';
import { parseResponse } from './common.js';

/** `parseResponse` with `schema` compiled: the same answers and the same errors. */
export function compiledCheck<S extends z.ZodMiniType>(schema: S): (body: unknown, what: string, status?: number) => z.infer<S> {
  const compiled = compile(schema);
  return (body, what, status) => parseResponse(compiled, body, what, status);
}
