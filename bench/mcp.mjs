// `gwctl mcp` against its targets (issue 37), on the Node that runs this script, everything on
// 127.0.0.1 against `gwctl sandbox`:
//   - a read tool call over stdio: median of 50 `endpoints_get`, against the HTTP exchange it
//     makes (the same GET with keep-alive, from this process) and against `gwctl endpoints get
//     --json` as a process (median of 15);
//   - `gwctl mcp` from spawn to its answer to `initialize` (median of 15) against `gwctl --help`
//     from spawn to exit (median of 15), and its resident memory when idle after that.
//   .cache/node/24/bin/node bench/mcp.mjs [OUT.json]
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

  const timed = (args, until) =>
    new Promise((resolve, reject) => {
      const t = performance.now();
      const child = spawn(node, [bin, ...args], { env, stdio: ['pipe', 'pipe', 'ignore'] });
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        if (until?.(out)) {
          const ms = performance.now() - t;
          // Idle: after the answer, with nothing asked of it, for a second.
          setTimeout(() => {
            const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
            child.stdin.end();
            child.on('close', () => resolve({ ms, rss }));
          }, 1000);
        }
      });
      if (until)
        child.stdin.write(
          `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } })}\n`,
        );
      else child.stdin.end();
      child.on('error', reject);
      if (!until) child.on('close', (code) => (code === 0 ? resolve({ ms: performance.now() - t }) : reject(new Error(`exit ${code}`))));
    });
  const processes = [];
  const help = [];
  const initialize = [];
  const rss = [];
  for (let i = 0; i < 16; i++) {
    const a = await timed(['endpoints', 'get', id, '--json']);
    const b = await timed(['--help']);
    const c = await timed(['mcp'], (out) => out.includes('"id":1'));
    if (i === 0) continue; // the compile cache's first fill
    processes.push(a.ms);
    help.push(b.ms);
    initialize.push(c.ms);
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
    idle_rss_mb: round(median(rss)),
  };
  console.log(JSON.stringify(result, null, 2));
  if (process.argv[2]) writeFileSync(process.argv[2], `${JSON.stringify(result, null, 2)}\n`);
} finally {
  sandbox.kill();
  rmSync(config, { recursive: true, force: true });
}
