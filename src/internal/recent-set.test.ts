import { describe, expect, it } from 'vitest';
import { createRecentSet } from './recent-set';

describe('createRecentSet', () => {
  it('remembers the latest keys and forgets the oldest first, one at a time', () => {
    const recent = createRecentSet(3);
    for (const key of ['a', 'b', 'c']) recent.add(key);
    expect([recent.size, recent.has('a'), recent.has('c')]).toEqual([3, true, true]);
    recent.add('d');
    expect([recent.size, recent.has('a'), recent.has('b'), recent.has('d')]).toEqual([3, false, true, true]);
    recent.add('e');
    recent.add('f');
    recent.add('g');
    expect(['b', 'c', 'd', 'e', 'f', 'g'].map((key) => recent.has(key))).toEqual([false, false, false, true, true, true]);
  });

  it('adding a remembered key changes nothing: it is not moved to the front', () => {
    const recent = createRecentSet(2);
    recent.add('a');
    recent.add('b');
    recent.add('a');
    recent.add('c');
    expect([recent.has('a'), recent.has('b'), recent.has('c'), recent.size]).toEqual([false, true, true, 2]);
  });
});
