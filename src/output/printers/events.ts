// The columns of a watch event's row: its type, then the object's columns.
import type { NamedColumn } from '../columns.js';
import type { WatchEvent } from '../printer.js';

export function eventColumns<T>(columns: readonly NamedColumn<T>[]): NamedColumn<WatchEvent<T>>[] {
  return [
    { name: 'type', header: 'TYPE', value: (e) => e.type },
    ...columns.map((c): NamedColumn<WatchEvent<T>> => ({
      name: c.name,
      header: c.header,
      value: (e) => c.value(e.object),
      ...(c.raw ? { raw: (e: WatchEvent<T>) => c.raw!(e.object) } : {}),
      ...(c.key !== undefined ? { key: c.key } : {}),
      ...(c.flexible ? { flexible: c.flexible } : {}),
      ...(c.whole ? { whole: c.whole } : {}),
      ...(c.priority !== undefined ? { priority: c.priority } : {}),
    })),
  ];
}
