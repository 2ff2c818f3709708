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
 * An in-memory {@link SeenStore} that forgets the oldest keys past `capacity` (default 100,000).
 * A process restart forgets everything: give the handler a persistent store (or make listeners
 * idempotent, as the file store is) when that matters.
 */
export function createMemorySeenStore(capacity = 100_000): SeenStore {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
  const keys = new Set<string>();
  return {
    has: (key) => keys.has(key),
    add(key) {
      keys.delete(key);
      keys.add(key);
      if (keys.size > capacity) keys.delete(keys.values().next().value as string);
    },
  };
}
