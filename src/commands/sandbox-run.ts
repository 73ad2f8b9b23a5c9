import { rejectOnAbort } from '../core/abort.js';
import { GwctlError, usageError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import { checkEnv, checkValue, invalidValue } from '../core/options.js';
import type { ReadyInfo, RunningSandbox, SandboxOptions } from '../sandbox/server.js';
import type { Deps, RunFor } from './context.js';
import { DEFAULT_PORT, requestsPerWindow, type spec } from './sandbox.js';
import { SANDBOX_CHURN, SANDBOX_RATE_LIMIT } from '../core/environment.js';
import { quoteInput } from '../core/sanitize.js';
import { displayWidth, wrapToWidth } from '../output/width.js';

type ServerModule = Awaited<ReturnType<Deps['heavy']['sandbox']>>;

export const run: RunFor<typeof spec> = async ({ opts, deps }) => {
  const server = await deps.heavy.sandbox();
  const options = sandboxOptions(opts, server, deps.env);
  let running: RunningSandbox;
  try {
    running = await server.startSandbox(options);
  } catch (error) {
    throw startFailure(error, options);
  }
  try {
    const info = running.info();
    // The demo keys are public and this command exists to hand them out: a demo key that is also
    // the key in use (GWCTL_MANAGEMENT_KEY) must not turn them into gw-san…ment here.
    for (const key of Object.values(info.keys)) deps.io.addPublic(key);
    // Under --json, one line a script reads before the server's work begins.
    const text = (width: number): string => banner(info, running.pace, options.churn ?? 0, width);
    const view = { kind: 'text' as const, terminal: text(deps.io.size().columns), piped: text(Infinity) };
    await deps.printer.detail({ body: info, oneLine: true, view });
    await rejectOnAbort(deps.signal);
  } finally {
    await running.close();
  }
};

/** The options as the server takes them; the interns count and the faults follow the sandbox's own rules. */
function sandboxOptions(opts: Parameters<RunFor<typeof spec>>[0]['opts'], server: ServerModule, env: Deps['env']): SandboxOptions {
  const options: SandboxOptions = { port: opts.port ?? DEFAULT_PORT, host: opts.host ?? '127.0.0.1' };
  if (opts.interns !== undefined) {
    const text = opts.interns;
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < server.MIN_INTERNS || n > server.MAX_INTERNS) {
      throw invalidValue('--interns', text, `must be an integer from ${server.MIN_INTERNS} to ${server.MAX_INTERNS}`);
    }
    options.interns = n;
  }
  options.faults = opts.fault.map((text) => {
    try {
      return server.parseFaultText(text);
    } catch (error) {
      if (error instanceof server.FaultSpecError) throw usageError(`invalid --fault ${quoteInput(text)}: ${error.message}`);
      throw error;
    }
  });
  if (opts.batchRateLimit !== undefined) options.batchRateLimit = opts.batchRateLimit;
  // The option wins over the variable; an empty variable counts as unset.
  const rateLimit = opts.rateLimit ?? checkEnv((text) => requestsPerWindow(text), env, SANDBOX_RATE_LIMIT.name);
  if (rateLimit !== undefined) options.rateLimit = rateLimit;
  if (opts.pace !== undefined) options.pace = checkValue(server.parsePace, opts.pace, '--pace');
  const churn =
    opts.churn !== undefined ? checkValue(server.parseChurn, opts.churn, '--churn') : checkEnv(server.parseChurn, env, SANDBOX_CHURN.name);
  if (churn !== undefined) options.churn = churn;
  return options;
}

function startFailure(error: unknown, options: SandboxOptions): GwctlError {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${options.host}:${options.port}`;
  if (code === 'EADDRINUSE')
    return new GwctlError(`cannot listen on ${where}: the port is already in use`, ExitCode.failure, {
      hint: 'pick another with --port, or --port 0 for a free one',
    });
  if (code === 'EACCES')
    return new GwctlError(`cannot listen on ${where}: permission denied`, ExitCode.failure, { hint: 'use a port above 1023' });
  if (code === 'EADDRNOTAVAIL') return new GwctlError(`cannot listen on ${where}: no such local address`, ExitCode.failure);
  return new GwctlError(`cannot start the sandbox: ${error instanceof Error ? error.message : String(error)}`, ExitCode.failure);
}

/** The ready banner laid out for `width` (none in a pipe): sentences wrap, notes go under, keys, ids and commands stay whole. */
function banner(info: ReadyInfo, pace: number, churn: number, width: number): string {
  const { base_url: base, keys, examples: ex } = info;
  const sentence = (text: string): string[] => (width === Infinity ? [text] : wrapToWidth(text, width));
  const noteLines = (note: string): string[] => wrapToWidth(note, Math.max(width - 6, 20)).map((text) => `      ${text}`);
  /** A command to copy: whole words, broken with ` \\` between them where it would be too wide. */
  const command = (words: readonly string[]): string[] => {
    const lines: string[] = [];
    let line = ' ';
    for (const word of words) {
      if (line.trim() !== '' && displayWidth(line) + 1 + displayWidth(word) + 2 > width) {
        lines.push(`${line} \\`);
        line = `     ${word}`;
      } else line = `${line} ${word}`;
    }
    return [...lines, line];
  };
  /** `  label value note`, or the note on its own lines when too wide; keys' notes line up (`aligned`). */
  const rows = (entries: readonly (readonly [string, string, string?])[], labelWidth: number, aligned: boolean): string[] => {
    const valueWidth = aligned ? Math.max(...entries.map(([, value]) => value.length)) + 1 : 0;
    return entries.flatMap(([label, value, note]) => {
      const head = `  ${label.padEnd(labelWidth)} ${value}`;
      // Too narrow for the label and the value side by side: the value under its label.
      if (displayWidth(head) > width) return [`  ${label}`, `      ${value}`, ...(note === undefined ? [] : noteLines(note))];
      if (note === undefined) return [head];
      const line = `${aligned ? `  ${label.padEnd(labelWidth)} ${value.padEnd(valueWidth)}` : head} ${note}`;
      if (displayWidth(line) <= width) return [line];
      return [head, ...noteLines(note)];
    });
  };
  const origin = base.replace(/\/api\/v1$/, '');
  return [
    ...sentence(`Sandbox API at ${base} (Ctrl-C to stop; time runs at ${paceText(pace)})`),
    ...(churn > 0
      ? sentence(`Churn: about ${churn} interns a minute appear, change status or disappear (watch: gwctl interns ls --watch)`)
      : []),
    '',
    'Demo keys (Authorization: Bearer <key>):',
    ...rows(
      [
        ['management', keys.management, 'every route; sees all interns'],
        ['api', keys.api, 'interns, vault, batches; 403 on endpoints, presets, byok, budgets, tools'],
        ['outsider', keys.outsider, 'outside the interns programme: interns and vault answer 404'],
        ['intern', keys.intern, `only intern ${ex.intern} and its secrets`],
      ],
      11,
      true,
    ),
    '',
    'Example ids:',
    ...rows(
      [
        ['intern', ex.intern, "(the intern key's own)"],
        ['busy intern', ex.busy_intern, '(suspend answers 409 intern_busy)'],
        ['failed intern', ex.failed_intern],
        ['moving intern', ex.moving_intern, '(provisioning, running within 10 s at pace 1)'],
        ['private endpoint', ex.private_endpoint, `(draft: ${ex.private_endpoint_draft})`],
        ['workspace', ex.workspace, `or ${ex.workspace_slug} (no budgets: ${ex.workspace_without_budgets})`],
        ['tool', ex.tool, `(alias ${ex.tool_alias})`],
        ['preset', ex.preset_slug],
        ...Object.entries(ex.batches).map(([status, id]) => [`batch ${status}`, id] as const),
        ['moving batch', ex.moving_batch, '(in_progress, completed within 20 s at pace 1)'],
      ],
      24,
      false,
    ),
    '',
    'Try:',
    ...command(['curl', `-H 'Authorization: Bearer ${keys.management}'`, `${base}/interns`]),
    ...command([`GWCTL_BASE_URL=${base}`, `GWCTL_MANAGEMENT_KEY=${keys.management}`, `GWCTL_API_KEY=${keys.api}`, 'gwctl interns ls']),
    '',
    ...sentence(`Faults and the request log: ${origin}/_sandbox/faults, ${origin}/_sandbox/requests (no key needed).`),
    '',
  ].join('\n');
}

function paceText(pace: number): string {
  if (pace === 0) return 'pace 0: every state frozen';
  return pace === 1 ? 'pace 1: real time' : `pace ${pace}: ${pace} times real time`;
}
