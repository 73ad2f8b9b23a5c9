// The environment variables that stand for no global option (commands/global-options.ts and
// config/profile.ts hold those), each declared once with its name, read through `readVariable`
// (a lint rule refuses `env.NAME`), and what it does, for help and the reference.

/** An environment variable gwctl reads, as help describes it. */
export interface EnvironmentVariable {
  readonly name: string;
  readonly description: string;
  /** Other spellings read, before the name (`https_proxy` for HTTPS_PROXY, as curl reads them). */
  readonly aliases?: readonly string[];
}

function variable(name: string, description: string, aliases?: readonly string[]): EnvironmentVariable {
  return aliases ? { name, description, aliases } : { name, description };
}

/** The spellings of a declared variable in the order they are read: its aliases, then its name. */
export function spellings(declared: EnvironmentVariable): string[] {
  return [...(declared.aliases ?? []), declared.name];
}

/** The value of a declared variable as set (its first spelling that is set), or undefined. */
export function readVariable(env: Readonly<Record<string, string | undefined>>, declared: EnvironmentVariable): string | undefined {
  for (const spelling of spellings(declared)) if (env[spelling] !== undefined) return env[spelling];
  return undefined;
}

/** The variable `--no-color` stands for (no-color.org), declared with that option; read here before options are. */
export const NO_COLOR_NAME = 'NO_COLOR';

/** The pace of the `--sandbox` API (`gwctl sandbox` takes `--pace`, which wins). */
export const SANDBOX_PACE = variable('GWCTL_SANDBOX_PACE', 'pace of the --sandbox API: N times real time (0 freezes every state)');
/** The rate limit of the sandbox API per key, N/SECONDS (`gwctl sandbox --rate-limit` wins). */
export const SANDBOX_RATE_LIMIT = variable('GWCTL_SANDBOX_RATE_LIMIT', 'rate limit of the --sandbox API per key, N/SECONDS');
/** The sandbox's changes a minute (`gwctl sandbox --churn` wins). */
export const SANDBOX_CHURN = variable('GWCTL_SANDBOX_CHURN', 'changes a minute of the --sandbox API (interns appear, change, go)');

export const CONFIG_DIR = variable(
  'GWCTL_CONFIG_DIR',
  'folder of the config file (default: the platform config folder); its cache/ is the cache folder',
);
export const HOME = variable('HOME', 'the home folder, under which the platform folders are');
export const XDG_CONFIG_HOME = variable('XDG_CONFIG_HOME', 'the config folder on Linux (default ~/.config)');
export const XDG_CACHE_HOME = variable(
  'XDG_CACHE_HOME',
  "the cache folder on Linux (default ~/.cache), for the completion cache and the executable's copy of its credential store add-on; ignored when relative",
);
export const APPDATA = variable('APPDATA', 'the config folder on Windows');
export const LOCALAPPDATA = variable('LOCALAPPDATA', 'the cache folder on Windows; ignored when relative');

/** A private certificate authority: the profile's ca-file setting, or this (config/settings.ts). */
export const CA_FILE = variable(
  'GWCTL_CA_FILE',
  "PEM file of certificate authorities trusted besides the usual ones; wins over the profile's ca-file",
);

export const HTTPS_PROXY = variable(
  'HTTPS_PROXY',
  'proxy for https URLs, http://[user:password@]host:port (also https_proxy, as curl reads it)',
  ['https_proxy'],
);
export const HTTP_PROXY = variable(
  'HTTP_PROXY',
  'never used: plain http goes only to this machine, which is never reached through a proxy (also http_proxy)',
  ['http_proxy'],
);
export const ALL_PROXY = variable('ALL_PROXY', 'proxy for https URLs when HTTPS_PROXY is not set (also all_proxy)', ['all_proxy']);
export const NO_PROXY = variable(
  'NO_PROXY',
  'hosts reached without the proxy: names, domains (.example), addresses, CIDR ranges (10.0.0.0/8), or * (also no_proxy); localhost, 127.0.0.0/8 and ::1 always are',
  ['no_proxy'],
);
export const NODE_EXTRA_CA_CERTS = variable(
  'NODE_EXTRA_CA_CERTS',
  'PEM file of certificate authorities Node trusts besides the usual ones (read by Node at start-up)',
);

/** A W3C trace the caller began, carried on every API request (api/trace-context.ts, read in cli/deps.ts). */
export const TRACEPARENT = variable(
  'TRACEPARENT',
  'W3C trace context (00-TRACEID-PARENTID-FLAGS): every API request carries it as its traceparent header, with the same trace id and a parent id of its own; ignored when not valid',
);
export const TRACESTATE = variable('TRACESTATE', 'W3C trace state, sent as the tracestate header beside a valid TRACEPARENT');

/** Accessible mode, for screen readers: nothing redrawn in place (spinner, progress, watch screen, prompts), each line read once. */
export const ACCESSIBLE = variable(
  'GWCTL_ACCESSIBLE',
  'set (not 0 or false): no spinner, no redrawn line or screen, plain prompts, progress as a line at most every 5 seconds, --watch as lines of changes',
);
/** The same, as other terminal tools read it (charmbracelet's ACCESSIBLE). */
export const ACCESSIBLE_SHARED = variable('ACCESSIBLE', 'the same as GWCTL_ACCESSIBLE');

/** Whether a switch's environment variable is set: not empty, `0` or `false`. */
export function envSwitch(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** Whether accessible mode is on: GWCTL_ACCESSIBLE or ACCESSIBLE set as a switch. */
export function accessibleMode(env: Readonly<Record<string, string | undefined>>): boolean {
  return envSwitch(readVariable(env, ACCESSIBLE)) || envSwitch(readVariable(env, ACCESSIBLE_SHARED));
}

export const FORCE_COLOR = variable('FORCE_COLOR', 'colour on a terminal even where gwctl would not choose it; 0 turns it off');
export const TERM = variable('TERM', 'dumb: no colour and no progress bar');
export const COLUMNS = variable('COLUMNS', 'width of the terminal when it does not say');
export const LINES = variable('LINES', 'height of the terminal when it does not say');
export const DBUS_SESSION_BUS_ADDRESS = variable(
  'DBUS_SESSION_BUS_ADDRESS',
  'the session bus of the Secret Service (Linux credential store); unset: no store',
);

/** Every variable declared here, in the order help lists them. */
export const OTHER_VARIABLES: readonly EnvironmentVariable[] = [
  // Where the config file and the completion cache live (config/paths.ts, completions/id-cache.ts).
  CONFIG_DIR,
  HOME,
  XDG_CONFIG_HOME,
  XDG_CACHE_HOME,
  APPDATA,
  LOCALAPPDATA,
  // The way to the gateway (api/transport-network.ts): proxies as curl reads them, and Node's own extra authorities.
  CA_FILE,
  HTTPS_PROXY,
  HTTP_PROXY,
  ALL_PROXY,
  NO_PROXY,
  NODE_EXTRA_CA_CERTS,
  // The trace a request belongs to (api/trace-context.ts).
  TRACEPARENT,
  TRACESTATE,
  SANDBOX_PACE,
  SANDBOX_RATE_LIMIT,
  SANDBOX_CHURN,
  // The terminal (core/io.ts, the progress bar) and the credential store's session bus (config/keychain.ts).
  ACCESSIBLE,
  ACCESSIBLE_SHARED,
  FORCE_COLOR,
  TERM,
  COLUMNS,
  LINES,
  DBUS_SESSION_BUS_ADDRESS,
];
