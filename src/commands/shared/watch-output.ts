// Where a watch's events go: the run's printer (only events reach stdout); and the watch of one
// object by id (`interns get --watch`, `batches get --watch`).
import { spanText } from '../../core/options.js';
import { commandName, type AnySpec } from '../../core/spec.js';
import type { NamedColumn } from '../../output/columns.js';
import type { Deps } from '../context.js';
import type { EventOutput } from '../../output/printer.js';
import { objectReader, watch } from './watch.js';

export interface WatchView<T> {
  /** The command's spec: its path names it in the title. */
  spec: Pick<AnySpec, 'path'>;
  columns: readonly NamedColumn<T>[];
  kind: 'table' | 'detail';
  noun: string;
  intervalMs: number;
}

export function watchOutput<T extends { id: string }>(deps: Deps, view: WatchView<T>): EventOutput<T> {
  return deps.printer.events<T>({
    columns: view.columns,
    kind: view.kind,
    title: `gwctl ${commandName(view.spec)} --watch, every ${spanText(view.intervalMs)}`,
    noun: view.noun,
    id: (item) => item.id,
  });
}

/** `get <id> --watch`: one object, read by `read`, shown as its detail view until it is gone. */
export function watchObject<T extends { id: string }>(
  deps: Deps,
  view: Omit<WatchView<T>, 'kind'>,
  read: () => Promise<T>,
  isGone: (error: unknown) => boolean,
): Promise<void> {
  return watch<T>({
    deps,
    intervalMs: view.intervalMs,
    read: objectReader(read, isGone),
    output: watchOutput(deps, { ...view, kind: 'detail' }),
  });
}
