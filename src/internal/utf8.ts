/**
 * Strict UTF-8 decoding that says where the first bad byte is, as a line and column a person can
 * open in an editor. Edge-safe.
 * @module
 */
import type { Position } from './diagnostic';

const strict = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The result of {@link decodeUtf8}. */
export type Utf8Result = { ok: true; text: string; bom: boolean } | { ok: false; offset: number; at: Position; byte: number };

/** The length of the valid UTF-8 sequence starting at `i`, or 0 when it is invalid. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const first = bytes[i] as number;
  if (first < 0x80) return 1;
  const continuation = (at: number, low = 0x80, high = 0xbf) => {
    const byte = bytes[at];
    return byte !== undefined && byte >= low && byte <= high;
  };
  if (first >= 0xc2 && first <= 0xdf) return continuation(i + 1) ? 2 : 0;
  if (first >= 0xe0 && first <= 0xef) {
    const [low, high] = first === 0xe0 ? [0xa0, 0xbf] : first === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return continuation(i + 1, low, high) && continuation(i + 2) ? 3 : 0;
  }
  if (first >= 0xf0 && first <= 0xf4) {
    const [low, high] = first === 0xf0 ? [0x90, 0xbf] : first === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return continuation(i + 1, low, high) && continuation(i + 2) && continuation(i + 3) ? 4 : 0;
  }
  return 0;
}

/**
 * Decodes bytes as strict UTF-8 (as Python's `open(encoding="utf-8")` does). A byte-order mark
 * is kept in the text and reported in `bom`; the caller decides what it means. On failure, gives
 * the offset of the first invalid byte and its line and column (columns count characters).
 */
export function decodeUtf8(bytes: Uint8Array): Utf8Result {
  try {
    const text = strict.decode(bytes);
    return { ok: true, text, bom: text.charCodeAt(0) === 0xfeff };
  } catch {
    let line = 1;
    let column = 1;
    for (let i = 0; i < bytes.length; ) {
      const length = sequenceLength(bytes, i);
      if (length === 0) return { ok: false, offset: i, at: { line, column }, byte: bytes[i] as number };
      if (bytes[i] === 0x0a) {
        line++;
        column = 1;
      } else {
        column += length === 4 ? 2 : 1;
      }
      i += length;
    }
    // The decoder refused what the scan accepts: cannot happen for well-formed input.
    return { ok: false, offset: bytes.length, at: { line, column }, byte: 0 };
  }
}
