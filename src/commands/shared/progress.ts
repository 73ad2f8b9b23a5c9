// A spinner (or progress text) on stderr while a command waits; only on a terminal, and
// ora is loaded only then.
import type { Io } from '../../cli/io.js';

export interface Progress {
  update(text: string): void;
  /** Take the spinner's line off the screen before something else is written. */
  clear(): void;
  render(): void;
  stop(): void;
}

export async function startProgress(io: Io, text: string): Promise<Progress> {
  const { default: ora } = await import('ora');
  const spinner = ora({ text, stream: io.stderr, color: 'cyan', isEnabled: io.stderrIsTTY, discardStdin: false });
  spinner.start();
  let stopped = false;
  return {
    update(next) {
      if (!stopped) spinner.text = next;
    },
    clear() {
      if (!stopped) spinner.clear();
    },
    render() {
      if (!stopped) spinner.render();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      spinner.stop();
    },
  };
}
