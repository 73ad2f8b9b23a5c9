// The dependencies a command's run function is given: I/O, settings resolved once, the HTTP
// client created on first use, the prompter, the clock, and the interruption signal.
import { openKeychain, type Keychain } from '../config/keychain.js';
import { configDir } from '../config/paths.js';
import { readConfig, type LoadedConfig } from '../config/read.js';
import { maskStoredKeys } from '../config/stored-keys.js';
import { missingProfile, resolveSettings, sentKey, type Settings } from '../config/settings.js';
import type { Invocation } from './command-line.js';
import type { Env } from '../core/env.js';
import type { ApiClient, ClientOptions, SentKey } from '../api/client.js';
import type { Network } from '../api/transport.js';
import { hasProxyVariable, proxyFor, proxySecrets, trustedCertificates } from '../api/transport-network.js';
import { suggested } from '../core/suggest.js';
import { globalOptions } from '../commands/global-options.js';
import { forbiddenHint, KEY_NAME, unauthorizedHint, type KeyInEffect, type KeyKind } from '../config/credentials.js';
import { bindOnFirstUse, isBound, refuseElsewhere } from '../config/binding.js';
import { storedProfile } from '../config/profile.js';
import { GwctlError } from '../core/errors.js';
import type { Deps, Heavy, OwnedWrite } from '../commands/context.js';
import type { Clock } from '../core/clock.js';
import { nobodyToAsk, type Prompter } from '../core/prompter.js';
import { load } from './lazy.js';
import { commands, implementations } from './registry.js';
import { paramsOf } from '../api/routes.js';
import type { Io } from '../core/io.js';
import { choosePrinter, type Shaping } from './output-choice.js';
import { createPrompter } from './prompter.js';
import { realClock } from '../core/clock.js';
import { withoutSpinners } from '../core/spinners.js';
import { KEY_COMMAND_TERMINAL_TIMEOUT_MS, KEY_COMMAND_TIMEOUT_MS } from '../config/key-command.js';
import { checkEnv } from '../core/options.js';
import {
  accessibleMode,
  readVariable,
  SANDBOX_CHURN,
  SANDBOX_PACE,
  SANDBOX_RATE_LIMIT,
  TRACEPARENT,
  TRACESTATE,
} from '../core/environment.js';
import { traceContext } from '../api/trace-context.js';
import { requestsPerWindow } from '../commands/sandbox.js';

export interface DepsOptions {
  io: Io;
  /** The output options, already checked (see output-choice.ts). */
  output: Shaping;
  env: Env;
  /** The command line as read once (cli/command-line.ts): the global options and where the run goes. */
  invocation: Invocation;
  version: string;
  signal: AbortSignal;
  /** Ctrl-C, whether or not it aborts `signal`. */
  interrupted?: AbortSignal;
  /** Called by a command that ends itself on Ctrl-C. */
  finishOnInterrupt?: () => void;
  /** A second Ctrl-C or SIGTERM. */
  hurry?: AbortSignal;
  /** Default: the real clock. */
  clock?: Clock;
  /** Default: the terminal prompter over the Io's streams. */
  prompter?: Prompter;
}

export async function createDeps(options: DepsOptions): Promise<{ deps: Deps; cleanup: () => Promise<void> }> {
  const { io, env, version, signal } = options;
  const { flags, target } = options.invocation;
  // Stored keys are masked before the command writes anything, as keys from the environment
  // are (run.ts): output may echo what was typed (a --dry-run's targets), even by a command
  // that never reads its settings, and what was typed may be a key.
  let loaded: LoadedConfig | undefined;
  const loadConfig = (): LoadedConfig => (loaded ??= readConfig(env));
  maskStoredKeys(io, loadConfig);
  // The in-process sandbox is on this machine, never behind the company's proxy.
  const proxied = !flags.sandbox && hasProxyVariable(env);
  // Every proxy password masked, used or not: a message may quote any of them.
  for (const secret of proxySecrets(env)) io.addSecret(secret);
  const closers: (() => Promise<void>)[] = [];
  let sandbox: { baseUrl: string; keys: { management: string; api: string } } | undefined;
  if (flags.sandbox) {
    const server = await load.sandbox();
    // Unset or empty: the sandbox's defaults (real time, no rate limit, no churn).
    const pace = checkEnv(server.parsePace, env, SANDBOX_PACE.name);
    const rateLimit = checkEnv((text) => requestsPerWindow(text), env, SANDBOX_RATE_LIMIT.name);
    const churn = checkEnv(server.parseChurn, env, SANDBOX_CHURN.name);
    const running = await server.startSandbox({
      host: '127.0.0.1',
      port: 0,
      ...(pace === undefined ? {} : { pace }),
      ...(rateLimit === undefined ? {} : { rateLimit }),
      ...(churn === undefined ? {} : { churn }),
    });
    closers.push(() => running.close());
    sandbox = running;
  }
  let warned = false;
  const getConfig = (): LoadedConfig => {
    // The read the keys were masked from above (a file that cannot be read or parsed is read
    // again here, to report why); its mode is warned about once.
    const config = loadConfig();
    if (!warned && config.looseMode !== undefined) {
      io.err(
        `gwctl: warning: ${config.path} can be read by other users (mode ${config.looseMode.toString(8)}); run 'chmod 600 ${config.path}'\n`,
      );
    }
    warned = true;
    return config;
  };
  let keychain: Keychain | undefined;
  // Opening the store loads nothing yet: the native add-on loads on the first key read from it.
  const getKeychain = (): Keychain => (keychain ??= openKeychain(() => load.keyring(env), env, configDir(env)));
  let settings: Settings | undefined;
  const getSettings = ({ newProfile = false }: { newProfile?: boolean } = {}): Settings => {
    if (settings) return settings;
    // The sandbox uses no profile; a command that makes the profile (auth login) may name a new one.
    const missing = sandbox || newProfile ? undefined : missingProfile(flags, getConfig());
    if (missing) throw missing;
    const resolved = resolveSettings(flags, env, getConfig(), {
      keychain: getKeychain,
      // At a terminal a key command may ask for a passphrase: time to type it, and no spinner over
      // it. Read when a command runs (stdin's flag builds the stream).
      keyCommand: {
        get timeoutMs() {
          return io.stderrIsTTY || io.stdinIsTTY ? KEY_COMMAND_TERMINAL_TIMEOUT_MS : KEY_COMMAND_TIMEOUT_MS;
        },
        around: withoutSpinners,
        // Ctrl-C or SIGTERM, even in a command that took Ctrl-C over (it has sent nothing yet), and
        // a closed stdout: the command ends with all it started.
        signal: AbortSignal.any([signal, options.interrupted ?? signal]),
      },
      // Every key found is masked from then on, wherever it would appear.
      onKey: (key) => io.addSecret(key.value),
      // The sandbox's demo keys stand for every other: a stored key is never even read.
      ...(sandbox
        ? {
            fixed: {
              management: { value: sandbox.keys.management, source: 'sandbox', from: '--sandbox' },
              api: { value: sandbox.keys.api, source: 'sandbox', from: '--sandbox' },
            } as const,
          }
        : {}),
      ...(flags.debug ? { debug: (line: string) => io.err(`gwctl: debug: ${line}\n`) } : {}),
    });
    if (sandbox) resolved.baseUrl = { value: sandbox.baseUrl, source: 'sandbox' };
    settings = resolved;
    return resolved;
  };
  // Keys stay with their gateway (config/binding.ts): the one check, made before any client of
  // the run sends a stored key. A record of an earlier release is bound first, once per kind.
  const binding: Partial<Record<KeyKind, Promise<string | null>>> = {};
  const keyMayGo = async (key: KeyInEffect, kind: KeyKind, s: Settings): Promise<void> => {
    if (!isBound(key)) return;
    if (key.boundTo === null) key.boundTo = await (binding[kind] ??= bindNow(kind, s));
    refuseElsewhere(key, kind, s.baseUrl.value, s.profile.value, target);
  };
  const bindNow = async (kind: KeyKind, s: Settings): Promise<string | null> => {
    const { updateProfile } = await load.configStore();
    try {
      return (await updateProfile(env, s.profile.value, (p) => bindOnFirstUse(p, kind) ?? null)).result;
    } catch (error) {
      if (!(error instanceof GwctlError)) throw error;
      // Bound for this run all the same, to the base URL the profile holds.
      const origin = bindOnFirstUse({ ...storedProfile(getConfig().data, s.profile.value) }, kind) ?? null;
      io.err(`gwctl: warning: could not record the gateway the ${KEY_NAME[kind]} belongs to (${error.message})\n`);
      return origin;
    }
  };
  let client: ApiClient | undefined;
  const clock = options.clock ?? realClock;
  const trace = traceContext(readVariable(env, TRACEPARENT), readVariable(env, TRACESTATE));
  // Loaded here, not at the top: auth, config and help never need the HTTP client.
  const clientOptions = (s: Settings, keys: ClientOptions['keys']): ClientOptions => ({
    baseUrl: s.baseUrl.value,
    keys,
    timeoutMs: Math.round(s.timeoutSeconds.value * 1000),
    retries: s.retries.value,
    userAgent: `gwctl/${version} node/${process.versions.node}`,
    signal,
    target,
    baseUrlFrom: baseUrlFrom(s),
    ...(trace ? { trace } : {}),
    sleep: clock.sleep,
    now: clock.now,
    ...(flags.debug ? { debug: (line: string) => io.err(`gwctl: debug: ${line}\n`) } : {}),
    // doctor checks each step of the way to the server: where the connection failed, and why.
    // The command ends the hint, unquoted, so that it pastes as it reads (core/suggest.ts).
    ifUnreachable: `see where the way to the server fails: ${suggested('gwctl doctor', target)}`,
  });
  let network: Promise<Network> | undefined;
  // How requests leave: read once, when the first client is made; the proxy code loads only for a proxy.
  const networkFor = async (s: Settings): Promise<Network> => {
    const made: Network = {};
    if (s.caFile) {
      const source = s.caFile.source === 'environment' ? 'from GWCTL_CA_FILE' : `the ca-file of profile ${s.profile.value}`;
      made.ca = await trustedCertificates(s.caFile.value, env, source);
    }
    if (proxied) {
      made.proxyFor = (url) => proxyFor(url, env);
      made.viaProxy = (await load.proxyTransport()).viaProxy;
    }
    return made;
  };
  const newClient = async (clientOptions: ClientOptions): Promise<ApiClient> => {
    const { ApiClient } = await load.apiClient();
    clientOptions.network = await (network ??= networkFor(getSettings()));
    const made = new ApiClient(clientOptions);
    closers.push(() => made.close());
    return made;
  };
  // Whether stdin is a terminal is read only when a command asks: reading it builds the stream.
  const canAsk = (): boolean => flags.input && io.stderrIsTTY && io.stdinIsTTY;
  const heavy: Heavy = {
    tables: load.tables,
    spinner: load.spinner,
    configStore: load.configStore,
    sandbox: load.sandbox,
    completionScript: async (shell) => (await load.completionScripts()).completionScript(shell),
    mcp: load.mcp,
    schemaCompiler: load.schemaCompiler,
  };
  const deps: Deps = {
    io,
    env,
    flags,
    target,
    printer: await choosePrinter(options.output, { io, now: () => clock.now(), tables: load.tables, accessible: accessibleMode(env) }),
    config: getConfig,
    settings: getSettings,
    keychain: getKeychain,
    async api() {
      if (client) return client;
      const s = getSettings();
      // The keys are found when a request needs one: a key command runs, or the credential store
      // is opened, only for the key the route takes; each is checked before it is sent, and goes
      // with what to do when the server refuses it (the API key falls back to the management key).
      const options = clientOptions(s, async (kind) => {
        const sent = await sentKey(s, kind);
        if (!sent) return undefined;
        await keyMayGo(sent.key, sent.kind, s);
        const { key } = sent;
        return {
          value: key.value,
          ifUnauthorized: unauthorizedHint(key, sent.kind, s.profile.value, target),
          ifForbidden: forbiddenHint(key, sent.kind, s.profile.value),
        };
      });
      client = await newClient(options);
      return client;
    },
    async apiWithKey(key) {
      // No retries: a check is one request, and a failure says so at once.
      const s = getSettings();
      // The key checked goes to every route, as the management key would.
      const keys = async (): Promise<SentKey> => {
        if (typeof key === 'string') return { value: key };
        await keyMayGo(key.key, key.kind, s);
        return { value: key.key.value };
      };
      return newClient({ ...clientOptions(s, keys), retries: 0 });
    },
    prompter: options.prompter
      ? withInteractive(options.prompter, flags.input && options.prompter.interactive)
      : createPrompter(io, canAsk, signal, accessibleMode(env)),
    clock,
    signal,
    interrupted: options.interrupted ?? signal,
    finishOnInterrupt: options.finishOnInterrupt ?? (() => {}),
    hurry: options.hurry ?? NEVER,
    heavy,
    writeOn: (method, path) => writeOn(deps, method, path),
  };
  return {
    deps,
    cleanup: async () => {
      for (const close of closers.reverse()) await close().catch(() => {});
    },
  };
}

/** The write operation a request goes to, found among the commands that change something (their implementations load only here). */
async function writeOn(deps: Deps, method: string, path: string): Promise<OwnedWrite | undefined> {
  for (const [key, spec] of commands) {
    if (spec.tool !== 'write') continue;
    const op = (await implementations.get(key)!()).write;
    const params = op && op.route.method === method ? paramsOf(op.route.path, path) : undefined;
    if (!op || !params) continue;
    const id = params[op.param ?? 'id']!;
    const { unmetAnswer } = await load.writes();
    return {
      creates: op.confirmation.creates === true,
      question: () => op.question(deps, [{ id }], true),
      unmet: (body, status) => unmetAnswer(op, id, body, status),
    };
  }
  return undefined;
}

/** A signal that never aborts. */
const NEVER = new AbortController().signal;

/** Where the base URL came from, in a message's words. */
function baseUrlFrom({ baseUrl, profile }: Settings): string {
  if (baseUrl.source === 'profile') return `the base-url of profile "${profile.value}"`;
  const words = { flag: '--base-url', environment: globalOptions.baseUrl.env, default: 'the default', sandbox: '--sandbox' };
  return words[baseUrl.source] ?? baseUrl.source;
}

/** A given prompter, not asked when --no-input or CI says nobody may be asked. */
function withInteractive(prompter: Prompter, interactive: boolean): Prompter {
  if (interactive === prompter.interactive) return prompter;
  return nobodyToAsk('cannot ask: no terminal (or --no-input / CI is set)');
}
