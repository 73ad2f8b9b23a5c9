// What changed between two readings of the same source (one object, or a whole filtered
// list): items are told apart by id and compared by content. The first reading makes every
// item `added`; later ones only what differs. An item the reading no longer holds (gone, or no
// longer matching the filters) is `deleted`, carrying the last state seen.
//
// A reading is taken in item by item as its pages arrive (`begin`, `see` for each item, `end`),
// so that nothing of a page outlives it unless it changed: between readings only each item's
// JSON text is kept (as the server sent it, core/sent-json.ts, so that a change of a number's
// text is a change too), and an item that did not change keeps the text already held. A 10,000-intern
// watch then holds one string per intern, and each reading leaves next to nothing behind for the
// garbage collector to carry (measured in bench/README.md, "Watching"). A deleted item's last
// state is parsed back from its text.

import { readJson } from '../../core/sent-json.js';
import { jsonText } from '../../output/json-text.js';

export type ChangeType = 'added' | 'modified' | 'deleted';

export interface Change<T> {
  type: ChangeType;
  /** The time of the reading that saw the change (ISO 8601). */
  at: string;
  object: T;
}

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

  /**
   * One item of the reading under way. An id the reading holds twice (a list that moved while
   * its pages were read) counts once, as last seen.
   */
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
