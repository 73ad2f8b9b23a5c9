// Questions to a person at a terminal, on stderr so stdout stays clean. @inquirer/prompts
// loads only when a question is actually asked.
import type { Prompter } from '../core/prompter.js';
import { load } from './lazy.js';
import { plainConfirm, plainPassword, plainSearch, plainSelect, type Terminal } from './plain-prompts.js';
import { cancelledError, GwctlError, usageError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import type { Io } from '../core/io.js';
import { wrapToWidth } from '../output/width.js';
import { stderrColumns } from './report.js';

/** `canAsk` is asked once, when first needed: it may read whether stdin is a terminal. */
export function createPrompter(io: Io, canAsk: () => boolean, signal: AbortSignal, accessible = false): Prompter {
  let interactive: boolean | undefined;
  const isInteractive = (): boolean => (interactive ??= canAsk());
  const refuse = (): never => {
    throw usageError('cannot ask: no terminal (or --no-input / CI is set)');
  };
  // Built at each question: reading io.stdin builds the process's stdin stream, which commands
  // that never ask should not pay for (on /dev/null it loads fs/promises and readline). After
  // ids were read from stdin at a terminal, the answer comes from the terminal itself.
  const asking: Asking = async (prompt) => {
    const input = io.answers();
    if (input === undefined) throw usageError('cannot ask: stdin was read to its end and no terminal can be opened', 'pass --yes');
    try {
      return await prompt({ input, output: io.stderr, signal, clearPromptOnDone: false });
    } finally {
      if (input !== io.stdin) (input as NodeJS.ReadableStream & { destroy(): void }).destroy();
    }
  };
  const inquiring: Asking = (prompt) => asking((context) => ask(() => prompt(context)));
  // A question is broken at spaces to the terminal's width (less the prompt's `? ` and answer
  // hint), not inside a word where the terminal would break it.
  const fit = (message: string): string => wrapToWidth(message, Math.max(20, stderrColumns(io) - 12)).join('\n');
  // Accessible mode: plain questions, written once and never redrawn (plain-prompts.ts).
  if (accessible) return plainPrompter(isInteractive, refuse, asking, fit);
  return {
    get interactive() {
      return isInteractive();
    },
    async confirm(message) {
      if (!isInteractive()) refuse();
      const { confirm } = await load.prompts();
      return inquiring((context) => confirm({ message: fit(message), default: false }, context));
    },
    async password(message) {
      if (!isInteractive()) refuse();
      const { password } = await load.prompts();
      return inquiring((context) => password({ message: fit(message), mask: '*' }, context));
    },
    async select(message, choices) {
      if (!isInteractive()) refuse();
      const { select } = await load.prompts();
      return inquiring((context) =>
        select({ message: fit(message), choices: choices.map((c) => ({ ...c })), pageSize: 12, loop: false }, context),
      );
    },
    async search(message, source, initial) {
      if (!isInteractive()) refuse();
      const { search } = await load.prompts();
      // Escape cancels the pick (exit 3). The prompt itself knows only Ctrl-C, so the key is
      // watched on stdin, where readline reports each key while the prompt runs.
      const escape = new AbortController();
      const onKey = (_text: unknown, key: { name?: string } | undefined) => {
        if (key?.name === 'escape') escape.abort();
      };
      return inquiring(async (context) => {
        context.input.on('keypress', onKey);
        try {
          return await search(
            {
              message: fit(message),
              source: (typed) => source(typed ?? '').map((c) => ({ ...c })),
              pageSize: 12,
              ...(initial ? { initialValue: initial } : {}),
            },
            // Cleared when it ends, however it ends: a picker asked again (more interns loaded)
            // or left with Escape leaves no frame behind; the question that follows names the pick.
            { ...context, clearPromptOnDone: true, signal: AbortSignal.any([signal, escape.signal]) },
          );
        } catch (error) {
          if (escape.signal.aborted && !signal.aborted) throw cancelledError('cancelled; nothing was picked');
          throw error;
        } finally {
          context.input.off('keypress', onKey);
        }
      });
    },
  };
}

function plainPrompter(isInteractive: () => boolean, refuse: () => never, asking: Asking, fit: (message: string) => string): Prompter {
  const answer: Asking = (question) => {
    if (!isInteractive()) refuse();
    return asking(question);
  };
  return {
    get interactive() {
      return isInteractive();
    },
    confirm: (message) => answer((t) => plainConfirm(t, fit(message))),
    password: (message) => answer((t) => plainPassword(t, fit(message))),
    select: (message, choices) => answer((t) => plainSelect(t, fit(message), choices)),
    search: (message, source, initial) => answer((t) => plainSearch(t, fit(message), source, initial)),
  };
}

/** What @inquirer/prompts is given besides the question: the accessible prompts' terminal, and whether to clear the prompt after. */
type PromptContext = Terminal & { clearPromptOnDone: boolean };

/** A question asked on the run's answers (stdin, or the terminal after stdin was read), closed after. */
type Asking = <T>(prompt: (context: PromptContext) => Promise<T>) => Promise<T>;

/** Ctrl-C inside a prompt is an interruption like any other: exit 130, no stack trace. */
async function ask<T>(prompt: () => Promise<T>): Promise<T> {
  try {
    return await prompt();
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'ExitPromptError' || name === 'AbortPromptError' || name === 'AbortError') {
      throw new GwctlError('interrupted', ExitCode.interrupted);
    }
    throw error;
  }
}
