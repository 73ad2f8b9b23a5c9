// gwctl on a real terminal: tmux runs it in a fresh WIDTH x HEIGHT window with exactly the
// environment given, and the test reads the screen. Tests that use it skip when tmux is
// missing (`missing.tmux` in test/completions/shells.ts says why).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gwctlCommand, shellQuote, tempConfigDir } from './spawn.js';

let sessions = 0;
/** The sockets of the tmux servers still running, each a terminal's own. */
const servers = new Set<string>();

/**
 * tmux on `socket`. Every terminal a test opens has a server of its own: a server shared between
 * tests exits when its last session ends, and a session started meanwhile then fails with "server
 * exited unexpectedly", which a busy machine made likely.
 */
function tmuxOn(socket: string, ...args: string[]): string {
  return execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: tempConfigDir() },
  });
}

/**
 * Starts a server with one detached `width` x `height` session running `script` in sh, and gives
 * tmux on that server and a way to end it. A start that fails (a busy machine: the server did not come up in time) is
 * tried again, on a new socket, up to three times.
 */
function startTerminal(width: number, height: number, script: string): { tmux: (...args: string[]) => string; stop: () => void } {
  for (let attempt = 1; ; attempt++) {
    const socket = `gwctl-terminal-${process.pid}-${++sessions}`;
    try {
      tmuxOn(socket, 'new-session', '-d', '-s', 'gwctl', '-x', String(width), '-y', String(height), 'sh', '-c', script);
      servers.add(socket);
      return { tmux: (...args) => tmuxOn(socket, ...args), stop: () => stopServer(socket) };
    } catch (error) {
      stopServer(socket);
      if (attempt === 3) throw error;
      execFileSync('sleep', [String(0.2 * attempt)]);
    }
  }
}

function stopServer(socket: string): void {
  servers.delete(socket);
  try {
    tmuxOn(socket, 'kill-server');
  } catch {
    // already gone: the error the test met is the one to report
  }
}

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
  const name = 'gwctl';
  const dir = tempConfigDir();
  const errFile = stderrOnScreen ? '/dev/tty' : path.join(dir, 'stderr');
  const exitFile = path.join(dir, 'exit');
  const command = commandLine(args, env);
  // The shell outlives a Ctrl-C sent to gwctl (a trap, not an ignored signal, so gwctl gets it).
  const { tmux, stop } = startTerminal(width, height, `trap : INT; ${runRecorded(command, errFile, exitFile)}`);
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
    close: stop,
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
  const name = 'gwctl';
  const dir = tempConfigDir();
  const errFile = path.join(dir, 'stderr');
  const exitFile = path.join(dir, 'exit');
  const command = commandLine(args, env, stdinFile);
  const { tmux, stop } = startTerminal(width, height, runRecorded(command, errFile, exitFile));
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
    stop();
  }
}

/** Ends every tmux server a test of this file left running (call in afterAll). */
export function stopTmux(): void {
  for (const socket of servers) stopServer(socket);
}
