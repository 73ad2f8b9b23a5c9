// The global options: valid before or after any command, declared with the same typed parsers
// as a command's options, each with the environment variable that stands in for it. Help, the
// parser, completion, the scan for command words and the settings all read this one list.
import { PROFILE_NAME, settingChecks } from '../config/profile.js';
import { fromEnv, option, optionValue, takesValue, type OptionDef, type OptionValues } from '../core/options.js';

export const globalOptions = {
  json: option.flag('--json', "print the API's response body as JSON"),
  jq: option.string('--jq <expr>', 'filter the JSON result with jq (implies --json); strings print raw'),
  jsonl: option.flag('--jsonl', 'JSON Lines: one item per line (streamed with --all); an object on one line'),
  columns: option.string('--columns <names>', "columns of a table or of piped rows, e.g. id,status (each command's --help lists them)"),
  header: option.flag('--header', 'begin piped rows with a line of the column names'),
  profile: fromEnv(
    'GWCTL_PROFILE',
    option.pattern(
      '-p, --profile <name>',
      'config profile (default "default")',
      PROFILE_NAME,
      'use letters, digits, dot, dash and underscore',
      'profile',
    ),
  ),
  baseUrl: fromEnv('GWCTL_BASE_URL', option.string('--base-url <url>', 'API base URL, carrying /v1')),
  sandbox: option.flag('--sandbox', 'run this command against an in-process sandbox API with demo keys'),
  timeout: fromEnv('GWCTL_TIMEOUT', option.custom('--timeout <seconds>', 'per request (default 30)', settingChecks.timeout)),
  retries: fromEnv(
    'GWCTL_RETRIES',
    option.custom('--retries <n>', 'extra attempts on a retryable failure (default 3)', settingChecks.retries),
  ),
  color: fromEnv('NO_COLOR', option.flag('--no-color', 'no colour, even on a terminal')),
  input: fromEnv('CI', option.flag('--no-input', 'never prompt')),
  debug: fromEnv('GWCTL_DEBUG', option.flag('--debug', 'show each HTTP exchange on stderr, keys redacted')),
};

export type GlobalName = keyof typeof globalOptions;

/** The global options as a command receives them: typed, checked, and where each came from. */
export type GlobalFlags = OptionValues<typeof globalOptions> & {
  from: Partial<Record<GlobalName, 'flag' | 'environment'>>;
};

/**
 * Environment variables that stand for no option, read where they are used: the keys (settings),
 * the config folder (config/paths.ts), the sandbox's pace and rate limit, and colour forced on
 * (core/io.ts).
 */
export const OTHER_ENVIRONMENT = [
  'GWCTL_MANAGEMENT_KEY',
  'GWCTL_API_KEY',
  'GWCTL_CONFIG_DIR',
  'GWCTL_SANDBOX_PACE',
  'GWCTL_SANDBOX_RATE_LIMIT',
  'FORCE_COLOR',
];

/** Every environment variable gwctl reads, for help: the options' first, then the others. */
export function environmentNames(): string[] {
  const own = Object.values(globalOptions).flatMap((o: OptionDef<unknown>) => (o.env ? [o.env] : []));
  return [...own, ...OTHER_ENVIRONMENT];
}

/** Every name (`-p`, `--profile`, ...) of a global option that takes a value: its value is never a command word. */
export const VALUE_OPTION_NAMES: ReadonlySet<string> = new Set(
  Object.values(globalOptions)
    .filter((o: OptionDef<unknown>) => takesValue(o))
    .flatMap((o) => o.flags.split(/[ ,]+/).filter((word) => word.startsWith('-'))),
);

/**
 * The global options of one run: each from the command line when given (`given` says so), else
 * from its environment variable, else its value when absent. Each is checked as it is read,
 * with the same one shape of refusal as a command's options.
 */
export function readGlobalFlags(
  given: (key: GlobalName) => { raw: unknown; name: string } | undefined,
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
