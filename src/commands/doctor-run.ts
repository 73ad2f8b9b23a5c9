import type { ApiClient, Probe } from '../api/client.js';
import { directBecause, hasProxyVariable, proxyLabel, type ProxyChoice } from '../api/transport-network.js';
import { unauthorizedHint, type KeyInEffect } from '../config/credentials.js';
import type { Settings } from '../config/settings.js';
import type { Env } from '../core/env.js';
import { NODE_EXTRA_CA_CERTS, readVariable } from '../core/environment.js';
import { GwctlError, toGwctlError } from '../core/errors.js';
import { withoutUserinfo } from '../core/sanitize.js';
import { ExitCode, type ExitCodeValue } from '../core/exit-codes.js';
import type { NamedColumn } from '../output/columns.js';
import type { RunFor } from './context.js';
import type { spec } from './doctor.js';
import { checkKey, VERDICT_WORDS } from './shared/check-key.js';
import { lookupHost, openTcp, reachError } from './shared/reach.js';

type Status = 'ok' | 'fail' | 'skip';

interface Step {
  name: string;
  status: Status;
  detail: string;
  ms: number;
}

/** What a step found; a failure carries the exit code the run ends with when it is the first. */
interface Outcome {
  status: Status;
  detail: string;
  exit?: ExitCodeValue;
  hint?: string;
}

const ok = (detail: string): Outcome => ({ status: 'ok', detail });
const skip = (detail: string): Outcome => ({ status: 'skip', detail });
const fail = (detail: string, exit: ExitCodeValue, hint?: string): Outcome => ({ status: 'fail', detail, exit, hint });

/** The steps of the way to the server, each needing the one before. */
const WAY = ['dns', 'proxy', 'tcp', 'tls'];

/** Beyond this the clocks disagree enough to matter: certificates' validity, expiring tokens. */
const CLOCK_TOLERANCE_MS = 60_000;

type Row = [name: string, status: Status, detail: string, ms: string];

const columns: NamedColumn<Row>[] = [
  { name: 'step', header: 'STEP', value: (r) => r[0], key: true },
  { name: 'status', header: 'STATUS', value: (r) => r[1] },
  // A detail names addresses, paths and origins: wrapped on a narrow terminal, never cut.
  { name: 'detail', header: 'DETAIL', value: (r) => r[2], wrap: true },
  { name: 'ms', header: 'MS', value: (r) => r[3] },
];

/** Where a key comes from, and the origin it alone is sent to when it is bound (config/binding.ts). */
function whence(key: KeyInEffect): string {
  return `from ${key.from}${key.boundTo ? `, bound to ${key.boundTo}` : ''}`;
}

/** Why the way to `base` has no proxy, naming the variable that decided it. */
function directWay(base: URL, env: Env, sandbox: boolean): string {
  if (sandbox) return 'the sandbox runs inside gwctl';
  if (!hasProxyVariable(env)) return 'no proxy variable is set';
  return directBecause(base, env) ?? 'no proxy variable applies';
}

/** The exit code a probe's failure stands for, as the same failure of any command would end. */
function probeExit(probe: Extract<Probe, { ok: false }>): ExitCodeValue {
  if (probe.kind === 'proxy-auth') return ExitCode.auth;
  if (probe.kind === 'aborted') return ExitCode.interrupted;
  return probe.kind === 'connection' || probe.kind === 'timeout' ? ExitCode.transient : ExitCode.failure;
}

export const run: RunFor<typeof spec> = async ({ deps }) => {
  const steps: Step[] = [];
  let first: { name: string; outcome: Outcome } | undefined;
  /** The first step of the way to the server that failed: the steps after it are not taken. */
  let wayFailed: string | undefined;
  const step = async (name: string, check: () => Outcome | Promise<Outcome>): Promise<Outcome> => {
    const began = deps.clock.now();
    let outcome: Outcome;
    try {
      outcome = await check();
    } catch (error) {
      if (deps.signal.aborted) throw error;
      const e = toGwctlError(error);
      outcome = fail(e.message, e.exitCode, e.hint);
    }
    steps.push({ name, status: outcome.status, detail: outcome.detail, ms: deps.clock.now() - began });
    if (outcome.status === 'fail') first ??= { name, outcome };
    if (outcome.status === 'fail' && WAY.includes(name)) wayFailed ??= name;
    return outcome;
  };

  // The profile: settings, where each key comes from, and a client made with them (the base URL
  // checked, the ca-file read).
  let settings: Settings | undefined;
  let client: ApiClient | undefined;
  const keys: { management?: KeyInEffect; api?: KeyInEffect } = {};
  await step('profile', async () => {
    const s = (settings = deps.settings());
    const parts = [
      `profile ${s.profile.value} (${s.profile.source})`,
      `base URL ${withoutUserinfo(s.baseUrl.value)} (${s.baseUrl.source})`,
    ];
    let problem: GwctlError | undefined;
    for (const kind of ['management', 'api'] as const) {
      try {
        const key = await s.key(kind);
        if (key) keys[kind] = key;
      } catch (error) {
        if (!(error instanceof GwctlError)) throw error;
        problem ??= error;
      }
    }
    parts.push(`management key ${keys.management ? whence(keys.management) : 'not set'}`);
    parts.push(`API key ${keys.api ? whence(keys.api) : keys.management ? 'not set (the management key stands in)' : 'not set'}`);
    if (s.caFile) parts.push(`CA file ${s.caFile.value} (${s.caFile.source})`);
    client = await deps.api();
    if (problem) return fail(`${parts.join('; ')}: ${problem.message}`, problem.exitCode, problem.hint);
    if (!keys.management && !keys.api) {
      return fail(`${parts.join('; ')}: no key configured`, ExitCode.auth, "run 'gwctl auth login' or set GWCTL_MANAGEMENT_KEY");
    }
    return ok(parts.join('; '));
  });

  const base = settings && client ? new URL(settings.baseUrl.value) : undefined;
  let proxy: ProxyChoice | undefined;
  let proxyProblem: GwctlError | undefined;
  if (base) {
    try {
      // The way the client takes (none for --sandbox, whose server runs inside gwctl).
      proxy = client!.proxyFor(base);
    } catch (error) {
      if (!(error instanceof GwctlError)) throw error;
      proxyProblem = error;
    }
  }
  let probe: Probe | undefined;
  const probed = async (): Promise<Probe> => (probe ??= await client!.probe());
  /** Why a step is not taken: no base URL, or an earlier step of the way failed. */
  const blocked = (): string | undefined =>
    !base ? 'the profile could not be used' : wayFailed ? `the ${wayFailed} step failed` : undefined;
  const timeoutMs = (settings?.timeoutSeconds.value ?? 30) * 1000;

  await step('dns', async () => {
    if (!base) return skip(blocked()!);
    const host = base.hostname;
    const name = proxy ? proxy.url.hostname : host;
    let addresses: string[];
    try {
      addresses = await lookupHost(name);
    } catch (error) {
      // A name that does not exist is a typo, as for any command (exit 1); a resolver that failed for now, transient.
      const exit = (error as { code?: string }).code === 'ENOTFOUND' ? ExitCode.failure : ExitCode.transient;
      return fail(`${reachError(error)} (${proxy ? `the host of the proxy in ${proxy.variable}, ${name}` : name})`, exit);
    }
    return ok(
      proxy ? `${host} is resolved by the proxy; the proxy's host ${name}: ${addresses.join(', ')}` : `${host}: ${addresses.join(', ')}`,
    );
  });

  await step('proxy', async () => {
    if (proxyProblem) return fail(proxyProblem.message, proxyProblem.exitCode, proxyProblem.hint);
    // Which way requests take is known whatever failed before: a step skipped says so.
    if (base && !proxy) return skip(`none: ${directWay(base, deps.env, deps.flags.sandbox)}`);
    if (!proxy || blocked()) return skip(blocked()!);
    const label = `the proxy ${proxyLabel(proxy.url)} (${proxy.variable})`;
    try {
      await openTcp(proxy.url.hostname, Number(proxy.url.port || (proxy.url.protocol === 'https:' ? 443 : 80)), timeoutMs, deps.signal);
    } catch (error) {
      return fail(`${reachError(error)} (${label})`, ExitCode.transient);
    }
    const answer = await probed();
    if (!answer.ok && (answer.kind === 'proxy' || answer.kind === 'proxy-auth'))
      return fail(answer.message, probeExit(answer), answer.hint);
    return ok(`${label} reached${proxy.url.username ? ', with the credentials of its URL' : ''}`);
  });

  await step('tcp', async () => {
    if (blocked()) return skip(blocked()!);
    if (proxy) {
      const answer = await probed();
      if (!answer.ok && (answer.kind === 'connection' || answer.kind === 'timeout')) return fail(answer.message, probeExit(answer));
      return ok(`to ${base!.host} through the proxy`);
    }
    const port = Number(base!.port || (base!.protocol === 'https:' ? 443 : 80));
    try {
      return ok(`connected to ${base!.host} (${await openTcp(base!.hostname, port, timeoutMs, deps.signal)})`);
    } catch (error) {
      return fail(`${reachError(error)} (${base!.host})`, ExitCode.transient);
    }
  });

  await step('tls', async () => {
    if (blocked()) return skip(blocked()!);
    if (base!.protocol === 'http:') return skip('plain http (allowed to loopback addresses only)');
    const answer = await probed();
    if (!answer.ok) return fail(answer.message, probeExit(answer), answer.hint);
    const authorities = settings!.caFile ? `the usual authorities and ${settings!.caFile.value}` : 'the usual authorities';
    return ok(
      `the certificate of ${base!.hostname} is trusted (${authorities}${readVariable(deps.env, NODE_EXTRA_CA_CERTS) ? `, ${NODE_EXTRA_CA_CERTS.name}` : ''})`,
    );
  });

  // Each key, checked with one request that tells a management key from an API key.
  const checked = async (key: KeyInEffect, kind: 'management' | 'api'): Promise<Outcome> => {
    const verdict = await checkKey(await deps.apiWithKey({ key, kind }));
    const from = whence(key);
    if (verdict === 'rejected') {
      return fail(`refused by the API (HTTP 401), ${from}`, ExitCode.auth, unauthorizedHint(key, kind, settings!.profile.value));
    }
    if (kind === 'management' && verdict === 'api') {
      return fail(
        `accepted only as an API key (management routes answer 403), ${from}`,
        ExitCode.auth,
        "run 'gwctl auth login' with a management key",
      );
    }
    return ok(`accepted as ${VERDICT_WORDS[verdict]}, ${from}`);
  };
  await step('management_key', () => {
    if (blocked()) return skip(blocked()!);
    return keys.management ? checked(keys.management, 'management') : skip('not set');
  });
  await step('api_key', () => {
    if (blocked()) return skip(blocked()!);
    if (!keys.api) return skip(keys.management ? 'not set: the management key stands in' : 'not set');
    if (keys.api.value === keys.management?.value) return skip('the same key as the management key');
    return checked(keys.api, 'api');
  });

  await step('clock', async () => {
    if (blocked()) return skip(blocked()!);
    const answer = await probed();
    if (!answer.ok) return skip('no answer from the server');
    const server = answer.date === undefined ? NaN : Date.parse(answer.date);
    if (Number.isNaN(server)) return skip('the server sent no readable Date header');
    // The Date header has whole seconds; the answer came somewhere between sending and receiving.
    const off = server - (answer.began + answer.at) / 2;
    const seconds = Math.round(Math.abs(off) / 1000);
    if (Math.abs(off) > CLOCK_TOLERANCE_MS) {
      return fail(
        `this machine's clock is ${seconds} s ${off > 0 ? 'behind' : 'ahead of'} the server's (the server's Date: ${answer.date})`,
        ExitCode.failure,
        "set this machine's clock (NTP), or ask whoever runs the gateway to set the server's: certificates and keys depend on it",
      );
    }
    return ok(`within ${seconds} s of the server's`);
  });

  await deps.printer.detail({
    body: { steps },
    view: { kind: 'rows', items: steps.map((s): Row => [s.name, s.status, s.detail, String(s.ms)]), columns },
  });
  if (first) {
    const { name, outcome } = first;
    throw new GwctlError(`doctor: the ${name} step failed: ${outcome.detail}`, outcome.exit ?? ExitCode.failure, { hint: outcome.hint });
  }
};
