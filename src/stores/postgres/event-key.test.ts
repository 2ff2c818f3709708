import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventKey } from './event-key';

/** A surrogate that is not half of a pair (node-postgres sends it as U+FFFD). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Strings of code units that matter here: NUL, surrogates, U+FFFD, U+FFFF, quotes, backslashes. */
const unit = fc.constantFrom('a', '\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\ufffd', '\uffff', '"', '\\', 'u', '0');
const ids = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit }), fc.string({ unit: 'grapheme' }));

describe('eventKey', () => {
  it('keeps an ordinary id as it is', () => {
    for (const id of ['3f2a9c10-4a00-4a01-a001-5e1d0000b000', 'evt_1', '', 'é😀', 'q-\ufffd', 'x\uffff']) expect(eventKey(id)).toBe(id);
  });

  it('escapes an id with a NUL or a lone surrogate, and one that starts like an escaped key', () => {
    expect(eventKey('a\u0000b')).toBe('\uffff"a\\u0000b"');
    expect(eventKey('q-\ud800')).toBe('\uffff"q-\\ud800"');
    expect(eventKey('\uffff"a\\u0000b"')).toBe('\uffff"\uffff\\"a\\\\u0000b\\""');
  });

  it('gives keys PostgreSQL holds exactly, one per id', () => {
    fc.assert(
      fc.property(ids, ids, (a, b) => {
        expect(eventKey(a).includes('\u0000') || LONE_SURROGATE.test(eventKey(a))).toBe(false);
        expect(eventKey(a) === eventKey(b)).toBe(a === b);
      }),
      { numRuns: 2_000 },
    );
  });
});
