// Questions to a person. The terminal implementation lives at the top (it loads
// @inquirer/prompts); tests give a scripted one.
import { usageError } from './errors.js';

export interface Prompter {
  /** Whether a person can be asked (a terminal on stdin and stderr, and no --no-input / CI). */
  readonly interactive: boolean;
  confirm(message: string): Promise<boolean>;
  password(message: string): Promise<string>;
  select<T>(message: string, choices: readonly Choice<T>[]): Promise<T>;
  /** One of many, filtered as typed (`source` gives the choices, `initial` is typed already); Escape cancels (exit 3). */
  search<T>(message: string, source: (typed: string) => readonly Choice<T>[], initial?: string): Promise<T>;
}

export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
}

/** A prompter for a run where nobody may be asked: every question is refused, saying `why` (exit 2). */
export function nobodyToAsk(why: string): Prompter {
  const refuse = (): never => {
    throw usageError(why);
  };
  return { interactive: false, confirm: refuse, password: refuse, select: refuse, search: refuse };
}
