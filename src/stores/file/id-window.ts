/**
 * The latest ids of a conversation, a bounded number of them: what the file store checks a
 * re-delivery against without keeping every id it ever wrote.
 * @module
 */

/** A set of the last `capacity` ids added. */
export interface IdWindow {
  has(id: string): boolean;
  /** Adds an id (an id already in the window changes nothing); past capacity the oldest is forgotten. */
  add(id: string): void;
  /** How many ids it holds (at most `capacity`). */
  readonly size: number;
}

/**
 * A new window of `capacity` ids. `has` and `add` take constant time at any size: the ids sit in
 * a ring beside a `Set`, grown on demand up to `capacity`; a new id past capacity takes the slot
 * of the oldest.
 */
export function createIdWindow(capacity: number): IdWindow {
  const ids = new Set<string>();
  const ring: string[] = [];
  let oldest = 0;
  return {
    get size() {
      return ids.size;
    },
    has: (id) => ids.has(id),
    add(id) {
      if (ids.has(id)) return;
      ids.add(id);
      if (ring.length < capacity) {
        ring.push(id);
        return;
      }
      ids.delete(ring[oldest] as string);
      ring[oldest] = id;
      oldest = (oldest + 1) % capacity;
    },
  };
}
