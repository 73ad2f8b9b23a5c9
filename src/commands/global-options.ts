// The global options: valid before or after any command, declared with the same typed parsers
// as a command's options, each with the environment variable that stands in for it. Help, the
// parser, completion, the scan for command words and the settings all read this one list.
import {
  DEFAULT_BASE_URL,
  DEFAULT_PROFILE,
  DEFAULT_RETRIES,
  DEFAULT_TIMEOUT_SECONDS,
  KEY_COMMAND_VARIABLES,
  KEY_VARIABLES,
  PROFILE_NAME,
  settingChecks,
  TIMEOUT_RANGE,
} from '../config/profile.js';
import { NO_COLOR_NAME, OTHER_VARIABLES } from '../core/environment.js';
import {
  describedAs,
  durationInfo,
  fromEnv,
  option,
  withDefault,
  optionValue,
  type Given,
  type OptionDef,
  type OptionValues,
} from '../core/options.js';

export const globalOptions = {
  json: option.flag('--json', "print the API's response body as JSON"),
  jq: option.string('--jq <expr>', 'filter the JSON result with jq (implies --json); strings print raw'),
  jsonl: option.flag('--jsonl', 'JSON Lines: one item per line (streamed with --all); an object on one line'),
  columns: option.string('--columns <names>', "columns of a table or of piped rows, e.g. id,status (each command's --help lists them)"),
  header: option.flag('--header', 'begin piped rows with a line of the column names'),
  profile: fromEnv(
    'GWCTL_PROFILE',
    withDefault(
      option.pattern('-p, --profile <name>', 'config profile', PROFILE_NAME, 'use letters, digits, dot, dash and underscore', 'profile'),
      DEFAULT_PROFILE,
    ),
  ),
  baseUrl: fromEnv('GWCTL_BASE_URL', withDefault(option.string('--base-url <url>', 'API base URL, carrying /v1'), DEFAULT_BASE_URL)),
  sandbox: option.flag('--sandbox', 'run this command against an in-process sandbox API with demo keys'),
  timeout: fromEnv(
    'GWCTL_TIMEOUT',
    withDefault(
      // A duration as every time option reads it (`30` is seconds, `30s`, `1m`), received in seconds.
      describedAs(option.custom('--timeout <duration>', 'per request (30, 30s, 1m)', settingChecks.timeout), durationInfo(TIMEOUT_RANGE)),
      DEFAULT_TIMEOUT_SECONDS,
    ),
  ),
  retries: fromEnv(
    'GWCTL_RETRIES',
    withDefault(option.custom('--retries <n>', 'extra attempts on a retryable failure', settingChecks.retries), DEFAULT_RETRIES),
  ),
  color: fromEnv(NO_COLOR_NAME, option.flag('--no-color', 'no colour, even on a terminal')),
  input: fromEnv('CI', option.flag('--no-input', 'never prompt')),
  debug: fromEnv('GWCTL_DEBUG', option.flag('--debug', 'show each HTTP exchange on stderr, keys redacted')),
};

export type GlobalName = keyof typeof globalOptions;

/** The global options as a command receives them: typed, checked, and where each came from. */
export type GlobalFlags = OptionValues<typeof globalOptions> & {
  from: Partial<Record<GlobalName, 'flag' | 'environment'>>;
};

/** Every environment variable gwctl reads, with what it stands for: the options' first, then the others. */
export function environment(): { name: string; description: string; option?: string }[] {
  const own = Object.values(globalOptions).flatMap((o: OptionDef<unknown>) =>
    o.env ? [{ name: o.env, description: o.description, option: /--[\w-]+/.exec(o.flags)?.[0] ?? o.flags }] : [],
  );
  const keys = [KEY_VARIABLES.management, KEY_VARIABLES.api, KEY_COMMAND_VARIABLES.management, KEY_COMMAND_VARIABLES.api];
  return [...own, ...keys.map(({ name, description }) => ({ name, description })), ...OTHER_VARIABLES];
}

/** Every environment variable gwctl reads, for help: the options' first, then the others. */
export function environmentNames(): string[] {
  return environment().map((e) => e.name);
}

/** The run's global options: as given, else from their variable, else absent; each checked as read, refused as command options are. */
export function readGlobalFlags(
  given: (key: GlobalName) => Given | undefined,
  env: Readonly<Record<string, string | undefined>>,
): GlobalFlags {
  const values: Record<string, unknown> = {};
  const from: GlobalFlags['from'] = {};
  for (const [key, def] of Object.entries(globalOptions) as [GlobalName, OptionDef<unknown>][]) {
    const read = optionValue(def, given(key), env);
    values[key] = read.value;
    if (read.from) from[key] = read.from;
  }
  const flags = { ...values, from } as GlobalFlags;
  // --jq is a filter over the JSON result.
  if (flags.jq !== undefined) flags.json = true;
  return flags;
}
