// A command as data: what help, completion and the parser read without loading its
// implementation. The implementation (`<verb>-run.ts`) is typed from it.
import type { ArgDefs, OptionDef, OptionDefs } from './options.js';

/** Which key an operation takes. management: the management key only. api: the API key, falling back to the management key. */
export type KeyKind = 'management' | 'api';

/**
 * The API operation a command performs: where it lives and which key it needs, declared once in
 * the command's spec. `npm run registry` gathers them into the route table the client, the
 * sandbox and `gwctl api` share (api/routes.generated.ts).
 */
export interface Operation {
  /** How messages name it: `get private endpoint`, `suspend intern`. */
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Relative to the base URL; `{param}` segments are filled in URL-encoded. */
  readonly path: string;
  readonly key: KeyKind;
}

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
  /** Column names of a list or detail view, declared once; the implementation gives each one's extractor. */
  readonly columns?: C;
  /** The resource's scalar top-level fields (from its schema): columns shown only when --columns names them. */
  readonly fields?: Readonly<Record<string, FieldKind>>;
  /** The top level of what --json prints (`{data: {id, …}}`), so help says whether a resource comes bare or inside `data`. */
  readonly shape?: string;
  /** Lines a person can paste; every command has at least one. */
  readonly examples: readonly string[];
  /** The API operation it performs, for a command that is one (`endpoints get`: GET /private-endpoints/{id}). */
  readonly operation?: Operation;
  /** Served by `gwctl mcp` as `<group>_<verb>`: `read` always, `write` only with --allow-destructive (previewed unless `yes`). */
  readonly tool?: 'read' | 'write';
  /** How a write tool asks the person before it acts (required of a write tool: see `defineSpec`). */
  readonly confirmation?: Confirmation;
  /** For `gwctl mcp`: an agent's texts where the terminal's do not fit: the tool's summary and description, a property's by its key. */
  readonly agent?: { readonly summary?: string; readonly description?: string; readonly properties?: Readonly<Record<string, string>> };
}

/** What a person confirms before a write tool acts; `typed: 'count'` asks them to type the number of targets instead of ticking a box. */
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

/** A write tool is previewed (--dry-run) and confirmed (`confirmation`) before it acts, or its spec does not compile. */
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
