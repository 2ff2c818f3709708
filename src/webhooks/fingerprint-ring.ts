/**
 * The memory seen store's bookkeeping: the last keys recorded, each kept as a 64-bit fingerprint
 * in typed arrays (a ring in the order recorded, and an open-addressing index over it). No key
 * string is retained, so a store at capacity holds a few megabytes whatever the keys' length, and
 * recording a key leaves nothing for the garbage collector to move or mark.
 * @module
 */

/** A set of the fingerprints of the last `capacity` keys recorded. */
export interface FingerprintRing {
  /** Whether the key's fingerprint is among the remembered ones. */
  has(key: string): boolean;
  /** Records the key's fingerprint (a known one changes nothing); past capacity the oldest is forgotten. */
  add(key: string): void;
  /** {@link has} of the key `prefix + rest`, without building it. */
  hasParts(prefix: string, rest: string): boolean;
  /** {@link add} of the key `prefix + rest`, without building it. */
  addParts(prefix: string, rest: string): void;
  /** How many fingerprints it holds (at most `capacity`). */
  readonly size: number;
}

/** The murmur3 finalizer: every bit of the input moves every bit of the output. */
function mix(value: number): number {
  let h = value;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** A step of a fingerprint's first hash over two UTF-16 units. */
const stepFirst = (hash: number, units: number) => Math.imul(hash ^ units, 0x01000193);

/** A step of a fingerprint's second hash over two UTF-16 units. */
function stepSecond(hash: number, units: number): number {
  const h = Math.imul(hash ^ units, 0x5bd1e995);
  return (h << 13) | (h >>> 19);
}

/** The table a ring of `count` entries starts with or grows to: a power of two at least twice `count`. */
const tableSize = (count: number) => 2 ** Math.ceil(Math.log2(Math.max(16, count * 2)));

/**
 * A new ring of at most `capacity` fingerprints. A fingerprint is two 32-bit hashes of the key's
 * UTF-16 units, two at a time (multiplicative hashes with different multipliers, seeded per ring), so two
 * different keys share one with a probability of about 2^-64 per pair: at capacity (100,000 keys),
 * about one lookup in 10^14 could take a fresh key for a known one. The index is kept at most half
 * full (linear probing, entries moved back on removal, no tombstones); the arrays grow on demand
 * up to capacity, so a small user never allocates all of it.
 */
export function createFingerprintRing(capacity: number): FingerprintRing {
  const seed = globalThis.crypto.getRandomValues(new Int32Array(1))[0] as number;
  const startA = seed ^ 0x811c9dc5;
  const startB = seed ^ 0x2545f491;
  // The two hashes of the key being hashed.
  let runA = 0;
  let runB = 0;
  /** Hashes the units of `text` from `from` up to `to`, two a step (past the end, charCodeAt is NaN, which `<<` makes 0; the length is mixed in at the end). */
  const hashUnits = (text: string, from: number, to: number) => {
    let a = runA;
    let b = runB;
    for (let i = from; i < to; i += 2) {
      const units = text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16);
      a = stepFirst(a, units);
      b = stepSecond(b, units);
    }
    runA = a;
    runB = b;
  };
  // The fingerprint of the key last hashed.
  let first = 0;
  let second = 0;
  const finish = (length: number) => {
    first = mix(runA ^ length);
    second = mix(runB ^ Math.imul(length, 0x27d4eb2f));
    // (0, 0) marks an empty slot of the index.
    if (first === 0 && second === 0) second = 1;
  };
  const fingerprint = (key: string) => {
    runA = startA;
    runB = startB;
    hashUnits(key, 0, key.length);
    finish(key.length);
  };

  // The prefix last hashed by parts, and the hashes of its units up to an even count: keys that
  // share a prefix (one conversation's events) hash it once.
  let prefixHashed: string | undefined;
  let prefixA = 0;
  let prefixB = 0;
  /** The fingerprint of `prefix + rest`, the same as {@link fingerprint} makes of the joined key. */
  const fingerprintParts = (prefix: string, rest: string) => {
    const even = prefix.length & ~1;
    if (prefix === prefixHashed) {
      runA = prefixA;
      runB = prefixB;
    } else {
      runA = startA;
      runB = startB;
      hashUnits(prefix, 0, even);
      prefixHashed = prefix;
      prefixA = runA;
      prefixB = runB;
    }
    let from = 0;
    if (even !== prefix.length) {
      // An odd prefix: its last unit and the first of the rest make one step.
      const units = prefix.charCodeAt(even) | (rest.charCodeAt(0) << 16);
      runA = stepFirst(runA, units);
      runB = stepSecond(runB, units);
      from = 1;
    }
    hashUnits(rest, from, rest.length);
    finish(prefix.length + rest.length);
  };

  let size = 0;
  let oldest = 0;
  let ringFirst = new Int32Array(Math.min(capacity, 1024));
  let ringSecond = new Int32Array(ringFirst.length);
  let mask = tableSize(ringFirst.length) - 1;
  let indexFirst = new Int32Array(mask + 1);
  let indexSecond = new Int32Array(mask + 1);

  /** The slot of the fingerprint (`first`, `second`) in the index, or of the empty slot where it would go. */
  const slotOf = (a: number, b: number) => {
    let slot = a & mask;
    for (;;) {
      const at = indexFirst[slot] as number;
      const bt = indexSecond[slot] as number;
      if ((at === a && bt === b) || (at === 0 && bt === 0)) return slot;
      slot = (slot + 1) & mask;
    }
  };
  const isEmpty = (slot: number) => indexFirst[slot] === 0 && indexSecond[slot] === 0;

  /** Empties a slot of the index, moving back the entries after it that would no longer be found. */
  const remove = (slot: number) => {
    let hole = slot;
    let next = slot;
    for (;;) {
      indexFirst[hole] = 0;
      indexSecond[hole] = 0;
      for (;;) {
        next = (next + 1) & mask;
        if (isEmpty(next)) return;
        const home = (indexFirst[next] as number) & mask;
        // An entry stays when its home lies cyclically after the hole and up to its own slot.
        const stays = hole <= next ? hole < home && home <= next : hole < home || home <= next;
        if (!stays) break;
      }
      indexFirst[hole] = indexFirst[next] as number;
      indexSecond[hole] = indexSecond[next] as number;
      hole = next;
    }
  };

  /** Grows the ring (and the index with it), keeping every entry. */
  const grow = () => {
    const length = Math.min(capacity, ringFirst.length * 2);
    const first = new Int32Array(length);
    const second = new Int32Array(length);
    first.set(ringFirst);
    second.set(ringSecond);
    ringFirst = first;
    ringSecond = second;
    mask = tableSize(length) - 1;
    indexFirst = new Int32Array(mask + 1);
    indexSecond = new Int32Array(mask + 1);
    for (let i = 0; i < size; i++) {
      const slot = slotOf(ringFirst[i] as number, ringSecond[i] as number);
      indexFirst[slot] = ringFirst[i] as number;
      indexSecond[slot] = ringSecond[i] as number;
    }
  };

  /** Records the fingerprint last made (`first`, `second`), unless it is known. */
  const record = () => {
    const a = first;
    const b = second;
    if (!isEmpty(slotOf(a, b))) return;
    if (size === capacity) {
      // Full: the oldest fingerprint leaves the index, and the new one takes its place in the ring.
      remove(slotOf(ringFirst[oldest] as number, ringSecond[oldest] as number));
      ringFirst[oldest] = a;
      ringSecond[oldest] = b;
      oldest = oldest + 1 === capacity ? 0 : oldest + 1;
    } else {
      if (size === ringFirst.length) grow();
      ringFirst[size] = a;
      ringSecond[size] = b;
      size++;
    }
    const slot = slotOf(a, b);
    indexFirst[slot] = a;
    indexSecond[slot] = b;
  };

  return {
    get size() {
      return size;
    },
    has(key) {
      fingerprint(key);
      return !isEmpty(slotOf(first, second));
    },
    add(key) {
      fingerprint(key);
      record();
    },
    hasParts(prefix, rest) {
      fingerprintParts(prefix, rest);
      return !isEmpty(slotOf(first, second));
    },
    addParts(prefix, rest) {
      fingerprintParts(prefix, rest);
      record();
    },
  };
}
