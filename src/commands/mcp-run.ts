import type { RunFor } from './context.js';
import type { spec } from './mcp.js';

// The server (the MCP SDK and the tools made from every command's spec) knows the command
// registry, so it lives in the CLI layer and is handed down, loaded only by this command.
export const run: RunFor<typeof spec> = async ({ opts, deps }) => {
  const { serveMcp } = await deps.heavy.mcp();
  await serveMcp(opts, deps);
};
