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
  // VS Code's .vscode/mcp.json names its servers `servers` and says the transport; Codex's
  // ~/.codex/config.toml is TOML; Claude Desktop's, Cursor's and Gemini CLI's files share one shape.
  const registration =
    client === 'claude-code'
      ? ['claude', 'mcp', 'add', 'gwctl', '--', command, ...words].map(shellWord).join(' ')
      : client === 'vscode'
        ? { servers: { gwctl: { type: 'stdio', ...server } } }
        : client === 'codex'
          ? { mcp_servers: { gwctl: server } }
          : { mcpServers: { gwctl: server } };
  const text =
    typeof registration === 'string'
      ? registration
      : client === 'codex'
        ? `[mcp_servers.gwctl]\ncommand = ${tomlString(command)}\nargs = [${words.map(tomlString).join(', ')}]`
        : JSON.stringify(registration, null, 2);
  await deps.printer.detail({
    body: { client, ...server, registration },
    view: { kind: 'text', terminal: `${text}\n`, piped: `${text}\n` },
  });
}

/** JSON's string escapes are TOML's, but for DEL. */
function tomlString(text: string): string {
  return JSON.stringify(text).replaceAll('\u007f', '\\u007f');
}
