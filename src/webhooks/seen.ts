/**
 * Remembering which events were already delivered, so a re-delivery is acknowledged without
 * running listeners twice.
 * @module
 */

/** Where the handler records delivered event keys (`<conversation id>:<event id>`). */
export interface SeenStore {
  /** Whether the key was recorded. */
  has(key: string): boolean | Promise<boolean>;
  /** Records the key. */
  add(key: string): void | Promise<void>;
}

/**
 * An in-memory {@link SeenStore} that remembers the last `capacity` keys recorded (default 100,000)
 * and forgets the oldest first. `has` and `add` take constant time at any size: the keys sit in a
 * ring of fixed length beside a `Set`, and recording a new key past capacity overwrites the oldest
 * slot. Recording a key that is already known changes nothing.
 *
 * A process restart forgets everything: give the handler a persistent store (or make listeners
 * idempotent, as the file store is) when that matters.
 */
export function createMemorySeenStore(capacity = 100_000): SeenStore & { readonly size: number } {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
  const keys = new Set<string>();
  // Grown on demand up to `capacity`, so a small receiver never allocates the whole ring.
  const ring: string[] = [];
  let oldest = 0;
  return {
    /** How many keys are remembered (at most `capacity`). */
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
      // Full: the slot of the oldest key takes the new one. No iteration over the Set, whose
      // deleted entries would otherwise be walked on every eviction.
      keys.delete(ring[oldest] as string);
      ring[oldest] = key;
      oldest = oldest + 1 === capacity ? 0 : oldest + 1;
    },
  };
}
