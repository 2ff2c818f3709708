import { describe, expect, it } from 'vitest';
import { createFingerprintRing } from './fingerprint-ring';

describe('createFingerprintRing, keys by parts', () => {
  // Odd and even prefixes, empty parts, units past Latin-1 and lone surrogates.
  const prefixes = ['', 'a', 'ab', '3f2a9c10-4a00-4a01-a001-5e1d0000b000:', 'é:', '\u{1F600}', '\uD800'];
  const rests = ['', 'x', 'xy', '7a1b2c3d-0000-4000-8000-000000000001', 'ß\u{1F600}', '\uDC00z'];

  it('knows a key recorded whole when asked by parts, and the other way round', () => {
    for (const prefix of prefixes) {
      for (const rest of rests) {
        const whole = createFingerprintRing(100);
        whole.add(prefix + rest);
        expect(whole.hasParts(prefix, rest)).toBe(true);
        const parts = createFingerprintRing(100);
        parts.addParts(prefix, rest);
        expect(parts.has(prefix + rest)).toBe(true);
        // Recording it again, either way, changes nothing.
        parts.add(prefix + rest);
        parts.addParts(prefix, rest);
        expect(parts.size).toBe(1);
      }
    }
  });

  it('tells apart keys that share a prefix, or split the same text differently', () => {
    const ring = createFingerprintRing(1_000);
    const prefix = '3f2a9c10-4a00-4a01-a001-5e1d0000b000:';
    for (let i = 0; i < 500; i++) ring.addParts(prefix, `event-${i}`);
    expect(ring.size).toBe(500);
    for (let i = 0; i < 500; i++) expect(ring.hasParts(prefix, `event-${i}`)).toBe(true);
    expect(ring.hasParts(prefix, 'event-500')).toBe(false);
    // Another prefix after the first (the prefix's hashes are kept between calls), then the first again.
    expect(ring.hasParts('other:', 'event-1')).toBe(false);
    expect(ring.hasParts(prefix, 'event-1')).toBe(true);
    // The same text split elsewhere is the same key.
    expect(ring.hasParts(`${prefix}event-`, '42')).toBe(true);
    expect(ring.has(`${prefix}event-42`)).toBe(true);
  });
});
