// Questions to a person. The terminal implementation lives at the top (it loads
// @inquirer/prompts); tests give a scripted one.
export interface Prompter {
  /** Whether a person can be asked (a terminal on stdin and stderr, and no --no-input / CI). */
  readonly interactive: boolean;
  confirm(message: string): Promise<boolean>;
  password(message: string): Promise<string>;
  select<T>(message: string, choices: readonly { name: string; value: T; description?: string }[]): Promise<T>;
}
