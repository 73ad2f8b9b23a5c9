import { option } from '../core/options.js';
import { defineSpec } from '../core/spec.js';

/** How an MCP client starts gwctl (the usual `mcpServers` shape), shown in help and docs/agents.md. */
const REGISTRATION = ['{', '  "mcpServers": {', '    "gwctl": { "command": "gwctl", "args": ["mcp", "--profile", "default"] }', '  }', '}'];

export const spec = defineSpec({
  path: ['mcp'],
  summary: "Serve the gateway's operations as Model Context Protocol tools, for agents",
  description: [
    "Tools are named <group>_<verb> (interns_ls, endpoints_get, ...), take the command's options as typed",
    'snake_case properties, and return exactly what --json prints (an API error: the --json error object).',
    'Read-only unless --allow-destructive, which adds interns_suspend, batches_delete and presets_create:',
    'they return the --dry-run preview and change nothing unless the call says "yes": true, and every call',
    'of one appends a JSON line to the audit log (default mcp-audit.jsonl in the config folder).',
    'Transport: stdio, or with --http streamable HTTP on 127.0.0.1 at a URL with a secret made for the run',
    '(printed on stderr; with --json a line {"url":...} on stdout). --sandbox rehearses against the sandbox.',
    'Register it with an MCP client:',
    ...REGISTRATION.map((line) => `  ${line}`),
  ].join('\n'),
  args: {},
  options: {
    allowDestructive: option.flag('--allow-destructive', 'also serve the tools that change something (previewed unless yes: true)'),
    auditLog: option.string(
      '--audit-log <file>',
      'where write tools are logged, one JSON line a call (default: mcp-audit.jsonl in the config folder)',
      'file',
    ),
    http: option.flag('--http', 'serve streamable HTTP on 127.0.0.1 instead of stdio'),
    port: option.int('--port <n>', 'with --http: port to listen on (default 0: a free one)', { min: 0, max: 65_535 }),
  },
  examples: [
    'gwctl mcp',
    'gwctl mcp --sandbox --allow-destructive',
    'gwctl mcp --http --port 8931 --json',
    'gwctl --profile prod mcp --allow-destructive --audit-log ~/gwctl-agent-audit.jsonl',
  ],
});
