// A key command: a shell command line whose output is the key (a password manager), run at most
// once a run, only when the key is needed, asynchronously so Ctrl-C and SIGTERM end it and all it started.
import { GwctlError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import type { Env } from '../core/env.js';
import { ALL_PROXY, HTTP_PROXY, HTTPS_PROXY } from '../core/environment.js';
import { sanitizeField } from '../core/sanitize.js';
import { KEY_VARIABLES } from './profile.js';

/** The contract's limit: a command that takes longer has failed. */
export const KEY_COMMAND_TIMEOUT_MS = 10_000;
/** At a terminal the command may ask a person for a passphrase (pass, gpg, op): time to type it. */
export const KEY_COMMAND_TERMINAL_TIMEOUT_MS = 60_000;
/** More output than any key: past this the command is stopped (a runaway `yes` cannot fill memory). */
export const KEY_COMMAND_MAX_OUTPUT = 64 * 1024;

/** How long the output may stay open after the shell exits, so a background process (`agent &`) cannot hold the run. */
const AFTER_EXIT_MS = 300;

/** How a run of a key command ended. */
interface Ended {
  /** Why it was stopped or could not start: the limit, too much output, a start error, or processes left holding its output. */
  stopped?: 'limit' | 'output' | { startError: string } | { leftBehind: { pid: number; ended: boolean }[] };
  signal?: NodeJS.Signals | null;
  status?: number | null;
  stdout: string;
  stderr: string;
}

export interface KeyCommandOptions {
  timeoutMs?: number;
  /** The run's interruption (Ctrl-C, SIGTERM): the command and all it started end at once. */
  signal?: AbortSignal;
}

/**
 * Runs `command` with `sh -c` (`cmd /c` on Windows) and resolves to its trimmed stdout. A failure,
 * timeout, or output that is not one word is exit 4 with only its stderr's first line (stdout may
 * hold a key). Aborting `signal` ends it with all it started and rejects with the signal's reason.
 */
export function runKeyCommand(command: string, describe: string, env: Env, options: KeyCommandOptions = {}): Promise<string> {
  const { timeoutMs = KEY_COMMAND_TIMEOUT_MS, signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  // Loaded here, not at the top: only runs that use a key command start a process.
  const { spawn } = process.getBuiltinModule('node:child_process');
  const ownGroup = inOwnGroup();
  const mark = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  return new Promise<string>((resolve, reject) => {
    const [shell, args] = shellFor(command);
    const child = spawn(shell, args, {
      env: { ...commandEnvironment(env), [RUN_MARK]: mark },
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
      // setsid: a session and group of its own, ended whole.
      detached: ownGroup,
    });
    const out = { stdout: [] as Buffer[], stderr: [] as Buffer[], size: { stdout: 0, stderr: 0 } };
    let settled = false;
    const text = (name: 'stdout' | 'stderr'): string => Buffer.concat(out[name]).toString('utf8');
    const settle = (ended: Ended | { aborted: unknown }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if ('aborted' in ended) return reject(ended.aborted as Error);
      try {
        resolve(keyFrom(ended, describe, timeoutMs));
      } catch (error) {
        reject(error as Error);
      }
    };
    // Whatever it started goes with it (stopped: every process that carries the run's mark, too),
    // and nothing of it keeps this process waiting.
    const release = (stopped: boolean): void => {
      if (child.pid !== undefined) endCommand(child.pid, ownGroup, stopped ? mark : undefined);
      child.stdout.destroy();
      child.stderr.destroy();
      child.unref();
    };
    // Stopped: the limit, too much output, interruption.
    const stop = (why: 'limit' | 'output' | { aborted: unknown }): void => {
      if (settled) return;
      release(true);
      settle(typeof why === 'object' ? why : { stopped: why, signal: 'SIGKILL', stdout: '', stderr: text('stderr') });
    };
    const onAbort = (): void => stop({ aborted: signal?.reason });
    signal?.addEventListener('abort', onAbort, { once: true });
    let timer = setTimeout(() => stop('limit'), timeoutMs);
    child.on('exit', (status, ended) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (settled) return;
        const holders = holdersOf(mark);
        // Those first: a process that left the group (setsid) is not ended with it.
        const leftBehind = holders.map((pid) => ({ pid, ended: end(pid) }));
        release(false);
        settle({ stopped: { leftBehind }, status, signal: ended, stdout: '', stderr: text('stderr') });
      }, AFTER_EXIT_MS);
    });
    for (const name of ['stdout', 'stderr'] as const) {
      child[name].on('data', (chunk: Buffer) => {
        out.size[name] += chunk.length;
        // As spawnSync's maxBuffer: more than any key on either stream.
        if (out.size[name] > KEY_COMMAND_MAX_OUTPUT) return stop('output');
        out[name].push(chunk);
      });
    }
    child.on('error', (error) => settle({ stopped: { startError: error.message }, stdout: '', stderr: '' }));
    child.on('close', (status, ended) => {
      const result: Ended = { status, signal: ended, stdout: text('stdout'), stderr: text('stderr') };
      // At a terminal Ctrl-C reaches the command and gwctl at once; the command may be seen to end
      // first. Its end is the interruption's, reported as such when gwctl's own signal follows.
      if (ended === 'SIGINT' && !ownGroup && signal) {
        setTimeout(() => settle(result), 200);
        return;
      }
      settle(result);
    });
  });
}

/** The keys gwctl reads, dropped; the proxy variables, as curl reads them. Names in any case: Windows' are. */
const DROPPED = new Set<string>([KEY_VARIABLES.management.name, KEY_VARIABLES.api.name]);
const PROXIES = new Set([HTTPS_PROXY, HTTP_PROXY, ALL_PROXY].map((v) => v.name));

/**
 * The command's environment: gwctl's, without a key of gwctl's (the API key's command would see
 * the management key) and with the proxy URLs' credentials taken out (their host kept: a password
 * manager may need the proxy).
 */
function commandEnvironment(env: Env): Env {
  const given: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(env)) {
    const upper = name.toUpperCase();
    if (!DROPPED.has(upper)) given[name] = PROXIES.has(upper) && value?.includes('@') ? withoutCredentials(value) : value;
  }
  return given;
}

/** A proxy URL without everything up to its last `@`, whatever the URL's shape (a password may hold `/`). */
function withoutCredentials(url: string): string {
  return `${/^[a-z][a-z0-9+.-]*:\/\//i.exec(url)?.[0] ?? ''}${url.slice(url.lastIndexOf('@') + 1)}`;
}

function shellFor(command: string): [string, string[]] {
  return process.platform === 'win32' ? ['cmd.exe', ['/d', '/s', '/c', command]] : ['/bin/sh', ['-c', command]];
}

/** The key a run printed, or why it gave none (exit 4). */
function keyFrom(ended: Ended, describe: string, timeoutMs: number): string {
  const stderrLine = firstLine(ended.stderr);
  const fail = (why: string, hint = 'fix the command, or unset it to use a stored key'): never => {
    throw new GwctlError(`${describe} ${why}${stderrLine ? `: ${stderrLine}` : ''}`, ExitCode.auth, { hint });
  };
  const { stopped } = ended;
  if (stopped === 'limit') return fail(`did not finish within ${timeoutMs / 1000} s`);
  if (stopped === 'output') return fail(`printed more than ${KEY_COMMAND_MAX_OUTPUT / 1024} KiB, which is no key`);
  if (stopped && 'leftBehind' in stopped)
    return fail(
      leftBehind(ended, stopped.leftBehind),
      "start what it leaves running with its output elsewhere ('agent >/dev/null 2>&1 &')",
    );
  if (stopped) return fail(`could not be started (${stopped.startError})`);
  if (ended.signal) return fail(`was ended by ${ended.signal}`);
  if (ended.status !== 0) return fail(`failed with exit ${ended.status}`);
  const key = ended.stdout.trim();
  if (key === '') return fail('printed nothing');
  if (/\s/.test(key)) return fail('printed more than one word; it should print the key alone');
  return key;
}

/** What happened to a command that exited but left processes holding its output, which is then not to be trusted as a key. */
function leftBehind(ended: Ended, found: readonly { pid: number; ended: boolean }[]): string {
  const exit = ended.signal ? `was ended by ${ended.signal}` : `exited with status ${ended.status}`;
  const which = (list: readonly { pid: number }[]) => list.map((p) => p.pid).join(', ');
  const survived = found.filter((p) => !p.ended);
  const what =
    found.length === 0
      ? 'a process it started in the background kept its output open, so gwctl ended its process group'
      : survived.length === 0
        ? `process ${which(found)}, started by it in the background, kept its output open, so gwctl ended it`
        : `process ${which(survived)}, started by it in the background, kept its output open and could not be ended`;
  return `${exit}, but ${what}; its output was not taken as the key`;
}

/** Set in the command's environment, new each run, so what it leaves running is found even after setsid; never read by gwctl. */
const RUN_MARK = 'GWCTL_KEY_COMMAND_RUN';

/** The processes left behind still holding the command's output (a socket or a pipe). */
function holdersOf(mark: string): number[] {
  const { readlinkSync } = process.getBuiltinModule('node:fs');
  const holds = (pid: number) => [1, 2].some((fd) => /^(socket|pipe):/.test(attempt(() => readlinkSync(`/proc/${pid}/fd/${fd}`), '')));
  return marked(mark).filter(holds);
}

/** Every process carrying the run's mark in its environment, from /proc (Linux only): wherever it went (setsid), it took the mark. */
function marked(mark: string): number[] {
  const { readdirSync, readFileSync } = process.getBuiltinModule('node:fs');
  return attempt(() => readdirSync('/proc'), [] as string[])
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .filter((entry) =>
      attempt(() => readFileSync(`/proc/${entry}/environ`, 'latin1'), '')
        .split('\0')
        .includes(`${RUN_MARK}=${mark}`),
    )
    .map(Number);
}

/** SIGKILL (or `signal`) to one process; false when it may not be ended (another user's), true when it is or was already gone. */
function end(pid: number, signal: NodeJS.Signals = 'SIGKILL'): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch (error) {
    return (error as { code?: string }).code !== 'EPERM';
  }
}

/** A group of its own (so all it started can be ended), except at a terminal: there it can read a passphrase and Ctrl-C reaches it. */
function inOwnGroup(): boolean {
  if (process.platform === 'win32') return false;
  const { isatty } = process.getBuiltinModule('node:tty');
  return !isatty(0) && !isatty(2);
}

/**
 * Ends the command and all it started: its own group whole; at a terminal (gwctl's group) its
 * processes found by their parents in /proc; with the run's `mark`, every process that carries
 * it, which finds one that left the group and the session and lost its parent (`setsid -f`).
 * Each found is stopped first, so that none starts another between the look and the kill. One
 * that leaves the session and clears its environment is out of reach. Windows: taskkill of the tree.
 */
function endCommand(pid: number, ownGroup: boolean, mark: string | undefined): void {
  if (process.platform === 'win32') {
    process
      .getBuiltinModule('node:child_process')
      .spawnSync('taskkill', ['/pid', String(pid), '/t', '/f'], { stdio: 'ignore', windowsHide: true });
    return;
  }
  const group = ownGroup ? [-pid] : [];
  const found = new Set([pid]);
  for (const target of [...group, pid]) end(target, 'SIGSTOP');
  // A few looks: each finds what started before the ones it found were stopped.
  for (let look = 0; look < 4; look++) {
    const more = [...descendants(found), ...(mark ? marked(mark) : [])].filter((p) => !found.has(p));
    if (more.length === 0) break;
    for (const p of more) {
      found.add(p);
      end(p, 'SIGSTOP');
    }
  }
  for (const target of [...group, ...found]) end(target);
}

/** Every process below those of `roots`, from /proc (Linux); none found elsewhere. */
function descendants(roots: Iterable<number>): number[] {
  const { readdirSync, readFileSync } = process.getBuiltinModule('node:fs');
  const children = new Map<number, number[]>();
  for (const entry of attempt(() => readdirSync('/proc'), [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = attempt(() => readFileSync(`/proc/${entry}/stat`, 'utf8'), undefined);
    if (stat === undefined) continue;
    // "pid (name) state ppid ...": the name may hold spaces and parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const list = children.get(parent) ?? [];
    list.push(Number(entry));
    children.set(parent, list);
  }
  const found: number[] = [];
  for (let queue = [...roots]; queue.length > 0;) {
    const next = children.get(queue.shift()!) ?? [];
    found.push(...next);
    queue.push(...next);
  }
  return found;
}

/** What `read` returns, or `otherwise` when it throws (a process gone, or not ours to read). */
function attempt<T>(read: () => T, otherwise: T): T {
  try {
    return read();
  } catch {
    return otherwise;
  }
}

/** The first non-empty line of a command's stderr, cleaned of control characters and cut short. */
function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  const clean = sanitizeField(line.trim());
  return clean.length > 200 ? `${clean.slice(0, 199)}…` : clean;
}
