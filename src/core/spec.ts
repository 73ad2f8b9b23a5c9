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
  /** Lines a person can paste; every command has at least one. */
  readonly examples: readonly string[];
}

export function defineSpec<const A extends ArgDefs, const O extends OptionDefs, const C extends readonly string[] = readonly []>(
  spec: CommandSpec<A, O, C>,
): CommandSpec<A, O, C> {
  return spec;
}

/** A spec of any shape (the registry's view). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySpec = CommandSpec<any, any, any>;
