// A command as data: what help, completion and the parser read without loading its
// implementation. The implementation (`<verb>-run.ts`) is typed from it.
import type { ArgDefs, OptionDef, OptionDefs } from './options.js';

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
  /**
   * The top level of the JSON the command prints (`--json`, and what `--jq` filters): the API's
   * answer as its schema describes it (`PRIVATE_ENDPOINT_RESPONSE_SHAPE`: `{data: {id, …}}`),
   * so that help says whether a resource comes bare or inside `data`.
   */
  readonly shape?: string;
  /** Lines a person can paste; every command has at least one. */
  readonly examples: readonly string[];
  /**
   * Served by `gwctl mcp` as the tool `<group>_<verb>`: `read` always, `write` only with
   * --allow-destructive (it changes something: previewed unless the call says `yes`).
   */
  readonly tool?: 'read' | 'write';
  /** How a write tool asks the person before it acts (required of a write tool: see `defineSpec`). */
  readonly confirmation?: Confirmation;
  /**
   * For `gwctl mcp`: texts that speak to an agent where the terminal's do not fit (they name a
   * terminal, a flag, a pipe): the tool's summary and description, and a property's by its option or argument key.
   */
  readonly agent?: { readonly summary?: string; readonly description?: string; readonly properties?: Readonly<Record<string, string>> };
}

/**
 * What a person confirms before a write tool acts: `Suspend 3 interns? Their runtimes stop; …`.
 * `typed: 'count'` asks the person to type the number of targets instead of ticking a box.
 */
export interface Confirmation {
  /** The verb, capitalised: `Suspend`, `Delete`, `Create`. */
  readonly action: string;
  readonly noun: string;
  readonly nouns: string;
  /** What happens to the targets, as a sentence. */
  readonly consequence: string;
  /** The same sentence for a single target, where the plural one reads wrong (a terminal's question). */
  readonly consequenceOfOne?: string;
  /** `boolean`: a yes/no box; `count`: the person types the number of targets. */
  readonly typed: 'boolean' | 'count';
  /** Options that select targets instead of naming them (`status`): the write acts on the ids the person saw instead. */
  readonly selectors?: readonly string[];
  /** The write makes something new and destroys nothing (`presets create`), although it asks first. */
  readonly creates?: boolean;
}

/**
 * A write tool is previewed (its --dry-run) and confirmed (its `confirmation`) before it acts: a
 * spec that says `tool: 'write'` without either does not compile.
 */
type WriteRule<T, O> = T extends 'write'
  ? { readonly options: O & { readonly dryRun: OptionDef<boolean> }; readonly confirmation: Confirmation }
  : unknown;

/** What a scalar field of the API holds: a terminal shows a time as relative, a boolean as yes/no. */
export type FieldKind = 'text' | 'number' | 'boolean' | 'time';

export function defineSpec<
  const A extends ArgDefs,
  const O extends OptionDefs,
  const C extends readonly string[] = readonly [],
  const T extends 'read' | 'write' | undefined = undefined,
>(spec: CommandSpec<A, O, C> & { readonly tool?: T } & WriteRule<T, O>): CommandSpec<A, O, C> & WriteRule<T, O> {
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
