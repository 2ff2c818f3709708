import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from './utf8';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)));

describe('decodeUtf8', () => {
  it('decodes valid UTF-8 and reports a byte-order mark without removing it', () => {
    expect(decodeUtf8(bytes('héllo 🚀'))).toEqual({ ok: true, text: 'héllo 🚀', bom: false });
    expect(decodeUtf8(bytes([0xef, 0xbb, 0xbf], '---'))).toEqual({ ok: true, text: '\ufeff---', bom: true });
  });

  it('gives the line and column of the first invalid byte', () => {
    expect(decodeUtf8(bytes('ab\ncé🚀', [0xff], 'x'))).toEqual({ ok: false, offset: 10, at: { line: 2, column: 5 }, byte: 0xff });
    // Latin-1 "Zürich", a truncated sequence, an overlong form and a surrogate are all refused.
    for (const bad of [
      [0x5a, 0xfc, 0x72],
      [0xe2, 0x82],
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80],
    ]) {
      expect(decodeUtf8(bytes(bad)).ok).toBe(false);
    }
  });
});
