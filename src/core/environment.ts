// Names of the environment variables that stand for no global option (those that do are declared
// with their option in commands/global-options.ts). One home for each name, below every layer
// that reads one: the sandbox, the command specs and the help all import it from here.

/** The pace of the `--sandbox` API (`gwctl sandbox` takes `--pace`, which wins). */
export const SANDBOX_PACE_ENV = 'GWCTL_SANDBOX_PACE';
/** The rate limit of the sandbox API per key, N/SECONDS (`gwctl sandbox --rate-limit` wins). */
export const SANDBOX_RATE_LIMIT_ENV = 'GWCTL_SANDBOX_RATE_LIMIT';
/** The sandbox's changes a minute (`gwctl sandbox --churn` wins). */
export const SANDBOX_CHURN_ENV = 'GWCTL_SANDBOX_CHURN';
