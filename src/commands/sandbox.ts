// `gwctl sandbox`: serve the built-in sandbox API on loopback until interrupted. The server is
// imported only here and behind `--sandbox`, and only when the command runs, so no other
// command loads it.
import { defineCommand, type Deps } from '../cli/command.js';
import { GwctlError, usageError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import type { ReadyInfo, RunningSandbox, SandboxOptions } from '../sandbox/server.js';

const DEFAULT_PORT = 4010;

export const command = defineCommand({
  path: ['sandbox'],
  summary: 'Serve the built-in sandbox API on loopback until interrupted',
  description: [
    'Serves all eleven operations under /api/v1 from seeded demo data, with fixed demo keys (printed when ready).',
    'With --json it prints exactly one line: {"base_url":...,"keys":{...},"examples":{...}}.',
    '',
    'Faults for testing retries (repeat --fault; also POST /_sandbox/faults at run time):',
    '  --fault "[METHOD] /path [STATUS] [retry-after=S] [delay=MS|delay=Ns] [body=html|truncated|empty|not-json] [drop] [times=N]"',
    'The control API (no key needed, sandbox only): GET /_sandbox, GET|POST|DELETE /_sandbox/faults,',
    'GET|DELETE /_sandbox/requests, POST /_sandbox/reset.',
  ].join('\n'),
  args: [],
  options: [
    { flags: '--port <n>', description: `port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)` },
    { flags: '--host <host>', description: 'loopback address to listen on (default 127.0.0.1)' },
    { flags: '--interns <n>', description: 'how many interns to generate (default 300, up to 1000000)' },
    { flags: '--fault <spec...>', description: 'inject a fault from the start, e.g. "GET /interns 503 retry-after=1 times=2" (repeatable)' },
    { flags: '--batch-rate-limit <n/seconds>', description: 'rate limit of batch routes per key, e.g. 5/60 (default 600/60; 0 for none)' },
  ],
  examples: [
    'gwctl sandbox --port 4010',
    'gwctl sandbox --port 0 --json',
    "gwctl sandbox --fault 'GET /interns 503 retry-after=1 times=2'",
    "gwctl sandbox --interns 100000 --fault '* /batches delay=2s'",
  ],
  async run({ opts, deps }) {
    const server = await import('../sandbox/server.js');
    const options = sandboxOptions(opts, server);
    let running: RunningSandbox;
    try {
      running = await server.startSandbox(options);
    } catch (error) {
      throw startFailure(error, options);
    }
    try {
      const info = running.info();
      await deps.io.out(deps.flags.json ? `${JSON.stringify(info)}\n` : banner(info));
      await interrupted(deps);
    } finally {
      await running.close();
    }
  },
});

type ServerModule = typeof import('../sandbox/server.js');

function sandboxOptions(opts: Record<string, unknown>, server: ServerModule): SandboxOptions {
  const options: SandboxOptions = {};
  const port = opts.port === undefined ? String(DEFAULT_PORT) : String(opts.port);
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) throw usageError(`invalid --port ${JSON.stringify(port)}: must be an integer from 0 to 65535`);
  options.port = Number(port);
  const host = opts.host === undefined ? '127.0.0.1' : String(opts.host);
  // The demo keys are published; a sandbox reachable from other machines would be an open door.
  if (!server.isLoopbackHost(host)) throw usageError(`invalid --host ${JSON.stringify(host)}: the sandbox listens on loopback only (127.0.0.1, ::1 or localhost)`);
  options.host = host;
  if (opts.interns !== undefined) {
    const text = String(opts.interns);
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < server.MIN_INTERNS || n > server.MAX_INTERNS) {
      throw usageError(`invalid --interns ${JSON.stringify(text)}: must be an integer from ${server.MIN_INTERNS} to ${server.MAX_INTERNS}`);
    }
    options.interns = n;
  }
  const faults = opts.fault === undefined ? [] : Array.isArray(opts.fault) ? opts.fault.map(String) : [String(opts.fault)];
  options.faults = faults.map((text) => {
    try {
      return server.parseFaultText(text);
    } catch (error) {
      if (error instanceof server.FaultSpecError) throw usageError(`invalid --fault ${JSON.stringify(text)}: ${error.message}`);
      throw error;
    }
  });
  if (opts.batchRateLimit !== undefined) {
    const text = String(opts.batchRateLimit);
    const m = /^(\d+)(?:\/(\d+))?$/.exec(text);
    if (!m || (m[2] !== undefined && Number(m[2]) === 0)) throw usageError(`invalid --batch-rate-limit ${JSON.stringify(text)}: use REQUESTS/SECONDS such as 5/60, or 0 for none`);
    options.batchRateLimit = Number(m[1]) === 0 ? null : { requests: Number(m[1]), windowMs: Number(m[2] ?? 60) * 1000 };
  }
  return options;
}

function startFailure(error: unknown, options: SandboxOptions): GwctlError {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${options.host}:${options.port}`;
  if (code === 'EADDRINUSE') return new GwctlError(`cannot listen on ${where}: the port is already in use`, ExitCode.failure, { hint: 'pick another with --port, or --port 0 for a free one' });
  if (code === 'EACCES') return new GwctlError(`cannot listen on ${where}: permission denied`, ExitCode.failure, { hint: 'use a port above 1023' });
  if (code === 'EADDRNOTAVAIL') return new GwctlError(`cannot listen on ${where}: no such local address`, ExitCode.failure);
  return new GwctlError(`cannot start the sandbox: ${error instanceof Error ? error.message : String(error)}`, ExitCode.failure);
}

/** Resolves never: rejects with the run's abort reason (Ctrl-C, SIGTERM), which exits 130. */
function interrupted(deps: Deps): Promise<never> {
  return new Promise((_, reject) => {
    const { signal } = deps;
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

function banner(info: ReadyInfo): string {
  const { base_url: base, keys, examples: ex } = info;
  const pad = (label: string, width: number): string => label.padEnd(width);
  const keyLines: [string, string, string][] = [
    ['management', keys.management, 'every route; sees all interns'],
    ['api', keys.api, 'interns, vault, batches; 403 on endpoints, presets, byok, budgets, tools'],
    ['outsider', keys.outsider, 'outside the interns programme: interns and vault answer 404'],
    ['intern', keys.intern, `only intern ${ex.intern} and its secrets`],
  ];
  const keyWidth = Math.max(...keyLines.map(([, key]) => key.length));
  const ids: [string, string][] = [
    ['intern', `${ex.intern} (the intern key's own)`],
    ['busy intern', `${ex.busy_intern} (suspend answers 409 intern_busy)`],
    ['failed intern', ex.failed_intern],
    ['private endpoint', `${ex.private_endpoint} (draft: ${ex.private_endpoint_draft})`],
    ['workspace', `${ex.workspace} or ${ex.workspace_slug} (no budgets: ${ex.workspace_without_budgets})`],
    ['tool', `${ex.tool} (alias ${ex.tool_alias})`],
    ['preset', ex.preset_slug],
    ...Object.entries(ex.batches).map(([status, id]) => [`batch ${status}`, id] as [string, string]),
  ];
  const origin = base.replace(/\/api\/v1$/, '');
  return [
    `Sandbox API at ${base} (Ctrl-C to stop)`,
    '',
    'Demo keys (Authorization: Bearer <key>):',
    ...keyLines.map(([name, key, scope]) => `  ${pad(name, 11)} ${pad(key, keyWidth)}  ${scope}`),
    '',
    'Example ids:',
    ...ids.map(([name, id]) => `  ${pad(name, 24)} ${id}`),
    '',
    'Try:',
    `  curl -H 'Authorization: Bearer ${keys.management}' ${base}/interns`,
    `  GWCTL_BASE_URL=${base} GWCTL_MANAGEMENT_KEY=${keys.management} GWCTL_API_KEY=${keys.api} gwctl interns ls`,
    '',
    `Faults and the request log: ${origin}/_sandbox/faults, ${origin}/_sandbox/requests (no key needed).`,
    '',
  ].join('\n');
}
