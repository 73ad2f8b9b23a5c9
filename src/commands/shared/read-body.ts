// A request body (or a field's value) read from a file or stdin (`-`): `presets create --file`,
// `api --input`, `api -F key=@file`. Read without holding up this thread, so that Ctrl-C can
// abandon it at any moment, a FIFO that nobody writes to included; and bounded (MAX_BODY_BYTES).
import { InputTooLarge, MAX_BODY_BYTES, readFileAtMost } from '../../core/bounded-read.js';
import { usageError, type GwctlError } from '../../core/errors.js';
import type { Io } from '../../core/io.js';

/**
 * The text of `source` (`-` for stdin); `named` names it when too large (exit 2), `cannotRead` makes
 * the caller's error. `budget`: what a body of several values (`api -F a=@f -F b=@g`) has left.
 */
export async function readBody(
  io: Io,
  source: string,
  named: string,
  cannotRead: (error: NodeJS.ErrnoException) => GwctlError,
  budget = MAX_BODY_BYTES,
): Promise<string> {
  try {
    if (source === '-') return await io.readStdin(budget);
    return (await readFileAtMost(source, budget)).toString('utf8');
  } catch (error) {
    if (error instanceof InputTooLarge)
      throw budget < MAX_BODY_BYTES ? bodyTooLarge(`with ${named}, the request body`) : bodyTooLarge(named);
    if ((error as NodeJS.ErrnoException).code !== undefined) throw cannotRead(error as NodeJS.ErrnoException);
    throw error;
  }
}

/** The refusal of a body (or what is `named`) larger than the bound: exit 2. */
export function bodyTooLarge(named: string): GwctlError {
  return usageError(`${named} is larger than ${MAX_BODY_BYTES / 2 ** 20} MiB, the most a request body may be`);
}
