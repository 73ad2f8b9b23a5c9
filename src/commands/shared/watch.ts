// `--watch`: poll a source (one object by id, or a whole filtered list over every page) through
// the one polling loop, turn each reading into events (changes.ts) and hand them to the output,
// until interrupted. Failures as the contract says: a retryable one (after the client's retries)
// is one line on stderr and the watch goes on at the next interval; 401 and 403 end it (exit 4),
// as does any other failure not worth retrying; a watched object that is gone ends it, exit 0,
// after its `deleted` event.
import { GwctlError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import { spanText } from '../../core/options.js';
import { sanitizeField } from '../../core/sanitize.js';
import type { Deps } from '../context.js';
import { ChangeTracker, type Change } from './changes.js';
import { pollUntil } from './poll.js';

/** One reading of the source: every item it holds now, or `gone` (a watched object that answered 404 or 410). */
export type Reading<T> = readonly T[] | 'gone';

/** Where the events go: the printer's event output. */
export interface WatchOutput<T> {
  event(change: Change<T>): Promise<void>;
  /** After each poll's events: what the source holds now, and what changed (a terminal redraws). */
  poll?(frame: { at: string; items: readonly T[]; changes: readonly Change<T>[] }): Promise<void>;
  /** The watch is over, however it ended (a terminal view gives the screen back). */
  end?(): Promise<void>;
}

export interface WatchOptions<T extends { id: string }> {
  deps: Pick<Deps, 'clock' | 'signal' | 'io'>;
  intervalMs: number;
  read: () => Promise<Reading<T>>;
  output: WatchOutput<T>;
}

export async function watch<T extends { id: string }>(options: WatchOptions<T>): Promise<void> {
  const { deps, output } = options;
  const tracker = new ChangeTracker<T>();
  const read = async (): Promise<boolean> => {
    const reading = await options.read();
    const at = new Date(deps.clock.now()).toISOString();
    const items = reading === 'gone' ? [] : reading;
    const changes = tracker.next(items, at);
    for (const change of changes) await output.event(change);
    await output.poll?.({ at, items, changes });
    return reading === 'gone';
  };
  try {
    await pollUntil({
      deps,
      read,
      done: (gone) => gone,
      intervalMs: options.intervalMs,
      // A change is to be seen within one interval of the last reading, however long reading takes.
      fromStart: true,
      recover: (error) => error instanceof GwctlError && error.exitCode === ExitCode.transient,
      onFailure: (error, waitMs) => {
        // As a failure is reported: the HTTP status first, when there is one.
        const message = error instanceof GwctlError ? `${error.status ? `HTTP ${error.status}: ` : ''}${error.message}` : String(error);
        deps.io.err(`gwctl: ${sanitizeField(message)}; still watching, next poll in ${spanText(waitMs)}\n`);
      },
    });
  } finally {
    await output.end?.();
  }
}

/** A single object's reader: once it has been seen, 404 or 410 means it is gone; before, it is the error it is. */
export function objectReader<T>(read: () => Promise<T>): () => Promise<Reading<T>> {
  let seen = false;
  return async () => {
    try {
      const object = await read();
      seen = true;
      return [object];
    } catch (error) {
      if (seen && error instanceof GwctlError && error.exitCode === ExitCode.notFound) return 'gone';
      throw error;
    }
  };
}
