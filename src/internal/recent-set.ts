/**
 * A set that remembers only the latest keys added: what the webhook's seen store and the file
 * store's re-delivery check keep, with a bound on memory and constant time at any size.
 * @module
 */

/** A set of the last `capacity` keys added. */
export interface RecentSet {
  /** Whether the key is among the remembered ones. */
  has(key: string): boolean;
  /** Adds a key (one already remembered changes nothing); past capacity the oldest is forgotten. */
  add(key: string): void;
  /** How many keys it holds (at most `capacity`). */
  readonly size: number;
}

/**
 * A new set of at most `capacity` keys. `has` and `add` take constant time at any size: the keys
 * sit in a ring beside a `Set`, the ring grown on demand up to `capacity` (a small user never
 * allocates all of it); a new key past capacity takes the slot of the oldest. No iteration over
 * the `Set`, whose deleted entries would otherwise be walked on every eviction.
 */
export function createRecentSet(capacity: number): RecentSet {
  const keys = new Set<string>();
  const ring: string[] = [];
  let oldest = 0;
  return {
    get size() {
      return keys.size;
    },
    has: (key) => keys.has(key),
    add(key) {
      if (keys.has(key)) return;
      keys.add(key);
      if (ring.length < capacity) {
        ring.push(key);
        return;
      }
      keys.delete(ring[oldest] as string);
      ring[oldest] = key;
      oldest = oldest + 1 === capacity ? 0 : oldest + 1;
    },
  };
}
