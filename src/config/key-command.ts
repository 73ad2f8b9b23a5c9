// A key command (GWCTL_MANAGEMENT_KEY_COMMAND, the profile's management-key-command, ...): a
// shell command line whose output is the key, for keys kept in a password manager. It runs at
// most once per run, only when the key is needed, and asynchronously (config/settings.ts,
// `prepareKey`): while it runs, Ctrl-C and SIGTERM are acted on, and end it with all it started.
import { GwctlError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import type { Env } from '../core/env.js';
import { sanitizeField } from '../core/sanitize.js';

/** The contract's limit: a command that takes longer has failed. */
export const KEY_COMMAND_TIMEOUT_MS = 10_000;
/** At a terminal the command may ask a person for a passphrase (pass, gpg, op): time to type it. */
export const KEY_COMMAND_TERMINAL_TIMEOUT_MS = 60_000;
/** More output than any key: past this the command is stopped (a runaway `yes` cannot fill memory). */
export const KEY_COMMAND_MAX_OUTPUT = 64 * 1024;

/** How a run of a key command ended, as both ways of running one see it. */
interface Ended {
  /** Why it was stopped or could not start: the limit, too much output, or an error starting it. */
  stopped?: 'limit' | 'output' | { startError: string };
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
 * Runs `command` with `sh -c` (`cmd /c` on Windows) and resolves to its stdout, trimmed. A failure,
 * a timeout, empty output or output that is not one word is exit 4, showing only the first line
 * of the command's stderr (its stdout may hold a key and is never shown). Aborting `signal` ends
 * the command with every process it started and rejects with the signal's reason, so an
 * interrupted run ends as every interrupted run does.
 */
export function runKeyCommand(command: string, describe: string, env: Env, options: KeyCommandOptions = {}): Promise<string> {
  const { timeoutMs = KEY_COMMAND_TIMEOUT_MS, signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  // Loaded here, not at the top: only runs that use a key command start a process.
  const { spawn } = process.getBuiltinModule('node:child_process');
  const ownGroup = inOwnGroup();
  return new Promise<string>((resolve, reject) => {
    const [shell, args] = shellFor(command);
    const child = spawn(shell, args, {
      env: { ...env },
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
    // Stopped (the limit, too much output, interruption): whatever it started goes with it, and
    // nothing of it keeps this process waiting.
    const stop = (why: 'limit' | 'output' | { aborted: unknown }): void => {
      if (settled) return;
      if (child.pid !== undefined) endCommand(child.pid, ownGroup);
      child.stdout.destroy();
      child.stderr.destroy();
      child.unref();
      settle(typeof why === 'object' ? why : { stopped: why, signal: 'SIGKILL', stdout: '', stderr: text('stderr') });
    };
    const onAbort = (): void => stop({ aborted: signal?.reason });
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => stop('limit'), timeoutMs);
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

/**
 * The same run, blocking: for a key read before it was prepared (config/settings.ts), which no
 * command does. Nothing else can happen meanwhile, Ctrl-C included.
 */
export function runKeyCommandSync(command: string, describe: string, env: Env, timeoutMs = KEY_COMMAND_TIMEOUT_MS): string {
  const { spawnSync } = process.getBuiltinModule('node:child_process');
  const ownGroup = inOwnGroup();
  const [shell, args] = shellFor(command);
  const result = spawnSync(shell, args, {
    env: { ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
    maxBuffer: KEY_COMMAND_MAX_OUTPUT,
    windowsHide: true,
    // spawnSync takes `detached` as spawn does; its types leave it out.
    ...({ detached: ownGroup } as object),
  });
  if (result.pid && (result.error || result.signal)) endCommand(result.pid, ownGroup);
  const code = (result.error as { code?: string } | undefined)?.code;
  return keyFrom(
    {
      ...(code === 'ETIMEDOUT'
        ? { stopped: 'limit' }
        : code === 'ENOBUFS'
          ? { stopped: 'output' }
          : result.error
            ? { stopped: { startError: result.error.message } }
            : {}),
      signal: result.signal,
      status: result.status,
      stdout: result.stdout ?? '',
      stderr: result.stderr ?? '',
    },
    describe,
    timeoutMs,
  );
}

function shellFor(command: string): [string, string[]] {
  return process.platform === 'win32' ? ['cmd.exe', ['/d', '/s', '/c', command]] : ['/bin/sh', ['-c', command]];
}

/** The key a run printed, or why it gave none (exit 4). */
function keyFrom(ended: Ended, describe: string, timeoutMs: number): string {
  const stderrLine = firstLine(ended.stderr);
  const fail = (why: string): never => {
    throw new GwctlError(`${describe} ${why}${stderrLine ? `: ${stderrLine}` : ''}`, ExitCode.auth, {
      hint: 'fix the command, or unset it to use a stored key',
    });
  };
  const { stopped } = ended;
  if (stopped === 'limit') return fail(`did not finish within ${timeoutMs / 1000} s`);
  if (stopped === 'output') return fail(`printed more than ${KEY_COMMAND_MAX_OUTPUT / 1024} KiB, which is no key`);
  if (stopped) return fail(`could not be started (${stopped.startError})`);
  if (ended.signal) return fail(`was ended by ${ended.signal}`);
  if (ended.status !== 0) return fail(`failed with exit ${ended.status}`);
  const key = ended.stdout.trim();
  if (key === '') return fail('printed nothing');
  if (/\s/.test(key)) return fail('printed more than one word; it should print the key alone');
  return key;
}

/**
 * Whether the command runs in a process group of its own (its shell leads it), so that at the
 * limit or on interruption every process it started can be ended with it: everywhere but at a
 * terminal. At a terminal it stays in gwctl's group, the terminal's foreground group, so that it
 * can read a passphrase from the terminal and Ctrl-C reaches it and all it started at once.
 */
function inOwnGroup(): boolean {
  if (process.platform === 'win32') return false;
  const { isatty } = process.getBuiltinModule('node:tty');
  return !isatty(0) && !isatty(2);
}

/**
 * Ends the command and every process it started. In a group of its own the group goes whole; at
 * a terminal the group is gwctl's (and a pipeline's: `gwctl ... | less`), so the command's own
 * processes are found by their parents instead, where /proc tells them. Windows has neither
 * process groups to signal nor /proc: taskkill ends cmd.exe with the tree below it.
 */
function endCommand(pid: number, ownGroup: boolean): void {
  if (process.platform === 'win32') {
    process
      .getBuiltinModule('node:child_process')
      .spawnSync('taskkill', ['/pid', String(pid), '/t', '/f'], { stdio: 'ignore', windowsHide: true });
    return;
  }
  const targets = ownGroup ? [-pid] : [...descendants(pid), pid];
  for (const target of targets) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** Every process below `pid`, from /proc (Linux); none found elsewhere. */
function descendants(pid: number): number[] {
  const { readdirSync, readFileSync } = process.getBuiltinModule('node:fs');
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (name) state ppid ...": the name may hold spaces and parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const list = children.get(parent) ?? [];
    list.push(Number(entry));
    children.set(parent, list);
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length > 0;) {
    const next = children.get(queue.shift()!) ?? [];
    found.push(...next);
    queue.push(...next);
  }
  return found;
}

/** The first non-empty line of a command's stderr, cleaned of control characters and cut short. */
function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  const clean = sanitizeField(line.trim());
  return clean.length > 200 ? `${clean.slice(0, 199)}…` : clean;
}
