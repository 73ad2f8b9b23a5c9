// gwctl on a real terminal: tmux runs it in a fresh WIDTH x HEIGHT window with exactly the
// environment given, and the test reads the screen. Tests that use it skip when tmux is
// missing (`missing.tmux` in test/completions/shells.ts says why).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
  const errFile = path.join(tempConfigDir(), 'stderr');
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
    `${command} 2>${errFile}; echo "EXIT=$?"; sleep 60`,
  );
  try {
    // Generous: a loaded machine starts node slowly, and the screen is read only once it has ended.
    const until = Date.now() + 60_000;
    for (;;) {
      // -S -: the history too, for output longer than the window.
      const text = tmux('capture-pane', '-p', '-J', '-S', '-', '-t', name);
      const m = /EXIT=(\d+)/.exec(text);
      if (m) {
        const escaped = tmux('capture-pane', '-p', '-e', '-S', '-', '-t', name);
        return {
          text: text.slice(0, m.index),
          escaped: escaped.slice(0, escaped.indexOf('EXIT=')),
          stderr: readFileSync(errFile, 'utf8'),
          exit: Number(m[1]),
        };
      }
      if (Date.now() > until) throw new Error(`gwctl did not finish; screen:\n${text}`);
      await new Promise((r) => setTimeout(r, 50));
    }
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
