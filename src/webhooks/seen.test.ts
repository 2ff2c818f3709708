import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createMemorySeenStore } from './seen';

describe('createMemorySeenStore', () => {
  it('remembers exactly the last `capacity` keys, oldest forgotten first', () => {
    const seen = createMemorySeenStore(3);
    for (const key of ['a', 'b', 'c', 'd']) seen.add(key);
    expect(['a', 'b', 'c', 'd'].map((key) => seen.has(key))).toEqual([false, true, true, true]);
    seen.add('e');
    expect(['b', 'c', 'd', 'e'].map((key) => seen.has(key))).toEqual([false, true, true, true]);
  });

  it('records a known key once: adding it again neither refreshes it nor evicts another key', () => {
    const seen = createMemorySeenStore(2);
    seen.add('a');
    seen.add('b');
    seen.add('a');
    expect([seen.has('a'), seen.has('b')]).toEqual([true, true]);
    seen.add('c');
    expect([seen.has('a'), seen.has('b'), seen.has('c')]).toEqual([false, true, true]);
  });

  it('stays exact across many wraps of its ring, at ten times its capacity', () => {
    const capacity = 1_000;
    const seen = createMemorySeenStore(capacity);
    const total = capacity * 10;
    for (let i = 0; i < total; i++) seen.add(`k${i}`);
    let remembered = 0;
    for (let i = 0; i < total; i++) if (seen.has(`k${i}`)) remembered++;
    expect(remembered).toBe(capacity);
    expect(seen.has(`k${total - capacity - 1}`)).toBe(false);
    expect(seen.has(`k${total - capacity}`)).toBe(true);
    expect(seen.has(`k${total - 1}`)).toBe(true);
  });

  it('stays exact while its arrays grow and after, past several thousand keys', () => {
    const capacity = 3_000;
    const seen = createMemorySeenStore(capacity);
    for (let i = 0; i < capacity * 4; i++) {
      seen.add(`conversation:${i}`);
      // Known keys change nothing, as the arrays grow and after.
      seen.add(`conversation:${i}`);
      seen.add(`conversation:${Math.max(0, i - capacity + 1)}`);
    }
    expect(seen.size).toBe(capacity);
    const remembered = Array.from({ length: capacity * 4 }, (_, i) => seen.has(`conversation:${i}`));
    expect(remembered.indexOf(true)).toBe(capacity * 3);
    expect(remembered.filter(Boolean)).toHaveLength(capacity);
  });

  it('keeps no key: 20,000 keys of 2,000 characters take a few hundred kilobytes, not 40 MB', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    const seen = createMemorySeenStore(20_000);
    for (let i = 0; i < 20_000; i++) seen.add(String(i).padStart(2_000, 'k'));
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(seen.has(String(19_999).padStart(2_000, 'k'))).toBe(true);
    expect(grown).toBeLessThan(4 * 2 ** 20);
  });

  it('refuses a capacity that is not a positive integer', () => {
    for (const capacity of [0, -1, 1.5, Number.NaN]) expect(() => createMemorySeenStore(capacity)).toThrow(RangeError);
  });
});
