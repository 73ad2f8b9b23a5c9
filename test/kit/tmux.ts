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

function commandLine(args: readonly string[], env: Record<string, string>, stdinFile?: string): string {
  const vars = Object.entries({
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: tempConfigDir(),
    GWCTL_CONFIG_DIR: tempConfigDir(),
    LANG: 'C.UTF-8',
    ...env,
  }).map(([k, v]) => `${k}=${v}`);
  const line = ['env', '-i', ...vars, ...gwctlCommand(), ...args].map(shellQuote).join(' ');
  return stdinFile === undefined ? line : `${line} <${shellQuote(stdinFile)}`;
}

/** What tmux says about the pane: its size, its scrollback, and the modes gwctl set. */
export interface PaneState {
  width: number;
  height: number;
  /** Lines scrolled off the top into the scrollback. */
  history: number;
  alternateScreen: boolean;
  cursorShown: boolean;
}

/** gwctl running in a terminal, for a test that reads the screen while it runs. */
export interface LiveScreen {
  /** The screen now, a line each (lines the terminal wrapped joined, so a wrap shows as a long line); with `history`, the scrollback above it too. */
  lines(history?: boolean): string[];
  /** The same with its escape codes (colour). */
  escaped(): string;
  state(): PaneState;
  /** Waits until the screen shows what `check` wants (read a few times a second), and returns it. */
  until(what: string, check: (lines: string[]) => boolean, ms?: number): Promise<string[]>;
  /** Keys as tmux names them: `C-c`. */
  keys(...keys: string[]): void;
  resize(width: number, height: number): void;
  /** Waits for gwctl to end: its exit code and what it wrote to stderr. */
  exit(): Promise<{ exit: number; stderr: string }>;
  close(): void;
}

/** tmux arguments for a detached `width` x `height` session that runs `script` in sh. */
function newSession(name: string, width: number, height: number, script: string): string[] {
  return ['new-session', '-d', '-s', name, '-x', String(width), '-y', String(height), 'sh', '-c', script];
}

/**
 * A shell line that runs `command` with stderr to `errFile`, then writes its exit code to
 * `exitFile` whole (a rename, so a reader never sees it half-written), and keeps the pane open.
 */
function runRecorded(command: string, errFile: string, exitFile: string): string {
  return `${command} 2>${errFile}; echo $? >${exitFile}.new; mv ${exitFile}.new ${exitFile}; sleep 60`;
}

/**
 * Starts gwctl in a fresh `width` x `height` terminal with exactly `env`, and leaves it running;
 * `stderrOnScreen`: its stderr on the terminal too (a spinner), and `exit()` gives none.
 */
export function liveScreen(
  args: readonly string[],
  env: Record<string, string>,
  width: number,
  height: number,
  { stderrOnScreen = false }: { stderrOnScreen?: boolean } = {},
): LiveScreen {
  const name = `s${++sessions}`;
  const dir = tempConfigDir();
  const errFile = stderrOnScreen ? '/dev/tty' : path.join(dir, 'stderr');
  const exitFile = path.join(dir, 'exit');
  const command = commandLine(args, env);
  tmux(
    ...newSession(
      name,
      width,
      height,
      // The shell outlives a Ctrl-C sent to gwctl (a trap, not an ignored signal, so gwctl gets it).
      `trap : INT; ${runRecorded(command, errFile, exitFile)}`,
    ),
    // The server stays when a test's session ends, so that the next test's does not race its exit.
    ';',
    'set-option',
    '-g',
    'exit-empty',
    'off',
  );
  // The pane's lines, without the empty ones below the last that holds something.
  const capture = (history = false): string[] =>
    tmux('capture-pane', '-p', '-J', ...(history ? ['-S', '-'] : []), '-t', name)
      .trimEnd()
      .split('\n')
      .map((line) => line.trimEnd());
  const wait = async (ready: () => boolean, ms: number, what: () => string): Promise<void> => {
    const until = Date.now() + ms;
    while (!ready()) {
      if (Date.now() > until) throw new Error(`${what()}; screen:\n${capture().join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return {
    lines: (history) => capture(history),
    escaped: () => tmux('capture-pane', '-p', '-e', '-t', name),
    state() {
      const [w, h, history, alternate, cursor] = tmux(
        'display-message',
        '-p',
        '-t',
        name,
        '#{pane_width} #{pane_height} #{history_size} #{alternate_on} #{cursor_flag}',
      )
        .trim()
        .split(' ')
        .map(Number);
      return { width: w!, height: h!, history: history!, alternateScreen: alternate === 1, cursorShown: cursor === 1 };
    },
    async until(what, check, ms = 30_000) {
      let lines: string[] = [];
      // Generous: node starts slowly on a busy machine.
      await wait(
        () => check((lines = capture())),
        ms,
        () => `the screen never showed ${what}`,
      );
      return lines;
    },
    keys: (...keys) => void tmux('send-keys', '-t', name, ...keys),
    resize: (w, h) => void tmux('resize-window', '-t', name, '-x', String(w), '-y', String(h)),
    async exit() {
      await wait(
        () => existsSync(exitFile),
        30_000,
        () => 'gwctl did not end',
      );
      return { exit: Number(readFileSync(exitFile, 'utf8')), stderr: stderrOnScreen ? '' : readFileSync(errFile, 'utf8') };
    },
    close() {
      try {
        tmux('kill-session', '-t', name);
      } catch {
        // already gone: the error the test met is the one to report
      }
    },
  };
}

/**
 * Runs gwctl in a fresh terminal of `width` columns with exactly `env`, and waits for it to end;
 * `stdinFile`: its stdin read from that file (`gwctl ... < file` at a terminal).
 */
export async function onScreen(
  args: readonly string[],
  env: Record<string, string>,
  width = 80,
  height = 40,
  { stdinFile }: { stdinFile?: string } = {},
): Promise<Screen> {
  const name = `s${++sessions}`;
  const dir = tempConfigDir();
  const errFile = path.join(dir, 'stderr');
  const exitFile = path.join(dir, 'exit');
  const command = commandLine(args, env, stdinFile);
  tmux(...newSession(name, width, height, runRecorded(command, errFile, exitFile)));
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
