// What changed between two readings of one source (an object or a filtered list), items told apart
// by id and compared by their JSON text as sent (core/sent-json.ts). The first reading is all
// `added`; an item no longer read is `deleted` with its last state. A reading is taken in item by
// item as pages arrive, and only each item's text is kept between readings (decisions/018-watching-in-bounded-memory.md).

import { readJson } from '../../core/sent-json.js';
import { jsonText } from '../../output/json-text.js';
import type { WatchEvent } from '../../output/printer.js';

/** A change as a watch prints it: `at` is the time of the reading that saw it. */
export type Change<T> = WatchEvent<T>;

/** What is kept of an item between readings. */
interface Known {
  text: string;
  /** The last reading that saw it. */
  reading: number;
  /** Its place in the last finished reading that saw it (deletions come in that order). */
  place: number;
  /** Its place in the reading under way. */
  nextPlace: number;
}

export class ChangeTracker<T extends { id: string }> {
  private readonly known = new Map<string, Known>();
  private reading = 0;
  private place = 0;
  /** The items of the reading under way that differ from what is known, by id, in the order last seen. */
  private readonly differing = new Map<string, { item: T; text: string; place: number }>();

  /** How many items the last finished reading held. */
  get size(): number {
    return this.known.size;
  }

  /** A new reading starts; one that was under way and never ended counts for nothing. */
  begin(): void {
    this.reading += 1;
    this.place = 0;
    this.differing.clear();
  }

  /** One item of the reading under way; an id read twice (the list moved while paged) counts once, as last seen. */
  see(item: T): void {
    const place = this.place++;
    const text = jsonText(item);
    const known = this.known.get(item.id);
    this.differing.delete(item.id);
    if (known) {
      known.reading = this.reading;
      known.nextPlace = place;
      if (known.text === text) return;
    }
    this.differing.set(item.id, { item, text, place });
  }

  /** The reading is complete: its changes, in the reading's order (deletions last, in the previous reading's order). */
  end(at: string): Change<T>[] {
    const changes: Change<T>[] = [];
    for (const [id, { item, text, place }] of this.differing) {
      const known = this.known.get(id);
      if (known) {
        known.text = text;
        changes.push({ type: 'modified', at, object: item });
      } else {
        this.known.set(id, { text, reading: this.reading, place, nextPlace: place });
        changes.push({ type: 'added', at, object: item });
      }
    }
    this.differing.clear();
    const gone: Known[] = [];
    for (const [id, known] of this.known) {
      if (known.reading === this.reading) {
        known.place = known.nextPlace;
      } else {
        gone.push(known);
        this.known.delete(id);
      }
    }
    gone.sort((a, b) => a.place - b.place);
    for (const known of gone) changes.push({ type: 'deleted', at, object: readJson(known.text) as T });
    return changes;
  }

  /** A whole reading at once. */
  next(items: readonly T[], at: string): Change<T>[] {
    this.begin();
    for (const item of items) this.see(item);
    return this.end(at);
  }
}
