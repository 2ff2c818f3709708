/**
 * Remembering which events were already delivered, so a re-delivery is acknowledged without
 * running listeners twice.
 * @module
 */
import { createFingerprintRing, type FingerprintRing } from './fingerprint-ring';

/** Where the handler records delivered event keys (`<conversation id>:<event id>`). */
export interface SeenStore {
  /** Whether the key was recorded. */
  has(key: string): boolean | Promise<boolean>;
  /** Records the key. */
  add(key: string): void | Promise<void>;
}

/**
 * An in-memory {@link SeenStore} that remembers the last `capacity` keys recorded (default 100,000)
 * and forgets the oldest first. `has` and `add` take constant time at any size. It keeps a 64-bit
 * fingerprint of each key instead of the key (under 32 bytes a key at capacity, whatever the key's
 * length, and nothing for the garbage collector): two different keys share a fingerprint with a
 * probability of about 2^-64, so at capacity about one lookup in 10^14 could take a fresh event for
 * a delivered one. Recording a key that is already known changes nothing.
 *
 * A process restart forgets everything: give the handler a persistent store (or make listeners
 * idempotent, as the file store is) when that matters.
 */
export function createMemorySeenStore(capacity = 100_000): SeenStore & { readonly size: number } {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
  const recent = createFingerprintRing(capacity);
  const store = {
    /** How many keys are remembered (at most `capacity`). */
    get size() {
      return recent.size;
    },
    has: (key: string) => recent.has(key),
    add: (key: string) => recent.add(key),
  };
  rings.set(store, { ring: recent, has: store.has, add: store.add });
  return store;
}

/** The ring behind each memory seen store, with the `has` and `add` it was made with. */
const rings = /* @__PURE__ */ new WeakMap<SeenStore, { ring: FingerprintRing; has: SeenStore['has']; add: SeenStore['add'] }>();

/**
 * The fingerprints behind a memory seen store, which the handler reads and records by parts
 * (`<conversation id>:` and the event id) without joining them into keys; `undefined` for any
 * other store, and for a memory store whose `has` or `add` was replaced.
 */
export function memoryRingOf(seen: SeenStore): FingerprintRing | undefined {
  const entry = rings.get(seen);
  return entry && entry.has === seen.has && entry.add === seen.add ? entry.ring : undefined;
}
