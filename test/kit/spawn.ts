// The one way to run gwctl as a separate process, the way a user's script does. It runs the
// built bin/gwctl.js with GWCTL_TEST_NODE (a node binary; default this one), or
// GWCTL_TEST_BINARY (a standalone executable) directly when that is set.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const BIN = path.join(ROOT, 'bin', 'gwctl.js');

/** The program and leading arguments that start gwctl. */
export function gwctlCommand(): [string, ...string[]] {
  const binary = process.env.GWCTL_TEST_BINARY;
  if (binary) return [binary];
  return [process.env.GWCTL_TEST_NODE || process.execPath, BIN];
}

/** gwctlCommand() as one shell-quoted string, for tmux and `sh -c`. */
export function gwctlShellCommand(): string {
  return gwctlCommand().map(shellQuote).join(' ');
}

export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'gwctl-test-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/** A fresh, empty folder (a config folder, a place for files) removed when the test process exits. */
export function tempConfigDir(): string {
  return mkdtempSync(path.join(scratch, 'd-'));
}

/**
 * The environment of a test run: PATH, HOME, a fresh GWCTL_CONFIG_DIR and a sandbox frozen in
 * time, with `extra` laid over it (undefined removes a variable).
 */
export function testEnv(extra: Record<string, string | undefined> = {}, configDir?: string): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: scratch,
    GWCTL_CONFIG_DIR: configDir ?? tempConfigDir(),
    GWCTL_SANDBOX_PACE: '0',
  };
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Wall time from start to the end of the run. */
  ms: number;
}

export interface SpawnOptions {
  /** Laid over testEnv() (undefined removes a variable). */
  env?: Record<string, string | undefined>;
  /** Text on stdin (default: stdin closed at once). */
  input?: string;
  configDir?: string;
  /** Killed with SIGKILL after this long (default 20 s). */
  timeoutMs?: number;
  /** The folder it runs in (default: the test's). */
  cwd?: string;
}

export interface Child {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Resolves once the process has ended and its pipes closed. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
}

/** gwctl as a child the test can signal, read from and close the stdout of. */
export function spawnGwctl(args: readonly string[], options: SpawnOptions = {}): Child {
  const began = Date.now();
  const [program, ...lead] = gwctlCommand();
  const child = spawn(program, [...lead, ...args], {
    env: testEnv(options.env, options.configDir),
    stdio: ['pipe', 'pipe', 'pipe'],
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdin.on('error', () => {});
  child.stdin.end(options.input ?? '');
  const killer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, ms: Date.now() - began });
    });
  });
  return { child, stdout: () => stdout, stderr: () => stderr, done };
}

/** Runs gwctl to the end. */
export async function runGwctl(args: readonly string[], options: SpawnOptions = {}): Promise<RunResult> {
  const run = spawnGwctl(args, options);
  const { code, signal, ms } = await run.done;
  return { code, signal, ms, stdout: run.stdout(), stderr: run.stderr() };
}

/** Polls until `check` holds (or fails the test after `ms`). */
export async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Whether a process runs (Linux): gone, or a zombie left for whoever adopted it to reap, is not running. */
export function running(pid: number): boolean {
  const stat = path.join('/proc', String(pid), 'stat');
  return existsSync(stat) && readFileSync(stat, 'utf8').split(') ')[1]![0] !== 'Z';
}

/** No stack frames, no Node error prefixes. */
export function expectNoCrash(text: string): void {
  if (/^\s+at /m.test(text) || /^(\w*Error|Uncaught|node:internal)/m.test(text)) {
    throw new Error(`looks like a crash report:\n${text}`);
  }
}

/**
 * Runs gwctl with its stdout and stderr sent to `stdoutPath` and `stderrPath` (files or devices,
 * not pipes) and `env` over testEnv(); resolves to its exit code.
 */
export async function runGwctlInto(
  env: Record<string, string | undefined>,
  args: readonly string[],
  stdoutPath: string,
  stderrPath: string,
): Promise<number | null> {
  const out = openSync(stdoutPath, 'w');
  const err = openSync(stderrPath, 'w');
  const [program, ...lead] = gwctlCommand();
  try {
    const child = spawn(program, [...lead, ...args], { env: testEnv(env), stdio: ['ignore', out, err] });
    return await new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve(code));
    });
  } finally {
    closeSync(out);
    closeSync(err);
  }
}
