// The filters --jq runs without jq's engine: the everyday part of jq's language (paths,
// iteration, pipes, `select`, comparisons, object and array construction, string
// interpolation, @csv/@tsv and a few builtins), read by ./parse.ts and run by ./evaluate.ts.
// Anything else, and any filter that fails, goes to the engine (../jq-runner.ts), so this
// subset only has to match jq where it succeeds.

export type Builtin = (typeof BUILTINS)[number];
/** Builtins without arguments, then those with one; each as jq 1.7.1 (and 1.8.1) defines it. */
export const BUILTINS = [
  'length',
  'keys',
  'keys_unsorted',
  'not',
  'empty',
  'type',
  'tostring',
  'tojson',
  'first',
  'last',
  'add',
  'any',
  'all',
  'to_entries',
  'sort',
  'select',
  'map',
  'has',
  'join',
  'startswith',
  'endswith',
  'sort_by',
] as const;

/** How many arguments each builtin takes (jq tells `f` from `f(x)` by the count). */
export const ARITY: Record<Builtin, 0 | 1> = {
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
};

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
