// `gwctl mcp` against its targets (issue 37), on the Node that runs this script, everything on
// 127.0.0.1 against `gwctl sandbox`:
//   - a read tool call over stdio: median of 50 `endpoints_get`, against the HTTP exchange it
//     makes (the same GET with keep-alive, from this process) and against `gwctl endpoints get
//     --json` as a process (median of 15);
//   - `gwctl mcp` from spawn to its answer to `initialize` against `gwctl --help` from spawn to
//     exit (medians of RUNS, default 30, after one run that fills the compile cache); then, as a
//     client goes on, from spawn to the answer to `tools/list` sent once `initialize` was answered
//     (the SDK loads for it), and the resident memory when idle after that.
//   .cache/node/24/bin/node bench/mcp.mjs [OUT.json]          (RUNS=N to change the count)
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'bin', 'gwctl.js');
const node = process.execPath;
const config = mkdtempSync(path.join(os.tmpdir(), 'gwctl-bench-mcp-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (ms) => Math.round(ms * 100) / 100;

// The sandbox, as a process of its own (frozen in time).
const sandbox = spawn(node, [bin, 'sandbox', '--port', '0', '--json', '--pace', '0'], {
  env: { ...process.env, GWCTL_CONFIG_DIR: config },
});
const ready = await new Promise((resolve) => sandbox.stdout.once('data', (d) => resolve(JSON.parse(d.toString()))));
const env = {
  PATH: process.env.PATH,
  HOME: config,
  GWCTL_CONFIG_DIR: config,
  GWCTL_BASE_URL: ready.base_url,
  GWCTL_MANAGEMENT_KEY: ready.keys.management,
  GWCTL_API_KEY: ready.keys.api,
};
const id = ready.examples.private_endpoint;

try {
  // The HTTP exchange alone.
  const agent = new http.Agent({ keepAlive: true });
  const get = () =>
    new Promise((resolve, reject) => {
      http
        .get(
          `${ready.base_url}/private-endpoints/${id}`,
          { agent, headers: { authorization: `Bearer ${ready.keys.management}` } },
          (res) => {
            res.resume();
            res.on('end', resolve);
          },
        )
        .on('error', reject);
    });
  const exchange = [];
  for (let i = 0; i < 55; i++) {
    const t = performance.now();
    await get();
    if (i >= 5) exchange.push(performance.now() - t);
  }
  agent.destroy();

  // Tool calls over stdio.
  const transport = new StdioClientTransport({ command: node, args: [bin, 'mcp'], env });
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(transport);
  const calls = [];
  for (let i = 0; i < 55; i++) {
    const t = performance.now();
    const r = await client.callTool({ name: 'endpoints_get', arguments: { id } });
    if (r.isError) throw new Error(JSON.stringify(r));
    if (i >= 5) calls.push(performance.now() - t);
  }
  await client.close();

  const INITIALIZE = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  };
  const THEN = [
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  ];
  const line = (message) => `${JSON.stringify(message)}\n`;
  /** A process from spawn to exit (stdin closed at once). */
  const toExit = (args) =>
    new Promise((resolve, reject) => {
      const t = performance.now();
      const child = spawn(node, [bin, ...args], { env, stdio: ['pipe', 'ignore', 'ignore'] });
      child.stdin.end();
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(performance.now() - t) : reject(new Error(`exit ${code}`))));
    });
  /** `gwctl mcp` from spawn to the answer to initialize, then to the answer to tools/list; its RSS idle after that. */
  const session = () =>
    new Promise((resolve, reject) => {
      const t = performance.now();
      const child = spawn(node, [bin, 'mcp'], { env, stdio: ['pipe', 'pipe', 'ignore'] });
      let out = '';
      let initialize;
      child.stdout.on('data', (d) => {
        out += d;
        if (initialize === undefined && out.includes('"id":1')) {
          initialize = performance.now() - t;
          for (const message of THEN) child.stdin.write(line(message));
        }
        if (initialize !== undefined && out.includes('"id":2')) {
          const tools = performance.now() - t;
          child.stdout.removeAllListeners('data');
          // Idle: after the answers, with nothing asked of it, for a second.
          setTimeout(() => {
            const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
            child.stdin.end();
            child.on('close', () => resolve({ initialize, tools, rss }));
          }, 1000);
        }
      });
      child.stdin.write(line(INITIALIZE));
      child.on('error', reject);
    });
  const RUNS = Number(process.env.RUNS ?? 30);
  const processes = [];
  const help = [];
  const initialize = [];
  const toolsList = [];
  const rss = [];
  for (let i = 0; i <= RUNS; i++) {
    const a = i < 16 ? await toExit(['endpoints', 'get', id, '--json']) : undefined;
    const b = await toExit(['--help']);
    const c = await session();
    if (i === 0) continue; // the compile cache's first fill
    if (a !== undefined) processes.push(a);
    help.push(b);
    initialize.push(c.initialize);
    toolsList.push(c.tools);
    rss.push(c.rss);
  }
  const result = {
    node: process.version,
    date: new Date().toISOString().slice(0, 10),
    cpus: os.cpus().length,
    load: os.loadavg().map((l) => Math.round(l * 100) / 100),
    http_exchange_ms: round(median(exchange)),
    tool_call_ms: round(median(calls)),
    tool_call_over_exchange_ms: round(median(calls) - median(exchange)),
    process_ms: round(median(processes)),
    process_over_tool_call: round(median(processes) / median(calls)),
    help_ms: round(median(help)),
    initialize_ms: round(median(initialize)),
    initialize_over_help: round(median(initialize) / median(help)),
    runs: RUNS,
    tools_list_ms: round(median(toolsList)),
    idle_rss_mb: round(median(rss)),
  };
  console.log(JSON.stringify(result, null, 2));
  if (process.argv[2]) writeFileSync(process.argv[2], `${JSON.stringify(result, null, 2)}\n`);
} finally {
  sandbox.kill();
  rmSync(config, { recursive: true, force: true });
}
