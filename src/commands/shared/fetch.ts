// The shape most commands share: call one route, check the body against its schema, and
// keep both (the body as returned for --json, the parsed value for tables and rows).
import type { CallOptions } from '../../api/client.js';
import type { Route } from '../../api/routes.js';
import { parseResponse } from '../../api/schemas/common.js';
import type * as z from 'zod/mini';
import type { Deps } from '../context.js';

export async function fetchChecked<S extends z.ZodMiniType>(
  deps: Deps,
  route: Route,
  call: CallOptions,
  schema: S,
): Promise<{ body: unknown; data: z.infer<S>; status: number }> {
  const api = await deps.api();
  const res = await api.call(route, call);
  return { body: res.body, data: parseResponse(schema, res.body, route.name, res.status), status: res.status };
}
