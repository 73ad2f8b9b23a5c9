import { arg, option, patternCheck, ValueRefused } from '../core/options.js';
import { defineSpec } from '../core/spec.js';
import { nearest } from '../core/suggest.js';

/** How an MCP client starts gwctl, in the usual `mcpServers` shape (`mcp config` prints it with this gwctl's path). */
const REGISTRATION = ['{', '  "mcpServers": {', '    "gwctl": { "command": "gwctl", "args": ["mcp", "--profile", "default"] }', '  }', '}'];

/** The MCP clients `gwctl mcp config` prints a registration for. */
export const MCP_CLIENTS = ['claude-code', 'claude-desktop', 'cursor', 'vscode', 'codex', 'gemini-cli'] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

/** A client by its name (`gemini` is Gemini CLI's command); a near miss gets "did you mean". */
function mcpClient(text: string): McpClient {
  const name = text === 'gemini' ? 'gemini-cli' : text;
  if ((MCP_CLIENTS as readonly string[]).includes(name)) return name as McpClient;
  const near = nearest(text, MCP_CLIENTS);
  throw new ValueRefused(`${near ? `did you mean ${near}? It ` : ''}must be one of ${MCP_CLIENTS.join(', ')}`);
}

export const spec = defineSpec({
  path: ['mcp'],
  summary: "Serve the gateway's operations as Model Context Protocol tools, for agents",
  description: [
    "Tools are named <group>_<verb> (interns_ls, endpoints_get, ...), take the command's options as typed",
    'snake_case properties, and return what --json prints (an API error: the --json error object).',
    'Read-only unless --allow-destructive, which adds the write tools (the commands that change something;',
    'their annotations say readOnlyHint: false). A write tool called without "yes": true returns a',
    'preview and changes nothing; with it, the person at the client is asked to confirm (MCP elicitation)',
    'and the write acts on exactly the targets shown. --no-confirm acts on "yes": true alone. Every call of',
    'a write tool appends JSON lines to the audit log (default mcp-audit.jsonl in the config folder): the',
    'intent before anything is sent, the outcome after.',
    'Transport: stdio, or with --http streamable HTTP on 127.0.0.1 at a URL with a secret made for the run',
    '(printed on stderr; with --json a line {"url":...} on stdout). --sandbox rehearses against the sandbox.',
    "'gwctl mcp config --client claude-code' prints what registers this gwctl with Claude Code (also",
    'claude-desktop, cursor, vscode, codex, gemini-cli), with the --profile, --sandbox and --allow-destructive',
    'given; it prints, and writes no file of the client.',
    'In the usual shape of a client that takes JSON:',
    ...REGISTRATION.map((line) => `  ${line}`),
  ].join('\n'),
  args: {
    action: arg.optional({
      name: 'config',
      label: 'action',
      description: 'config: print the registration for --client instead of serving',
      check: patternCheck(/^config$/, 'the only action is config'),
    }),
  },
  options: {
    allowDestructive: option.flag('--allow-destructive', 'also serve the tools that change something (previewed unless yes: true)'),
    confirm: option.flag('--no-confirm', 'with --allow-destructive: act on yes: true without asking the person at the client'),
    tools: option.string('--tools <names>', 'serve only these tools (comma-separated names)'),
    excludeTools: option.string('--exclude-tools <names>', 'serve every tool but these (comma-separated names)'),
    auditLog: option.string(
      '--audit-log <file>',
      'where write tools are logged, JSON lines (default: mcp-audit.jsonl in the config folder)',
      'file',
    ),
    http: option.flag('--http', 'serve streamable HTTP on 127.0.0.1 instead of stdio'),
    port: option.int('--port <n>', 'with --http: port to listen on (default 0: a free one)', { min: 0, max: 65_535 }),
    client: option.custom('--client <name>', `with config: the client to register with (${MCP_CLIENTS.join(', ')})`, mcpClient),
  },
  examples: [
    'gwctl mcp',
    'gwctl mcp --sandbox --allow-destructive',
    'gwctl mcp config --client claude-code --profile prod',
    'gwctl mcp --tools interns_ls,interns_get',
    'gwctl mcp --http --port 8931 --json',
    'gwctl --profile prod mcp --allow-destructive --audit-log ~/gwctl-agent-audit.jsonl',
  ],
});
