// Query parameters, checked the way the document's limits say: integers in a range, once
// each. Anything else is a 400 in the route's envelope (for interns routes that is
// reason invalid_body: "invalid list query").
import type { Context } from '../context.js';

export interface IntRange {
  min: number;
  max?: number;
  default?: number;
}

/** A string parameter given at most once. */
export function stringParam(ctx: Context, name: string): string | undefined {
  const values = ctx.query.getAll(name);
  if (values.length > 1) throw ctx.fail(400, `${name} may be given only once`);
  return values[0];
}

/** An integer parameter; the default when absent. */
export function intParam(ctx: Context, name: string, range: IntRange & { default: number }): number;
export function intParam(ctx: Context, name: string, range: IntRange): number | undefined;
export function intParam(ctx: Context, name: string, range: IntRange): number | undefined {
  const text = stringParam(ctx, name);
  if (text === undefined) return range.default;
  const allowed = range.max === undefined ? `an integer >= ${range.min}` : `an integer from ${range.min} to ${range.max}`;
  const value = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(value) || value < range.min || (range.max !== undefined && value > range.max)) {
    throw ctx.fail(400, `${name} must be ${allowed}`);
  }
  return value;
}
