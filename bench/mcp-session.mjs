// A whole short session of `gwctl mcp` counted in instructions (callgrind, fixed seeds, as
// `bash bench/instructions.sh --fixed-seeds`): the client sends `initialize`, and once it is
// answered `notifications/initialized` and `tools/list`, and closes stdin once that is answered.
// bench/instructions.sh counts the run to the answer to `initialize` alone (stdin ends there);
// this counts what a client that goes on costs, the MCP SDK's loading included.
//   node bench/mcp-session.mjs [NODE]          (Node 24 of .cache/node/ by default; needs valgrind)
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const node = process.argv[2] ?? path.join(root, '.cache', 'node', '24', 'bin', 'node');
const line = (message) => `${JSON.stringify(message)}\n`;
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
};

/** One session; under callgrind, its count of instructions. */
const session = (counted) =>
  new Promise((resolve, reject) => {
    const gwctl = [node, '--hash-seed=1', '--random-seed=1', '--single-threaded', path.join(root, 'bin', 'gwctl.js'), 'mcp'];
    const [command, ...args] = counted ? ['valgrind', '--tool=callgrind', '--callgrind-out-file=/dev/null', ...gwctl] : gwctl;
    const child = spawn(command, args, { cwd: root });
    let out = '';
    let err = '';
    let stage = 'initialize';
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d) => {
      out += d;
      if (stage === 'initialize' && out.includes('"id":1')) {
        stage = 'tools/list';
        child.stdin.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
        child.stdin.write(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
      } else if (stage === 'tools/list' && out.includes('"id":2')) {
        stage = 'done';
        child.stdin.end();
      }
    });
    child.on('error', reject);
    child.on('close', () =>
      stage === 'done' ? resolve(/Collected : (\d+)/.exec(err)?.[1]) : reject(new Error(`the session ended early: ${err}`)),
    );
    child.stdin.write(line(INITIALIZE));
  });

await session(false); // fills Node's compile cache
const count = Number(await session(true));
console.log(`${(count / 1e6).toFixed(1)}M  gwctl mcp: initialize, then tools/list, then stdin closed`);
