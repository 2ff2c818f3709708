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

  it('refuses a capacity that is not a positive integer', () => {
    for (const capacity of [0, -1, 1.5, Number.NaN]) expect(() => createMemorySeenStore(capacity)).toThrow(RangeError);
  });
});
