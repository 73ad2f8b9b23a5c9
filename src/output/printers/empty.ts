import type { Io } from '../../core/io.js';

/** `No interns.` on stderr when a list printed nothing to a person, whom an empty table would tell nothing. */
export function emptyNote(io: Io, note: string | undefined): void {
  if (note !== undefined && io.stdoutIsTTY) io.err(`${note}\n`);
}
