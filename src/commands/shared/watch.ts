// `--watch`: poll a source through the one polling loop, turn readings into events (changes.ts) and
// print them until interrupted. A retryable failure is a line on stderr and the watch goes on; 401
// and 403 end it (exit 4), as does any other; a watched object gone ends it, exit 0, after `deleted`.
import { GwctlError } from '../../core/errors.js';
import { ExitCode } from '../../core/exit-codes.js';
import { spanText } from '../../core/options.js';
import { sanitizeField } from '../../core/sanitize.js';
import { keepYoungGenerationSmall } from '../../core/v8-flags.js';
import type { Deps } from '../context.js';
import type { EventOutput } from '../../output/printer.js';
import { ChangeTracker } from './changes.js';
import { pollUntil } from './poll.js';

/** One reading: each page handed to `page` as it arrives; `gone`, with no page, when the watched object answered 404 or 410. */
export type Reader<T> = (page: (items: readonly T[]) => void) => Promise<'gone' | undefined>;

export interface WatchOptions<T extends { id: string }> {
  deps: Pick<Deps, 'clock' | 'signal' | 'io'>;
  intervalMs: number;
  read: Reader<T>;
  /** Where the events go: the printer's event output. */
  output: EventOutput<T>;
}

export async function watch<T extends { id: string }>(options: WatchOptions<T>): Promise<void> {
  const { deps, output } = options;
  keepYoungGenerationSmall();
  const tracker = new ChangeTracker<T>();
  // Only a view that redraws the whole list (a terminal) needs each reading's items kept.
  const keep = output.poll !== undefined;
  const read = async (): Promise<boolean> => {
    const items: T[] = [];
    tracker.begin();
    // A gone object hands no page: the reading is empty, and what was known is deleted.
    const gone =
      (await options.read((page) => {
        for (const item of page) tracker.see(item);
        if (keep) items.push(...page);
      })) === 'gone';
    const at = new Date(deps.clock.now()).toISOString();
    const changes = tracker.end(at);
    for (const change of changes) await output.event(change);
    await output.poll?.({ at, items, changes });
    return gone;
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
        const message = sanitizeField(
          error instanceof GwctlError ? `${error.status ? `HTTP ${error.status}: ` : ''}${error.message}` : String(error),
        );
        // A view redrawn in place shows it in its status line: a line on stderr would land in the table.
        if (output.outage?.(message, waitMs)) return;
        deps.io.err(`gwctl: ${message}; still watching, next poll in ${spanText(waitMs)}\n`);
      },
    });
  } finally {
    await output.end?.();
  }
}

/** A single object's reader: once seen, its own answer that it is gone (shared/gone.ts) ends the watch; other failures are errors. */
export function objectReader<T>(read: () => Promise<T>, isGone: (error: unknown) => boolean): Reader<T> {
  let seen = false;
  return async (page) => {
    try {
      const object = await read();
      seen = true;
      page([object]);
      return undefined;
    } catch (error) {
      if (seen && isGone(error)) return 'gone';
      throw error;
    }
  };
}
