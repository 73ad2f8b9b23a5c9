// The global options: valid before or after any command. Help, the parser, completion and the
// scan for command words all read this one list.
export interface GlobalOptionSpec {
  flags: string;
  description: string;
  env?: string;
}

export const globalOptions: readonly GlobalOptionSpec[] = [
  { flags: '--json', description: "print the API's response body as JSON" },
  { flags: '--jq <expr>', description: 'filter the JSON result with jq (implies --json); strings print raw' },
  { flags: '--jsonl', description: 'JSON Lines: one item per line (streamed with --all); an object on one line' },
  { flags: '--columns <names>', description: "columns of a table or of piped rows, e.g. id,status (each command's --help lists them)" },
  { flags: '--header', description: 'begin piped rows with a line of the column names' },
  { flags: '-p, --profile <name>', description: 'config profile (default "default")', env: 'GWCTL_PROFILE' },
  { flags: '--base-url <url>', description: 'API base URL, carrying /v1', env: 'GWCTL_BASE_URL' },
  { flags: '--sandbox', description: 'run this command against an in-process sandbox API with demo keys' },
  { flags: '--timeout <seconds>', description: 'per request (default 30)', env: 'GWCTL_TIMEOUT' },
  { flags: '--retries <n>', description: 'extra attempts on a retryable failure (default 3)', env: 'GWCTL_RETRIES' },
  { flags: '--no-color', description: 'no colour, even on a terminal', env: 'NO_COLOR' },
  { flags: '--no-input', description: 'never prompt', env: 'CI' },
  { flags: '--debug', description: 'show each HTTP exchange on stderr, keys redacted', env: 'GWCTL_DEBUG' },
];

/** Every name (`-p`, `--profile`, ...) of a global option that takes a value: its value is never a command word. */
export const VALUE_OPTION_NAMES: ReadonlySet<string> = new Set(
  globalOptions.filter((o) => o.flags.includes('<')).flatMap((o) => o.flags.split(/[ ,]+/).filter((word) => word.startsWith('-'))),
);
