// Running the generated completion scripts in real shells. Each shell is asked for the
// candidates of a command line the way it would be at a prompt; a missing shell (or a
// missing piece such as bash-completion or zsh/zpty) makes the tests that need it skip.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gwctlShellCommand, ROOT } from '../kit/spawn.js';

export const COMPLETIONS = path.join(ROOT, 'completions');

function works(command: string, args: readonly string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

const BASH_COMPLETION = ['/usr/share/bash-completion/bash_completion', '/etc/bash_completion', '/opt/homebrew/etc/profile.d/bash_completion.sh'].find(
  (file) => existsSync(file),
);

/** Why a shell's tests cannot run here, or undefined when they can. */
export const missing = {
  bash: !works('bash', ['-c', 'true']) ? 'bash is not installed' : !BASH_COMPLETION ? 'bash-completion is not installed' : undefined,
  zsh: !works('zsh', ['-fc', 'true']) ? 'zsh is not installed' : !works('zsh', ['-fc', 'zmodload zsh/zpty']) ? 'zsh has no zsh/zpty module' : undefined,
  fish: !works('fish', ['--no-config', '-c', 'true']) ? 'fish is not installed' : undefined,
  tmux: !works('tmux', ['-V']) ? 'tmux is not installed' : undefined,
};

export function skipNote(what: string, reason: string | undefined): void {
   
  if (reason) console.log(`skipping ${what}: ${reason}`);
}

/**
 * A home for one test file: a bin folder whose `gwctl` is the built binary (the scripts call
 * `gwctl __complete`), and a config folder with two profiles.
 */
export function completionHome(): { dir: string; bin: string; configDir: string; env: Record<string, string> } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gwctl-complete-'));
  const bin = path.join(dir, 'bin');
  const configDir = path.join(dir, 'config');
  mkdirSync(bin);
  mkdirSync(configDir);
  // The gwctl under test (node + bin/gwctl.js, or a standalone binary) as a command on PATH.
  writeFileSync(path.join(bin, 'gwctl'), `#!/bin/sh\nexec ${gwctlShellCommand()} "$@"\n`, { mode: 0o755 });
  writeFileSync(path.join(configDir, 'config.json'), JSON.stringify({ profiles: { default: {}, staging: { workspace: 'ws' } } }), { mode: 0o600 });
  const env = {
    PATH: [bin, path.dirname(process.execPath), process.env.PATH ?? '/usr/bin:/bin'].join(path.delimiter),
    HOME: dir,
    GWCTL_CONFIG_DIR: configDir,
    LANG: 'C.UTF-8',
    TERM: 'dumb',
  };
  return { dir, bin, configDir, env };
}

export interface ShellRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runShell(command: string, args: readonly string[], env: Record<string, string>, timeoutMs = 20_000): Promise<ShellRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A word for bash, in single quotes. */
export function bashWord(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A word for fish, in single quotes. */
export function fishWord(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * Bash: the script is loaded the way bash-completion loads an installed file (from
 * $BASH_COMPLETION_USER_DIR/completions/gwctl, on first use), then the function bash
 * registered for gwctl is called with COMP_WORDS/COMP_CWORD as bash sets them, once per
 * case; COMPREPLY is printed. Words are given as bash splits them (`--status=x` is three).
 */
export async function bashCompletions(env: Record<string, string>, dir: string, cases: readonly (readonly string[])[]): Promise<string[][]> {
  return (await bashAnswers(env, dir, cases)).map((a) => a.matches);
}

/**
 * The same, with the options the completion function set through `compopt` for each case
 * (`-o nospace`): outside readline bash's own compopt refuses to run, so the harness's stands in
 * for it and records its arguments.
 */
export async function bashAnswers(
  env: Record<string, string>,
  dir: string,
  cases: readonly (readonly string[])[],
): Promise<{ matches: string[]; compopt: string }[]> {
  const userDir = path.join(dir, 'bash-completion');
  mkdirSync(path.join(userDir, 'completions'), { recursive: true });
  symlinkSync(path.join(COMPLETIONS, 'gwctl.bash'), path.join(userDir, 'completions', 'gwctl'));
  const lines = [
    `source ${bashWord(BASH_COMPLETION!)}`,
    // bash-completion's on-demand loader, as for a first Tab on gwctl.
    'if declare -F __load_completion >/dev/null; then __load_completion gwctl; else _completion_loader gwctl; fi',
    'spec=$(complete -p gwctl) || { echo "no completion registered for gwctl"; exit 1; }',
    'fn=${spec#*-F }; fn=${fn%% *}',
    'compopt() { __compopt+="$* "; }',
    'ask() {',
    '  COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=(); __compopt=',
    '  "$fn" gwctl "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"',
    '  printf "%s\\n" "@@" "compopt:${__compopt% }" "${COMPREPLY[@]}"',
    '}',
    ...cases.map((words) => `ask ${words.map(bashWord).join(' ')}`),
  ];
  const run = await runShell('bash', ['--norc', '--noprofile', '-c', lines.join('\n')], { ...env, BASH_COMPLETION_USER_DIR: userDir });
  if (run.code !== 0) throw new Error(`bash failed (${run.code}): ${run.stdout}${run.stderr}`);
  return sections(run.stdout, cases.length).map(([options, ...matches]) => ({ matches, compopt: options!.slice('compopt:'.length) }));
}

/** Fish: `complete -C LINE` after sourcing the script, once per case. */
export async function fishCompletions(env: Record<string, string>, lines: readonly string[]): Promise<string[][]> {
  return (await fishDescribed(env, lines)).map((matches) => matches.map((m) => m.split('\t')[0]!));
}

/** Fish's candidates as it shows them: `match<TAB>description`. */
export async function fishDescribed(env: Record<string, string>, lines: readonly string[]): Promise<string[][]> {
  const script = [
    `source ${fishWord(path.join(COMPLETIONS, 'gwctl.fish'))}`,
    ...lines.flatMap((line) => ['echo @@', `complete -C ${fishWord(line)}`]),
  ];
  const run = await runShell('fish', ['--no-config', '-c', script.join('\n')], env);
  if (run.code !== 0) throw new Error(`fish failed (${run.code}): ${run.stdout}${run.stderr}`);
  return sections(run.stdout, lines.length);
}

/**
 * Zsh: an interactive zsh on a pseudo-terminal, with compinit and completions/ on $fpath (as an
 * installed `_gwctl` is found), is sent each line and a Tab; the matches it offers are printed.
 */
export async function zshCompletions(env: Record<string, string>, lines: readonly string[]): Promise<string[][]> {
  return (await zshDescribed(env, lines)).map((matches) => matches.map((m) => m.split(' -- ')[0]!));
}

/** Zsh's candidates as the harness prints them: `match -- description`, or the match alone. */
export async function zshDescribed(env: Record<string, string>, lines: readonly string[]): Promise<string[][]> {
  const capture = path.join(ROOT, 'test', 'completions', 'zsh-capture.zsh');
  // One interactive zsh per line, each running compinit: on a busy machine that takes a while.
  const run = await runShell('zsh', ['-f', capture, COMPLETIONS, ...lines], { ...env, ZDOTDIR: env.HOME! }, 90_000);
  if (run.code !== 0) throw new Error(`zsh failed (${run.code}): ${run.stdout}${run.stderr}`);
  return sections(run.stdout, lines.length);
}

function sections(stdout: string, count: number): string[][] {
  const parts = stdout.split('@@\n').slice(1);
  if (parts.length !== count) throw new Error(`expected ${count} answers, got ${parts.length}: ${stdout}`);
  return parts.map((part) => part.split('\n').filter((l) => l !== ''));
}
