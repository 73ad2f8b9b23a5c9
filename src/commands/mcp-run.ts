import path from 'node:path';
import { usageError } from '../core/errors.js';
import { shellWord } from '../core/suggest.js';
import type { Deps, RunFor } from './context.js';
import type { McpClient, spec } from './mcp.js';

// The server (the MCP SDK and the tools made from every command's spec) knows the command
// registry, so it lives in the CLI layer and is handed down, loaded only by this command.
export const run: RunFor<typeof spec> = async ({ args, opts, deps }) => {
  if (args.action === 'config') return printRegistration(deps, opts.client, serverArgs(deps, opts));
  if (opts.client !== undefined) throw usageError('--client goes with config', "as in 'gwctl mcp config --client claude-code'");
  if (!opts.confirm && !opts.allowDestructive) throw usageError('--no-confirm goes with --allow-destructive (it is about write tools)');
  const { serveMcp } = await deps.heavy.mcp();
  await serveMcp(opts, deps);
};

type Options = Parameters<RunFor<typeof spec>>[0]['opts'];

/** `mcp` and the options given that decide what the server serves and where it goes. */
function serverArgs(deps: Deps, opts: Options): string[] {
  const words = ['mcp'];
  if (deps.flags.profile !== undefined) words.push('--profile', deps.flags.profile);
  if (deps.flags.sandbox) words.push('--sandbox');
  if (opts.allowDestructive) words.push('--allow-destructive');
  if (!opts.confirm) words.push('--no-confirm');
  if (opts.tools !== undefined) words.push('--tools', opts.tools);
  if (opts.excludeTools !== undefined) words.push('--exclude-tools', opts.excludeTools);
  return words;
}

/** The absolute path of this gwctl: the standalone executable, or the script node runs (the npm bin). */
function thisGwctl(): string {
  const script = process.argv[1];
  return script === undefined || path.resolve(script) === process.execPath ? process.execPath : path.resolve(script);
}

async function printRegistration(deps: Deps, client: McpClient | undefined, words: string[]): Promise<void> {
  if (client === undefined) throw usageError('config needs --client', "as in 'gwctl mcp config --client claude-code'");
  const command = thisGwctl();
  const server = { command, args: words };
  const registration = registrationFor(client, server);
  let text: string;
  if (typeof registration === 'string') text = `${registration}\n`;
  // Codex's ~/.codex/config.toml: the same server as a TOML table (JSON's string escapes are TOML's, but for DEL).
  else if (client === 'codex')
    text = `[mcp_servers.gwctl]\ncommand = ${tomlString(command)}\nargs = [${words.map(tomlString).join(', ')}]\n`;
  else text = `${JSON.stringify(registration, null, 2)}\n`;
  await deps.printer.detail({ body: { client, ...server, registration }, view: { kind: 'text', terminal: text, piped: text } });
}

/** What registers `server` with `client`: its command line, or the data its configuration file holds. */
function registrationFor(client: McpClient, server: { command: string; args: string[] }): unknown {
  switch (client) {
    case 'claude-code':
      return ['claude', 'mcp', 'add', 'gwctl', '--', server.command, ...server.args].map(shellWord).join(' ');
    // VS Code's .vscode/mcp.json names its servers `servers` and says the transport.
    case 'vscode':
      return { servers: { gwctl: { type: 'stdio', ...server } } };
    case 'codex':
      return { mcp_servers: { gwctl: server } };
    // Claude Desktop's claude_desktop_config.json, Cursor's mcp.json and Gemini CLI's settings.json share one shape.
    default:
      return { mcpServers: { gwctl: server } };
  }
}

function tomlString(text: string): string {
  return JSON.stringify(text).replaceAll('\u007f', '\\u007f');
}
