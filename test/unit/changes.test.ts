// The diff behind --watch: items told apart by id and compared by content, taken in item by
// item as pages arrive; the order of the events; an id a reading holds twice; a reading that
// failed half-way.
import { describe, expect, it } from 'vitest';
import { ChangeTracker, type Change } from '../../src/commands/shared/changes.js';

interface Item {
  id: string;
  v: number;
}
const item = (id: string, v = 0): Item => ({ id, v });
const text = (changes: Change<Item>[]) => changes.map((c) => `${c.type} ${c.object.id}${c.object.v}`);

describe('ChangeTracker', () => {
  it('the first reading is all added, in order; then only what differs, deletions last with their last state', () => {
    const t = new ChangeTracker<Item>();
    expect(text(t.next([item('a'), item('b'), item('c')], 'T1'))).toEqual(['added a0', 'added b0', 'added c0']);
    expect(t.next([item('a'), item('b'), item('c')], 'T2')).toEqual([]);
    const changes = t.next([item('d'), item('b', 1), item('a')], 'T3');
    expect(text(changes)).toEqual(['added d0', 'modified b1', 'deleted c0']);
    expect(changes.every((c) => c.at === 'T3')).toBe(true);
    expect(t.size).toBe(3);
  });

  it('deletions come in the order the previous reading held them, not the order they were first seen', () => {
    const t = new ChangeTracker<Item>();
    t.next([item('a'), item('b')], 'T1');
    t.next([item('c'), item('b'), item('a')], 'T2');
    expect(text(t.next([], 'T3'))).toEqual(['deleted c0', 'deleted b0', 'deleted a0']);
    expect(t.size).toBe(0);
  });

  it('an id a reading holds twice counts once, as last seen, at its last place', () => {
    const t = new ChangeTracker<Item>();
    t.next([item('a'), item('b')], 'T1');
    // Changed where first seen, back as it was where last seen: no change.
    expect(t.next([item('a', 1), item('b'), item('a')], 'T2')).toEqual([]);
    // Changed where last seen: one modified, after b.
    expect(text(t.next([item('a'), item('b', 2), item('a', 3)], 'T3'))).toEqual(['modified b2', 'modified a3']);
    // New, seen twice: one added, as last seen.
    expect(text(t.next([item('n', 1), item('a', 3), item('b', 2), item('n', 2)], 'T4'))).toEqual(['added n2']);
  });

  it('a reading that never ended (a page failed) counts for nothing', () => {
    const t = new ChangeTracker<Item>();
    t.next([item('a'), item('b')], 'T1');
    t.begin();
    t.see(item('x'));
    t.see(item('a', 9));
    // The next reading starts over: x was never known, a never changed, b is still there.
    expect(text(t.next([item('b'), item('a')], 'T2'))).toEqual([]);
    expect(text(t.next([item('b')], 'T3'))).toEqual(['deleted a0']);
  });
});
