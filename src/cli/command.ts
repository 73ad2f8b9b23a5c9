// What a command file declares, and what its run function is given. A test can build a
// CommandContext by hand (fake Io, a client pointed at a test server, a scripted prompter,
// a fixed clock) and drive any command without a terminal.
import type { ApiClient } from '../api/client.js';
import type { Env } from '../core/env.js';
import type { LoadedConfig } from '../config/read.js';
import type { GlobalFlags, Settings } from '../config/settings.js';
import type { Clock } from '../core/clock.js';
import type { Io } from '../core/io.js';
import type { Prompter } from '../core/prompter.js';

export type { Clock, Prompter };

/** Which local list can complete an argument or option value (see completions). */
export type CompletionSource = 'intern' | 'batch' | 'status' | 'provider' | 'profile' | 'setting' | 'shell' | 'file';

export interface ArgSpec {
  name: string;
  description: string;
  required: boolean;
  complete?: CompletionSource;
}

export interface OptionSpec {
  /** Commander flag syntax, e.g. `--limit <n>` or `-y, --yes`. */
  flags: string;
  description: string;
  complete?: CompletionSource;
}

export interface CommandSpec {
  /** `['interns', 'ls']`, or one word for a top-level command such as `sandbox`. */
  path: readonly [string] | readonly [string, string];
  aliases?: readonly string[];
  summary: string;
  /** Longer help text, shown under the summary. */
  description?: string;
  args: readonly ArgSpec[];
  options: readonly OptionSpec[];
  /** Lines a person can paste; every command has at least one. */
  examples: readonly string[];
  run(ctx: CommandContext): Promise<void>;
}

export interface Deps {
  io: Io;
  env: Env;
  flags: GlobalFlags;
  /** The config file as read once (warning on stderr if other users can read it). */
  config(): LoadedConfig;
  /** Resolved settings (flag, environment, profile, default). Throws a usage error for bad values. */
  settings(): Settings;
  /** The HTTP client, created on first use. */
  api(): Promise<ApiClient>;
  prompter: Prompter;
  clock: Clock;
  /** Aborted on Ctrl-C or when stdout's reader goes away. */
  signal: AbortSignal;
}

export interface CommandContext {
  /** Positional arguments by name; undefined when an optional one is absent. */
  args: Record<string, string | undefined>;
  /** The command's own options as commander parsed them. */
  opts: Record<string, unknown>;
  deps: Deps;
}

export function defineCommand(spec: CommandSpec): CommandSpec {
  return spec;
}
