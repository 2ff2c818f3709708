import { afterEach, describe, expect, it, vi } from 'vitest';
import { naiveLocalTimestamp, newUuid } from './defaults';

/** The service's format written out field by field, without any caching. */
function reference(date: Date): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const base =
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return date.getMilliseconds() === 0 ? base : `${base}.${pad(date.getMilliseconds() * 1000, 6)}`;
}

describe('naiveLocalTimestamp', () => {
  it('writes local time with microseconds, leaving out a zero fraction', () => {
    const base = new Date(2026, 5, 16, 5, 39, 18).getTime();
    expect(naiveLocalTimestamp(new Date(base + 809))).toBe('2026-06-16T05:39:18.809000');
    expect(naiveLocalTimestamp(new Date(base))).toBe('2026-06-16T05:39:18');
    expect(naiveLocalTimestamp(new Date(base + 7))).toBe('2026-06-16T05:39:18.007000');
    expect(naiveLocalTimestamp(new Date(base + 42))).toBe('2026-06-16T05:39:18.042000');
    expect(naiveLocalTimestamp(new Date(base + 1999))).toBe('2026-06-16T05:39:19.999000');
  });

  it('matches the field-by-field format for instants in any order, across seconds, days and years', () => {
    const instants = [
      0, 999, 1000, 86_399_999, 86_400_000, 1_781_600_000_123, 1_781_600_000_124, 1_781_600_001_000, -1, -1001, 4_102_444_800_001,
    ];
    for (const time of [...instants, ...instants.reverse()]) expect(naiveLocalTimestamp(new Date(time))).toBe(reference(new Date(time)));
  });

  it('writes the current time when called without a date', () => {
    const before = Date.now();
    const text = naiveLocalTimestamp();
    const after = Date.now();
    const candidates = new Set<string>();
    for (let time = before; time <= after; time++) candidates.add(reference(new Date(time)));
    expect(candidates.has(text)).toBe(true);
  });

  describe('called again within a millisecond', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('writes the same text, and the next millisecond, second or explicit date anew', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const base = new Date(2026, 5, 16, 5, 39, 18, 998).getTime();
      vi.setSystemTime(base);
      expect(naiveLocalTimestamp()).toBe('2026-06-16T05:39:18.998000');
      expect(naiveLocalTimestamp()).toBe('2026-06-16T05:39:18.998000');
      expect(naiveLocalTimestamp(new Date(base - 998))).toBe('2026-06-16T05:39:18');
      expect(naiveLocalTimestamp()).toBe('2026-06-16T05:39:18.998000');
      vi.setSystemTime(base + 1);
      expect(naiveLocalTimestamp()).toBe('2026-06-16T05:39:18.999000');
      vi.setSystemTime(base + 2);
      expect(naiveLocalTimestamp()).toBe('2026-06-16T05:39:19');
      vi.setSystemTime(base + 2 + 86_400_000);
      expect(naiveLocalTimestamp()).toBe('2026-06-17T05:39:19');
    });
  });
});

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newUuid', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is a fresh hyphenated UUID4', () => {
    const a = newUuid();
    expect(a).toMatch(UUID4);
    expect(newUuid()).not.toBe(a);
  });

  it('stays a fresh UUID4 across many batches of random bytes, every digit and variant drawn', () => {
    const ids = Array.from({ length: 5000 }, () => newUuid());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(UUID4);
    // Every random position takes each of its values (a position stuck on some digits would not).
    for (const position of [0, 1, 7, 9, 15, 20, 21, 35]) expect(new Set(ids.map((id) => id[position])).size).toBe(16);
    expect(new Set(ids.map((id) => id[19]))).toEqual(new Set(['8', '9', 'a', 'b']));
  });

  it('writes each random byte as two hex digits, but for the version digit and two bits of the variant', () => {
    const bytes = (values: number[]) => (array: ArrayBufferView | null) => {
      const view = array as Uint8Array;
      for (let i = 0; i < view.length; i++) view[i] = values[i % 16] as number;
      return array;
    };
    const draws = vi.spyOn(globalThis.crypto, 'getRandomValues');
    draws.mockImplementation(bytes(Array.from({ length: 16 }, (_, i) => i * 17)) as typeof crypto.getRandomValues);
    // A fresh batch: draw the rest of the current one first (1,024 ids a batch).
    for (let i = 0; i < 1024 && draws.mock.calls.length === 0; i++) newUuid();
    expect(newUuid()).toBe('00112233-4455-4677-8899-aabbccddeeff');
    draws.mockImplementation(bytes([0xff, 0, 0, 0, 0, 0, 0xff, 0, 0xff, 0, 0, 0, 0, 0, 0, 0xa5]) as typeof crypto.getRandomValues);
    for (let i = 0; i < 1023; i++) newUuid();
    expect(draws).toHaveBeenCalledTimes(2);
    expect(newUuid()).toBe('ff000000-0000-4f00-bf00-0000000000a5');
  });

  it('draws its randomness from Web Crypto in batches, one call per 1,024 ids', () => {
    const draws = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const randomUUID = vi.spyOn(globalThis.crypto, 'randomUUID');
    for (let i = 0; i < 10_240; i++) newUuid();
    expect(draws.mock.calls.length).toBeGreaterThanOrEqual(10);
    expect(draws.mock.calls.length).toBeLessThanOrEqual(11);
    expect(randomUUID).not.toHaveBeenCalled();
  });
});
