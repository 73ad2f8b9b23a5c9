// The shape most commands share: call one route, check the body against its schema, and
// keep both (the body as returned for --json, the parsed value for tables and rows).
import type { CallOptions } from '../../api/client.js';
import type { Route } from '../../api/routes.js';
import type { Deps } from '../../cli/command.js';
import type { OutputMode } from '../../output/print.js';
import type * as z from 'zod/mini';

export async function fetchChecked<S extends z.ZodMiniType>(
  deps: Deps,
  route: Route,
  call: CallOptions,
  schema: S,
): Promise<{ body: unknown; data: z.infer<S>; status: number }> {
  const [{ parseResponse }, api] = await Promise.all([import('../../api/schemas/common.js'), deps.api()]);
  const res = await api.call(route, call);
  return { body: res.body, data: parseResponse(schema, res.body, route.name, res.status), status: res.status };
}

export function outputMode(deps: Deps): OutputMode {
  return { io: deps.io, json: deps.flags.json, now: deps.clock.now() };
}
