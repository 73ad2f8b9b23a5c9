// The filters --jq runs without jq's engine: the everyday part of jq's language (paths,
// iteration, pipes, `select`, comparisons, object and array construction, string
// interpolation, @csv/@tsv and a few builtins), read by ./parse.ts and run by ./evaluate.ts.
// Anything else, and any filter that fails, goes to the engine (../jq-runner.ts), so this
// subset only has to match jq where it succeeds.

/**
 * The builtins of the subset, each as jq 1.8.2 (and 1.7.1) defines it, with how many arguments
 * it takes (jq tells `f` from `f(x)` by the count).
 */
export const ARITY = {
  length: 0,
  keys: 0,
  keys_unsorted: 0,
  not: 0,
  empty: 0,
  type: 0,
  tostring: 0,
  tojson: 0,
  first: 0,
  last: 0,
  add: 0,
  any: 0,
  all: 0,
  to_entries: 0,
  sort: 0,
  select: 1,
  map: 1,
  has: 1,
  join: 1,
  startswith: 1,
  endswith: 1,
  sort_by: 1,
} as const satisfies Record<string, 0 | 1>;

export type Builtin = keyof typeof ARITY;

/** Whether `name` is a builtin of the subset. */
export function isBuiltin(name: string): name is Builtin {
  return Object.hasOwn(ARITY, name);
}

export type Format = 'csv' | 'tsv' | 'json' | 'text';
export type Comparison = '==' | '!=' | '<' | '<=' | '>' | '>=';

export type Node =
  | { kind: 'identity' }
  | { kind: 'field'; of: Node; name: string }
  | { kind: 'index'; of: Node; index: Node }
  | { kind: 'iterate'; of: Node }
  | { kind: 'literal'; value: null | boolean | number | string }
  | { kind: 'string'; parts: (string | Node)[] }
  | { kind: 'array'; of?: Node }
  | { kind: 'object'; entries: { key: string; value: Node }[] }
  | { kind: 'pipe' | 'comma' | 'alternative' | 'and' | 'or'; left: Node; right: Node }
  | { kind: 'compare'; op: Comparison; left: Node; right: Node }
  | { kind: 'arithmetic'; op: '+' | '-'; left: Node; right: Node }
  | { kind: 'if'; branches: { when: Node; then: Node }[]; otherwise?: Node }
  | { kind: 'call'; name: Builtin; args: Node[] }
  | { kind: 'format'; name: Format };
