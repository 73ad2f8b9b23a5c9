// The environment variables that stand for no global option (those that do are declared with
// their option in commands/global-options.ts, and the keys with the settings they feed in
// config/credentials.ts). One declaration for each: its name, which the reader imports, and what
// it does, which help, `help --json`, the man pages and the reference list.

/** An environment variable gwctl reads, as help describes it. */
export interface EnvironmentVariable {
  readonly name: string;
  readonly description: string;
}

function variable(name: string, description: string): EnvironmentVariable {
  return { name, description };
}

/** The pace of the `--sandbox` API (`gwctl sandbox` takes `--pace`, which wins). */
export const SANDBOX_PACE = variable('GWCTL_SANDBOX_PACE', 'pace of the --sandbox API: N times real time (0 freezes every state)');
/** The rate limit of the sandbox API per key, N/SECONDS (`gwctl sandbox --rate-limit` wins). */
export const SANDBOX_RATE_LIMIT = variable('GWCTL_SANDBOX_RATE_LIMIT', 'rate limit of the --sandbox API per key, N/SECONDS');
/** The sandbox's changes a minute (`gwctl sandbox --churn` wins). */
export const SANDBOX_CHURN = variable('GWCTL_SANDBOX_CHURN', 'changes a minute of the --sandbox API (interns appear, change, go)');

export const SANDBOX_PACE_ENV = SANDBOX_PACE.name;
export const SANDBOX_RATE_LIMIT_ENV = SANDBOX_RATE_LIMIT.name;
export const SANDBOX_CHURN_ENV = SANDBOX_CHURN.name;

/** Where the config file and the completion cache live (config/paths.ts, completions/id-cache.ts). */
export const FOLDER_VARIABLES: readonly EnvironmentVariable[] = [
  variable('GWCTL_CONFIG_DIR', 'folder of the config file (default: the platform config folder); its cache/ holds the completion cache'),
  variable('HOME', 'the home folder, under which the platform folders are'),
  variable('XDG_CONFIG_HOME', 'the config folder on Linux (default ~/.config)'),
  variable('XDG_CACHE_HOME', 'the cache folder on Linux (default ~/.cache), for the completion cache'),
  variable('APPDATA', 'the config folder on Windows'),
  variable('LOCALAPPDATA', 'the cache folder on Windows'),
];

/** A private certificate authority: the profile's ca-file setting, or this (config/settings.ts). */
export const CA_FILE = variable(
  'GWCTL_CA_FILE',
  "PEM file of certificate authorities trusted besides the usual ones; wins over the profile's ca-file",
);

/** The way to the gateway (api/transport-network.ts): proxies as curl reads them, and Node's own extra authorities. */
export const NETWORK_VARIABLES: readonly EnvironmentVariable[] = [
  CA_FILE,
  variable('HTTPS_PROXY', 'proxy for https URLs, http://[user:password@]host:port (also https_proxy, as curl reads it)'),
  variable('HTTP_PROXY', 'never used: plain http goes only to this machine, which is never reached through a proxy (also http_proxy)'),
  variable('ALL_PROXY', 'proxy for https URLs when HTTPS_PROXY is not set (also all_proxy)'),
  variable(
    'NO_PROXY',
    'hosts reached without the proxy: names, domains (.example), addresses, CIDR ranges (10.0.0.0/8), or * (also no_proxy); localhost, 127.0.0.0/8 and ::1 always are',
  ),
  variable('NODE_EXTRA_CA_CERTS', 'PEM file of certificate authorities Node trusts besides the usual ones (read by Node at start-up)'),
];

/** The terminal (core/io.ts, the progress bar) and the credential store's session bus (config/keychain.ts). */
export const TERMINAL_VARIABLES: readonly EnvironmentVariable[] = [
  variable('FORCE_COLOR', 'colour on a terminal even where gwctl would not choose it; 0 turns it off'),
  variable('TERM', 'dumb: no colour and no progress bar'),
  variable('COLUMNS', 'width of the terminal when it does not say'),
  variable('LINES', 'height of the terminal when it does not say'),
  variable('DBUS_SESSION_BUS_ADDRESS', 'the session bus of the Secret Service (Linux credential store); unset: no store'),
];

/** Every variable declared here, in the order help lists them. */
export const OTHER_VARIABLES: readonly EnvironmentVariable[] = [
  ...FOLDER_VARIABLES,
  ...NETWORK_VARIABLES,
  SANDBOX_PACE,
  SANDBOX_RATE_LIMIT,
  SANDBOX_CHURN,
  ...TERMINAL_VARIABLES,
];
