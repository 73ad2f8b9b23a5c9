// What `gwctl mcp` says about itself in the handshake: its name and version, its capabilities and
// its instructions. One home for both who say it: the SDK's server (server.ts) and the answer given
// before the SDK has loaded (handshake.ts), so that the two cannot drift apart. Free of the SDK.

/** The server's name and version, as `initialize` and every 2026-07-28 result name it. */
export const SERVER_INFO = { name: 'gwctl', version: __GWCTL_VERSION__ } as const;

/** Tools only: no resources, prompts, logging or list-change notifications. */
export const SERVER_CAPABILITIES = { tools: {} } as const;

/**
 * What the server tells a client's model first. Under --no-confirm it says that writes are not
 * confirmed by a person, and never that they are; `leftOut` names the tools not served because
 * only an API key is configured (cli/mcp/keys.ts).
 */
export function instructionsFor(noConfirm = false, leftOut: readonly string[] = []): string {
  return [
    "gwctl's tools read (and, when the server allows it, change) a model-inference gateway through its management API.",
    'Results are the JSON bodies of `gwctl <group> <verb> --json`; errors carry status, reason, retryable and exit_code.',
    noConfirm
      ? 'Write tools return a preview and change nothing unless called with yes: true; then they make the change at once: this server makes writes without a person confirming them (--no-confirm).'
      : 'Write tools return a preview and change nothing unless called with yes: true; then the person is asked to confirm.',
    ...(leftOut.length > 0
      ? [
          `Not served: ${leftOut.join(', ')}: they need the management key, and only an API key is configured for this server (the operator can add one with gwctl auth login).`,
        ]
      : []),
  ].join(' ');
}
