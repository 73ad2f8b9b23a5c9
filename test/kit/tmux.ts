// gwctl on a real terminal: tmux runs it in a fresh WIDTH x HEIGHT window with exactly the
// environment given, and the test reads the screen. Tests that use it skip when tmux is
// missing (`missing.tmux` in test/completions/shells.ts says why).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gwctlCommand, shellQuote, tempConfigDir } from './spawn.js';

const SOCKET = `gwctl-terminal-${process.pid}`;

function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-L', SOCKET, '-f', '/dev/null', ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: tempConfigDir() },
  });
}

let sessions = 0;

export interface Screen {
  /** What gwctl wrote to stdout, as the terminal shows it (lines joined where it wrapped them). */
  text: string;
  /** The same with its escape codes. */
  escaped: string;
  /** What gwctl wrote to stderr (sent to a file, so the screen holds stdout alone). */
  stderr: string;
  exit: number;
}

/** Runs gwctl in a fresh terminal of `width` columns with exactly `env`, and waits for it to end. */
export async function onScreen(args: readonly string[], env: Record<string, string>, width = 80, height = 40): Promise<Screen> {
  const name = `s${++sessions}`;
  const vars = Object.entries({
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: tempConfigDir(),
    GWCTL_CONFIG_DIR: tempConfigDir(),
    LANG: 'C.UTF-8',
    ...env,
  }).map(([k, v]) => `${k}=${v}`);
  const dir = tempConfigDir();
  const errFile = path.join(dir, 'stderr');
  const exitFile = path.join(dir, 'exit');
  const command = ['env', '-i', ...vars, ...gwctlCommand(), ...args].map(shellQuote).join(' ');
  tmux(
    'new-session',
    '-d',
    '-s',
    name,
    '-x',
    String(width),
    '-y',
    String(height),
    'sh',
    '-c',
    `${command} 2>${errFile}; echo $? >${exitFile}.new; mv ${exitFile}.new ${exitFile}; sleep 60`,
  );
  try {
    // The end is watched in a file, not on the screen: reading the screen starts a tmux client
    // each time, which slows everything down on a busy machine. Generous: node starts slowly there.
    const until = Date.now() + 60_000;
    while (!existsSync(exitFile)) {
      if (Date.now() > until) throw new Error(`gwctl did not finish; screen:\n${tmux('capture-pane', '-p', '-J', '-t', name)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    // -S -: the history too, for output longer than the window.
    return {
      text: tmux('capture-pane', '-p', '-J', '-S', '-', '-t', name).trimEnd(),
      escaped: tmux('capture-pane', '-p', '-e', '-S', '-', '-t', name).trimEnd(),
      stderr: readFileSync(errFile, 'utf8'),
      exit: Number(readFileSync(exitFile, 'utf8')),
    };
  } finally {
    tmux('kill-session', '-t', name);
  }
}

/** Ends the tmux server the tests started (call in afterAll). */
export function stopTmux(): void {
  try {
    tmux('kill-server');
  } catch {
    // no server left
  }
}
