import type { Io } from '../../core/io.js';

/**
 * `No interns.` on stderr when a list printed nothing and a person is looking at stdout: an
 * empty table, or no JSON lines at all, would otherwise say nothing.
 */
export function emptyNote(io: Io, note: string | undefined): void {
  if (note !== undefined && io.stdoutIsTTY) io.err(`${note}\n`);
}
