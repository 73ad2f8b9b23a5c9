// Questions in accessible mode (GWCTL_ACCESSIBLE): each is a line written once and an answer
// typed after it, read a line at a time; nothing is redrawn, so a screen reader reads each line
// once (as gh's accessible prompter does). A choice among several is a numbered list, answered
// by its number. A key is read without echo and without a mask that would redraw.
import { cancelledError, GwctlError } from '../core/errors.js';
import { ExitCode } from '../core/exit-codes.js';
import type { Choice } from '../core/prompter.js';

/** The most choices listed at once; a search narrows them by what is typed. */
const LISTED = 30;

/** Where a question is asked and answered. */
export interface Terminal {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  signal: AbortSignal;
}

export async function plainConfirm(t: Terminal, message: string): Promise<boolean> {
  const answer = await line(t, `${message} (y/N) `);
  return /^y(es)?$/i.test(answer.trim());
}

export async function plainPassword(t: Terminal, message: string): Promise<string> {
  const answer = await line(t, `${message} (not shown as you type) `, { hidden: true });
  t.output.write('\n');
  return answer;
}

export async function plainSelect<T>(t: Terminal, message: string, choices: readonly Choice<T>[]): Promise<T> {
  t.output.write(`${message}\n${numbered(choices)}`);
  for (;;) {
    const answer = (await line(t, `Number (1-${choices.length}): `)).trim();
    const n = Number(answer);
    if (Number.isInteger(n) && n >= 1 && n <= choices.length) return choices[n - 1]!.value;
    t.output.write(`${answer || 'Nothing'} is not a number from 1 to ${choices.length}.\n`);
  }
}

export async function plainSearch<T>(
  t: Terminal,
  message: string,
  source: (typed: string) => readonly Choice<T>[],
  initial = '',
): Promise<T> {
  let typed = initial;
  for (;;) {
    const choices = source(typed);
    if (choices.length === 0) {
      typed = (await line(t, `${message}: nothing matches "${typed}". Type part of a name (empty for all): `)).trim();
      continue;
    }
    const shown = choices.slice(0, LISTED);
    const more = choices.length > shown.length ? `${choices.length - shown.length} more; type part of a name to narrow.\n` : '';
    t.output.write(`${message}\n${numbered(shown)}${more}`);
    const answer = (await line(t, `Number (1-${shown.length}), or text to narrow: `)).trim();
    const n = Number(answer);
    if (answer !== '' && Number.isInteger(n) && n >= 1 && n <= shown.length) return shown[n - 1]!.value;
    if (answer === '') throw cancelledError();
    typed = answer;
  }
}

function numbered<T>(choices: readonly Choice<T>[]): string {
  return choices.map((c, i) => `${i + 1}. ${c.name}${c.description ? ` (${c.description})` : ''}\n`).join('');
}

/** Writes `question`, reads a line in raw mode (no echo for a hidden answer, Ctrl-C seen); a visible answer is echoed once. */
function line(t: Terminal, question: string, { hidden = false } = {}): Promise<string> {
  const input = t.input as NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(on: boolean): void };
  const raw = input.isTTY === true && typeof input.setRawMode === 'function';
  t.output.write(question);
  return new Promise<string>((resolve, reject) => {
    let text = '';
    const done = (error: Error | undefined, value = ''): void => {
      input.off('data', onData);
      input.off('end', interrupted);
      t.signal.removeEventListener('abort', interrupted);
      if (raw) input.setRawMode!(false);
      input.pause();
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer | string): void => {
      for (const ch of chunk.toString()) {
        if (ch === '\u0003') return interrupted();
        if (ch === '\r' || ch === '\n') {
          if (raw && !hidden) t.output.write('\n');
          return done(undefined, text);
        }
        if (ch === '\u007f' || ch === '\b') {
          // Backspace: the character goes; in raw mode the terminal is told to rub it out only
          // for a visible answer (erasing one character, not redrawing the line).
          if (text && raw && !hidden) t.output.write('\b \b');
          text = text.slice(0, -1);
          continue;
        }
        text += ch;
        if (raw && !hidden) t.output.write(ch);
      }
    };
    // Ctrl-C typed, the input ended, or the run interrupted.
    const interrupted = (): void => done(new GwctlError('interrupted', ExitCode.interrupted));
    if (raw) input.setRawMode!(true);
    input.on('data', onData);
    input.on('end', interrupted);
    t.signal.addEventListener('abort', interrupted, { once: true });
    input.resume();
  });
}
