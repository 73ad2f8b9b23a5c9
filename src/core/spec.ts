// A command as data: what help, completion and the parser read without loading its
// implementation. The implementation (`<verb>-run.ts`) is typed from it.
import type { ArgDefs, OptionDefs } from './options.js';

export interface CommandSpec<
  A extends ArgDefs = ArgDefs,
  O extends OptionDefs = OptionDefs,
  C extends readonly string[] = readonly string[],
> {
  /** `['interns', 'ls']`, or one word for a top-level command such as `sandbox`. */
  readonly path: readonly [string] | readonly [string, string];
  readonly aliases?: readonly string[];
  readonly summary: string;
  /** Longer help text, shown under the summary. */
  readonly description?: string;
  /** Positional arguments, in order. */
  readonly args: A;
  /** The command's own options, in help order; the keys are the names `run` receives. */
  readonly options: O;
  /**
   * Column names of a list or detail view (API field names; derived columns have their own),
   * declared once; the implementation gives the extractor of each.
   */
  readonly columns?: C;
  /**
   * The scalar top-level fields of the resource the view shows (`INTERN_FIELDS`, derived
   * from its schema): each is a column name too, shown only when --columns names it. A field
   * with the name of a declared column is that column.
   */
  readonly fields?: Readonly<Record<string, FieldKind>>;
  /** Lines a person can paste; every command has at least one. */
  readonly examples: readonly string[];
  /**
   * Served by `gwctl mcp` as the tool `<group>_<verb>`: `read` always, `write` only with
   * --allow-destructive (it changes something: previewed unless the call says `yes`).
   */
  readonly tool?: 'read' | 'write';
}

/** What a scalar field of the API holds: a terminal shows a time as relative, a boolean as yes/no. */
export type FieldKind = 'text' | 'number' | 'boolean' | 'time';

export function defineSpec<const A extends ArgDefs, const O extends OptionDefs, const C extends readonly string[] = readonly []>(
  spec: CommandSpec<A, O, C>,
): CommandSpec<A, O, C> {
  return spec;
}

/** A spec of any shape (the registry's view). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySpec = CommandSpec<any, any, any>;

/** The command's words, `interns ls`: its name in messages, hints and the registry's keys. */
export function commandName(spec: Pick<AnySpec, 'path'>): string {
  return spec.path.join(' ');
}

/** The fields of a spec's resource that are not among its declared columns: columns too, on demand. */
export function fieldColumns(spec: AnySpec): string[] {
  const declared = new Set<string>((spec.columns ?? []) as readonly string[]);
  return Object.keys((spec.fields ?? {}) as Record<string, FieldKind>).filter((name) => !declared.has(name));
}

/** Every name --columns takes for a spec: its declared columns, then the fields of its resource. */
export function allColumnNames(spec: AnySpec): string[] {
  return [...((spec.columns ?? []) as readonly string[]), ...fieldColumns(spec)];
}
