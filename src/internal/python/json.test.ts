import { describe, expect, it } from 'vitest';
import { parseJsonSource } from './json';

function parse(text: string) {
  const result = parseJsonSource(text);
  if (!result.ok) throw new Error(`${result.error.message} at ${result.error.line}:${result.error.column}`);
  return result.source;
}

describe('parseJsonSource', () => {
  it('reads JSON and locates every key and value', () => {
    const source = parse('{\n  "name": "x",\n  "author": {\n    "name": "A", "extra": 1\n  },\n  "keywords": ["a", 2]\n}');
    expect(source.value).toEqual({ name: 'x', author: { name: 'A', extra: 1 }, keywords: ['a', 2] });
    expect(source.locate(['name'])).toEqual({ line: 2, column: 11 });
    expect(source.locate(['name'], 'key')).toEqual({ line: 2, column: 3 });
    expect(source.locate(['author', 'extra'], 'key')).toEqual({ line: 4, column: 18 });
    expect(source.locate(['keywords', 1])).toEqual({ line: 6, column: 21 });
    // A missing member points at its closest existing ancestor.
    expect(source.locate(['author', 'email'])).toEqual({ line: 3, column: 13 });
  });

  it("reads what Python's json.loads reads: NaN and Infinity, the last duplicate key", () => {
    const source = parse('{"a": NaN, "b": -Infinity, "a": [1.5e3, -0]}');
    expect(source.value).toEqual({ a: [1500, -0], b: Number.NEGATIVE_INFINITY });
    expect(source.duplicateKeys).toEqual([{ path: ['a'], at: { line: 1, column: 28 } }]);
  });

  it('keeps __proto__ as data, never as the prototype', () => {
    const value = parse('{"__proto__": {"polluted": true}}').value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['', 'Expecting value', 1, 1],
    ['{"a": 1,}', 'Expecting property name enclosed in double quotes', 1, 9],
    ['{"a" 1}', "Expecting ':' delimiter", 1, 6],
    ['[1 2]', "Expecting ',' delimiter", 1, 4],
    ['{"a": "x\ny"}', 'Invalid control character at', 1, 9],
    ['{"a": "\\q"}', 'Invalid \\escape', 1, 8],
    ['"abc', 'Unterminated string starting at', 1, 1],
    ['{}\n{}', 'Extra data', 2, 1],
    ['{"a": tru}', 'Expecting value', 1, 7],
  ])('refuses %j with "%s" at %i:%i', (text, message, line, column) => {
    expect(parseJsonSource(text)).toEqual({ ok: false, error: { message, line, column } });
  });

  it('refuses nesting deep enough to threaten the stack, without throwing', () => {
    const result = parseJsonSource(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(result.ok).toBe(false);
  });
});
