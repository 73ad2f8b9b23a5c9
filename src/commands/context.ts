// What a command's implementation is given, typed from its spec: parsed arguments and options,
// and its dependencies (I/O, settings, the HTTP client, prompter, clock, interruption, and the
// loaders of heavy libraries), so a test can drive any command in-process.
import type { ApiClient } from '../api/client.js';
import type { Clock } from '../core/clock.js';
import type { Env } from '../core/env.js';
import type { Io } from '../core/io.js';
import type { ArgValues, OptionValues } from '../core/options.js';
import type { Prompter } from '../core/prompter.js';
import type { Shell } from '../core/shells.js';
import { fieldColumns, type AnySpec, type FieldKind } from '../core/spec.js';
import type { KeyInEffect, KeyKind } from '../config/credentials.js';
import type { Keychain } from '../config/keychain.js';
import type { LoadedConfig } from '../config/read.js';
import type { Settings } from '../config/settings.js';
import type { GlobalFlags } from './global-options.js';
import type { spec as mcpSpec } from './mcp.js';
import { fieldColumn, type NamedColumn } from '../output/columns.js';
import type { Printer } from '../output/printer.js';
import type { GwctlError } from '../core/errors.js';

/** Heavy libraries and modules, each loaded on first use by the one lazy-loading seam (src/cli/lazy.ts). */
export interface Heavy {
  /** Terminal tables (cli-table3). */
  tables(): Promise<typeof import('../output/table.js')>;
  /** The spinner (ora). */
  spinner(): Promise<typeof import('ora').default>;
  /** Writing config.json (conf). */
  configStore(): Promise<typeof import('../config/store.js')>;
  /** The sandbox API server. */
  sandbox(): Promise<typeof import('../sandbox/server.js')>;
  /** A completion script for the command tree of this build. */
  completionScript(shell: Shell): Promise<string>;
  /** `gwctl mcp`'s server: the MCP SDK and the tools made from the command specs. */
  mcp(): Promise<{ serveMcp(options: OptionValues<(typeof mcpSpec)['options']>, deps: Deps): Promise<void> }>;
  /** zod's compiler of schemas, for one that checks many items (commands/shared/fetch.ts). */
  schemaCompiler(): Promise<typeof import('../api/schemas/compile.js')>;
}

export interface Deps {
  io: Io;
  env: Env;
  /** The global options, read once with the command line; never changed by a command. */
  flags: Readonly<GlobalFlags>;
  /** The options a suggested command must repeat to go where this run went (`--profile ops`, `--sandbox`, `--base-url URL`). */
  target: readonly string[];
  /** The config file as read once (warning on stderr if other users can read it). */
  config(): LoadedConfig;
  /** Resolved settings; a usage error for bad values, and for an unknown profile unless `newProfile`. */
  settings(options?: { newProfile?: boolean }): Settings;
  /** The OS credential store for this config folder (its add-on loads on first use). */
  keychain(): Keychain;
  /** The HTTP client, created on first use. */
  api(): Promise<ApiClient>;
  /** A client without retries that sends `key` as the management key (to check it), only where its binding allows. */
  apiWithKey(key: string | { key: KeyInEffect; kind: KeyKind }): Promise<ApiClient>;
  prompter: Prompter;
  clock: Clock;
  /** Aborted on Ctrl-C or when stdout's reader goes away. */
  signal: AbortSignal;
  /** Aborted on Ctrl-C, also after `finishOnInterrupt()`. */
  interrupted: AbortSignal;
  /** From now on Ctrl-C aborts nothing: in-flight requests finish and the command reports what it did (exit 130). */
  finishOnInterrupt(): void;
  /** Aborted by a second Ctrl-C (or SIGTERM after it): a command that took Ctrl-C over gives up what is in flight, and reports. */
  hurry: AbortSignal;
  /** Heavy libraries, each loaded on first use through the one lazy-loading seam. */
  heavy: Heavy;
  /** Prints the command's results in the form chosen once, before the command runs, from the output options and stdout. */
  printer: Printer;
  /** The write operation whose route this request is (`POST interns/ID/suspend`): `gwctl api` keeps its promises. */
  writeOn(method: string, path: string): Promise<OwnedWrite | undefined>;
}

/** A request to the route of a write operation, on one target: that operation's question, and its check of the answer. */
export interface OwnedWrite {
  /** It makes something new and destroys nothing (presets create): nobody is asked. */
  creates: boolean;
  /** The command's own question for this one target. */
  question(): Promise<string>;
  /** The failure of an answer (a 2xx) that does not say the change was made; undefined when it does. */
  unmet(body: unknown, status: number): GwctlError | undefined;
}

export interface RunContext<S extends AnySpec> {
  /** The command's own spec (for its column names, examples, ...). */
  spec: S;
  args: ArgValues<S['args']>;
  opts: OptionValues<S['options']>;
  deps: Deps;
}

/** The implementation of the command `S` declares. */
export type RunFor<S extends AnySpec> = (ctx: RunContext<S>) => Promise<void>;

/** The column names a spec declares. */
export type ColumnName<S extends AnySpec> = NonNullable<S['columns']> extends readonly (infer N)[] ? N & string : never;

/** How each declared column is shown, by name (all of them, no other); `raw` when the cell is display text (money, relative times). */
export type ColumnViews<S extends AnySpec, T> = { readonly [K in ColumnName<S>]: Omit<NamedColumn<T>, 'name'> };

/** The spec's columns in order, then one for each other field of its resource (shown only when --columns names it). */
export function columnsOf<S extends AnySpec, T>(spec: S, views: ColumnViews<S, T>): NamedColumn<T>[] {
  const declared = ((spec.columns ?? []) as readonly ColumnName<S>[]).map((name): NamedColumn<T> => ({ name, ...views[name] }));
  const table = declared.every((c) => c.header === c.header.toUpperCase());
  const fields = (spec.fields ?? {}) as Readonly<Record<string, FieldKind>>;
  const more = fieldColumns(spec).map((name): NamedColumn<T> => {
    const words = name.replaceAll('_', ' ');
    const header = table ? words.toUpperCase() : `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
    return { ...fieldColumn<T>(name, header, fields[name]!), byDefault: false };
  });
  return [...declared, ...more];
}
