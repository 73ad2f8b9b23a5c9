// A key command (GWCTL_MANAGEMENT_KEY_COMMAND, the profile's management-key-command, ...): a
// shell command line whose output is the key, for keys kept in a password manager. It runs at
// most once per run, only when the key is needed, and synchronously: settings are resolved
// synchronously, and nothing else can happen before the key is known anyway.
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

/**
 * Runs `command` with `sh -c` (`cmd /c` on Windows) and returns its stdout, trimmed. A failure,
 * a timeout, empty output or output that is not one word is exit 4, showing only the first line
 * of the command's stderr (its stdout may hold a key and is never shown).
 */
export function runKeyCommand(command: string, describe: string, env: Env, timeoutMs = KEY_COMMAND_TIMEOUT_MS): string {
  // Loaded here, not at the top: only runs that use a key command start a process.
  const { spawnSync } = process.getBuiltinModule('node:child_process');
  const [shell, args] = process.platform === 'win32' ? ['cmd.exe', ['/d', '/s', '/c', command]] : ['/bin/sh', ['-c', command]];
  const ownGroup = inOwnGroup();
  const result = spawnSync(shell, args, {
    env: { ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
    maxBuffer: KEY_COMMAND_MAX_OUTPUT,
    windowsHide: true,
    // spawnSync takes `detached` as spawn does (setsid: a session and group of its own); its
    // types leave it out.
    ...({ detached: ownGroup } as object),
  });
  // Stopped (the limit, too much output) or killed: whatever it started goes with it.
  if (ownGroup && result.pid && (result.error || result.signal)) endGroup(result.pid);
  const stderrLine = firstLine(result.stderr ?? '');
  const fail = (why: string): never => {
    throw new GwctlError(`${describe} ${why}${stderrLine ? `: ${stderrLine}` : ''}`, ExitCode.auth, {
      hint: 'fix the command, or unset it to use a stored key',
    });
  };
  const code = (result.error as { code?: string } | undefined)?.code;
  if (code === 'ETIMEDOUT') fail(`did not finish within ${timeoutMs / 1000} s`);
  if (code === 'ENOBUFS') fail(`printed more than ${KEY_COMMAND_MAX_OUTPUT / 1024} KiB, which is no key`);
  if (result.error) fail(`could not be started (${result.error.message})`);
  if (result.signal) fail(`was ended by ${result.signal}`);
  if (result.status !== 0) fail(`failed with exit ${result.status}`);
  const key = (result.stdout ?? '').trim();
  if (key === '') fail('printed nothing');
  if (/\s/.test(key)) fail('printed more than one word; it should print the key alone');
  return key;
}

/**
 * Whether the command runs in a process group of its own (its shell leads it), so that at the
 * limit every process it started can be ended with it: everywhere but at a terminal. At a
 * terminal it stays in gwctl's group, the terminal's foreground group, so that Ctrl-C reaches
 * it and all it started at once (this thread, waiting for it, cannot pass the signal on).
 */
function inOwnGroup(): boolean {
  if (process.platform === 'win32') return false;
  const { isatty } = process.getBuiltinModule('node:tty');
  return !isatty(0) && !isatty(2);
}

function endGroup(leader: number): void {
  try {
    process.kill(-leader, 'SIGKILL');
  } catch {
    // Already gone: every process of the group has ended.
  }
}

/** The first non-empty line of a command's stderr, cleaned of control characters and cut short. */
function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  const clean = sanitizeField(line.trim());
  return clean.length > 200 ? `${clean.slice(0, 199)}…` : clean;
}
