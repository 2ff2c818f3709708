import { describe, expect, it } from 'vitest';
import { redactHeaders, scrub, scrubHeaders, scrubText, secretPattern } from './redact';

const KEY = 'sk/test+key=0 12';

describe('secretPattern', () => {
  it('matches a key as written and in every URL encoding, in either case', () => {
    const pattern = secretPattern([KEY]);
    for (const form of [
      KEY,
      encodeURIComponent(KEY),
      encodeURIComponent(KEY).toLowerCase(),
      'sk%2ftest+key=0+12',
      'sk/test%2Bkey%3d0%2012',
      encodeURI(KEY),
    ]) {
      expect(scrubText(`[${form}]`, pattern)).toBe('[[redacted]]');
    }
    expect(scrubText('sk/test+key=0 1', pattern)).toBe('sk/test+key=0 1');
  });

  it('ignores keys too short to tell from text, and escapes pattern characters', () => {
    expect(secretPattern(['abc'])).toBeUndefined();
    expect(scrubText('a.b*c?d', secretPattern(['a.b*c?d']))).toBe('[redacted]');
    expect(scrubText('aXbbc?d', secretPattern(['a.b*c?d']))).toBe('aXbbc?d');
    expect(scrubText('Grüße!', secretPattern(['Grüße']))).toBe('[redacted]!');
    expect(scrubText('Gr%C3%BC%C3%9Fe', secretPattern(['Grüße']))).toBe('[redacted]');
  });
});

describe('scrub', () => {
  it('removes the key from strings and object keys, keeping __proto__ as data', () => {
    const value = JSON.parse(`{"${KEY}": ["${KEY}", 1], "__proto__": {"x": "${encodeURIComponent(KEY)}"}}`);
    const out = scrub(value, [KEY]) as Record<string, unknown>;
    expect(JSON.stringify(out)).toBe('{"[redacted]":["[redacted]",1],"__proto__":{"x":"[redacted]"}}');
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it('redacts secret headers by name and the key inside any other header', () => {
    const pattern = secretPattern([KEY]);
    expect(redactHeaders({ Authorization: `Bearer ${KEY}`, 'x-session-api-key': KEY, 'x-echo': `got ${KEY}` }, pattern)).toEqual({
      Authorization: 'Bearer [redacted]',
      'x-session-api-key': '[redacted]',
      'x-echo': 'got [redacted]',
    });
    const headers = scrubHeaders(new Headers({ 'x-echo': encodeURIComponent(KEY), 'x-other': 'fine' }), pattern);
    expect([...headers.entries()]).toEqual([
      ['x-echo', '[redacted]'],
      ['x-other', 'fine'],
    ]);
  });
});
