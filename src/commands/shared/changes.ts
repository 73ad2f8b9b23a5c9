// What changed between two readings of the same source (one object, or a whole filtered
// list): items are told apart by id and compared by content. The first reading makes every
// item `added`; later ones only what differs. An item the reading no longer holds (gone, or no
// longer matching the filters) is `deleted`, carrying the last state seen.
//
// Only each item's JSON text is kept between readings (a 10,000-intern watch holds one string
// per intern, not two object graphs); a deleted item's last state is parsed back from it.

export type ChangeType = 'added' | 'modified' | 'deleted';

export interface Change<T> {
  type: ChangeType;
  /** The time of the reading that saw the change (ISO 8601). */
  at: string;
  object: T;
}

export class ChangeTracker<T extends { id: string }> {
  private known = new Map<string, string>();

  /** How many items the last reading held. */
  get size(): number {
    return this.known.size;
  }

  /**
   * The changes since the previous reading, in the reading's order (deletions last). An id the
   * reading holds twice (a list that moved while its pages were read) counts once, as last seen.
   */
  next(items: readonly T[], at: string): Change<T>[] {
    const seen = new Map<string, { item: T; text: string }>();
    for (const item of items) {
      seen.delete(item.id);
      seen.set(item.id, { item, text: JSON.stringify(item) });
    }
    const changes: Change<T>[] = [];
    for (const [id, { item, text }] of seen) {
      const before = this.known.get(id);
      if (before === undefined) changes.push({ type: 'added', at, object: item });
      else if (before !== text) changes.push({ type: 'modified', at, object: item });
    }
    for (const [id, text] of this.known) {
      if (!seen.has(id)) changes.push({ type: 'deleted', at, object: JSON.parse(text) as T });
    }
    this.known = new Map([...seen].map(([id, { text }]) => [id, text]));
    return changes;
  }
}
