// A spinner (or progress text) on stderr while a command waits; only on a terminal, and
// the spinner library is loaded only then.
import { accessibleMode, readVariable, TERM } from '../../core/environment.js';
import { spinnerShown } from '../../core/spinners.js';
import type { Deps } from '../context.js';

export interface Progress {
  update(text: string): void;
  /** Take the spinner's line off the screen before something else is written. */
  clear(): void;
  render(): void;
  stop(): void;
}

export async function startProgress(deps: Pick<Deps, 'io' | 'env' | 'heavy'>, text: string): Promise<Progress | undefined> {
  const { io, env } = deps;
  if (io.stderrIsTTY && accessibleMode(env)) return plainProgress(io, text);
  // A terminal that reports no width (some recorders) would make the spinner redraw forever;
  // TERM=dumb cannot redraw a line at all.
  const width = (io.stderr as { columns?: number }).columns ?? 0;
  if (!io.stderrIsTTY || width <= 0 || readVariable(env, TERM) === 'dumb') return undefined;
  const ora = await deps.heavy.spinner();
  const spinner = ora({ text, stream: io.stderr, color: io.stderrColor ? 'cyan' : false, isEnabled: true, discardStdin: false });
  let stopped = false;
  let hidden = true;
  // Drawn now, or, while a key command may ask for a passphrase, once it has ended
  // (config/credentials.ts).
  const forget = spinnerShown({
    hide: () => {
      hidden = true;
      spinner.stop();
    },
    show: () => {
      if (stopped) return;
      hidden = false;
      spinner.start();
    },
  });
  return {
    update(next) {
      if (!stopped) spinner.text = next;
    },
    clear() {
      if (!stopped && !hidden) spinner.clear();
    },
    render() {
      if (!stopped && !hidden) spinner.render();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      forget();
      spinner.stop();
    },
  };
}

/** In accessible mode a progress line is never redrawn: each change is a new line, at most one every 5 seconds. */
export const PLAIN_PROGRESS_MS = 5000;

function plainProgress(io: Deps['io'], text: string): Progress {
  let last = Date.now();
  let shown = text;
  let stopped = false;
  io.err(`${text}\n`);
  return {
    update(next) {
      if (stopped || next === shown || Date.now() - last < PLAIN_PROGRESS_MS) return;
      last = Date.now();
      shown = next;
      io.err(`${next}\n`);
    },
    clear() {},
    render() {},
    stop() {
      stopped = true;
    },
  };
}

/** `[=======             ] 35/100`: the one bar of every command that counts its way through something. */
export function progressBar(done: number, total: number): string {
  const width = 20;
  const filled = total > 0 ? Math.min(width, Math.round((done / total) * width)) : 0;
  return `[${'='.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total}`;
}
