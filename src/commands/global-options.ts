// The global options: valid before or after any command, declared with the same typed parsers
// as a command's options, each with the environment variable that stands in for it. Help, the
// parser, completion, the scan for command words and the settings all read this one list.
import {
  DEFAULT_BASE_URL,
  DEFAULT_PROFILE,
  DEFAULT_RETRIES,
  DEFAULT_TIMEOUT_SECONDS,
  PROFILE_NAME,
  settingChecks,
} from '../config/profile.js';
import { SANDBOX_PACE_ENV, SANDBOX_RATE_LIMIT_ENV } from '../core/environment.js';
import { fromEnv, option, withDefault, optionValue, takesValue, type OptionDef, type OptionValues } from '../core/options.js';

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
    withDefault(option.custom('--timeout <seconds>', 'per request, in seconds', settingChecks.timeout), DEFAULT_TIMEOUT_SECONDS),
  ),
  retries: fromEnv(
    'GWCTL_RETRIES',
    withDefault(option.custom('--retries <n>', 'extra attempts on a retryable failure', settingChecks.retries), DEFAULT_RETRIES),
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
export const OTHER_ENVIRONMENT: readonly { name: string; description: string }[] = [
  { name: 'GWCTL_MANAGEMENT_KEY', description: "management key; wins over the profile's" },
  { name: 'GWCTL_API_KEY', description: "API key for interns and vault routes; wins over the profile's; falls back to the management key" },
  { name: 'GWCTL_CONFIG_DIR', description: 'folder of the config file (default: the platform config folder)' },
  {
    name: 'GWCTL_CA_FILE',
    description: "PEM file of certificate authorities trusted besides the usual ones; wins over the profile's ca-file",
  },
  { name: 'HTTPS_PROXY', description: 'proxy for https URLs, http://[user:password@]host:port (also https_proxy, as curl reads it)' },
  { name: 'HTTP_PROXY', description: 'proxy for plain-http URLs (also http_proxy)' },
  { name: 'ALL_PROXY', description: 'proxy for either when the one above is not set (also all_proxy)' },
  { name: 'NO_PROXY', description: 'hosts reached without the proxy: names, domains (.example), addresses, or * (also no_proxy)' },
  {
    name: 'NODE_EXTRA_CA_CERTS',
    description: 'PEM file of certificate authorities Node trusts besides the usual ones (read by Node at start-up)',
  },
  { name: SANDBOX_PACE_ENV, description: 'pace of the --sandbox API: N times real time (0 freezes every state)' },
  { name: SANDBOX_RATE_LIMIT_ENV, description: 'rate limit of the --sandbox API per key, N/SECONDS' },
  { name: 'FORCE_COLOR', description: 'colour on a terminal even where gwctl would not choose it; 0 turns it off' },
];

/** Every environment variable gwctl reads, with what it stands for: the options' first, then the others. */
export function environment(): { name: string; description: string; option?: string }[] {
  const own = Object.values(globalOptions).flatMap((o: OptionDef<unknown>) =>
    o.env ? [{ name: o.env, description: o.description, option: /--[\w-]+/.exec(o.flags)?.[0] ?? o.flags }] : [],
  );
  return [...own, ...OTHER_ENVIRONMENT];
}

/** Every environment variable gwctl reads, for help: the options' first, then the others. */
export function environmentNames(): string[] {
  return environment().map((e) => e.name);
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
