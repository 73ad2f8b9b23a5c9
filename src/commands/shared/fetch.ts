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
  let checker = checkers.get(schema);
  if (!checker) checkers.set(schema, (checker = { items: 0 }));
  const data = checker.check
    ? (checker.check as Check<S>)(res.body, route.name, res.status)
    : parseResponse(schema, res.body, route.name, res.status);
  checker.items += itemsIn(res.body);
  if (checker.items >= COMPILE_AFTER_ITEMS) await (checker.compiling ??= compileFor(checker, schema, deps));
  return { body: res.body, data, status: res.status };
}

// zod checks an item by walking its schema; z.compile generates a parser for the schema, about
// 5x faster on intern pages, for about 3 ms once (bench/README.md, "Checking pages"). A schema
// is compiled once it has checked this many items in a run (two pages of 500): paging, watches
// and acts on many targets get it; a single read, which checks one body, never pays for it.
const COMPILE_AFTER_ITEMS = 1000;

type Check<S extends z.ZodMiniType> = (body: unknown, what: string, status?: number) => z.infer<S>;

interface Checker {
  items: number;
  /** The compiled check, once made. */
  check?: Check<z.ZodMiniType>;
  compiling?: Promise<void>;
}

/** Each response schema's items checked so far in this process, and its compiled form once made. */
const checkers = new WeakMap<z.ZodMiniType, Checker>();

async function compileFor(checker: Checker, schema: z.ZodMiniType, deps: Deps): Promise<void> {
  const { compiledCheck } = await deps.heavy.schemaCompiler();
  checker.check = compiledCheck(schema);
}

/** A page's items, or one for any other body. */
function itemsIn(body: unknown): number {
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? data.length : 1;
}
